import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MAX_FILE_BYTES as MAX_CONTEXT_FILE_BYTES, MAX_FILES as MAX_CONTEXT_FILES } from '#server/domain/context/context.schema.ts'
import { ANSWER_FIELD_MAX_CHARS, ANSWER_MAX_CHARS } from '#server/domain/drafting/drafting.schema.ts'
import { MAX_CV_BYTES, MAX_IMAGE_BYTES, MAX_IMAGES } from '#server/domain/profiles/choices.ts'
import { sendRaw } from '#tests/raw-http.ts'
import {
	ADMIN_FORM_LIMIT,
	BODY_LIMIT_MESSAGES,
	bodyLimitFor,
	bodyLimits,
	CONTEXT_FORM_LIMIT,
	CONTEXT_UPLOAD_LIMIT,
	drainUnreadBodies,
	DEFAULT_BODY_LIMIT,
	ignoreRequestsOnClosingConnections,
	DRAFT_FORM_LIMIT,
	LINGER,
	PROFILE_FORM_LIMIT,
	PROFILE_INGEST_LIMIT,
	PROFILE_UPLOAD_LIMIT,
	WEBHOOK_BODY_LIMIT,
} from './body-limit.ts'

const KiB = 1024
const MiB = 1024 * KiB

describe('bodyLimitFor', () => {
	test.each([
		['/signin', DEFAULT_BODY_LIMIT],
		['/setup', DEFAULT_BODY_LIMIT],
		['/forgot-password', DEFAULT_BODY_LIMIT],
		['/portal/preferences', DEFAULT_BODY_LIMIT],
		['/portal/calendar', DEFAULT_BODY_LIMIT],
		['/_root.data', DEFAULT_BODY_LIMIT],
		['/', DEFAULT_BODY_LIMIT],
		['/portal/profile', PROFILE_UPLOAD_LIMIT],
		['/portal/profile/', PROFILE_UPLOAD_LIMIT],
		['/portal/profile.data', PROFILE_UPLOAD_LIMIT],
		['/Portal/Profile', PROFILE_UPLOAD_LIMIT],
		['/onboarding', PROFILE_UPLOAD_LIMIT],
		['/onboarding.data', PROFILE_UPLOAD_LIMIT],
		['/portal/opportunities/0a1b/context/artist-statement', CONTEXT_UPLOAD_LIMIT],
		['/portal/opportunities/0a1b/context/artist-statement.data', CONTEXT_UPLOAD_LIMIT],
		['/portal/opportunities/0a1b/context/artist-statement/save', CONTEXT_UPLOAD_LIMIT],
		['/portal/drafts/0a1b', DRAFT_FORM_LIMIT],
		['/portal/drafts/0a1b.data', DRAFT_FORM_LIMIT],
		['/api/profile/ingest', PROFILE_INGEST_LIMIT],
		['/admin', ADMIN_FORM_LIMIT],
		['/admin.data', ADMIN_FORM_LIMIT],
		['/admin/opportunities/new', ADMIN_FORM_LIMIT],
		['/admin/users/0a1b', ADMIN_FORM_LIMIT],
		['/webhooks/stripe', WEBHOOK_BODY_LIMIT],
	])('%s accepts a multipart body of %i bytes', (path, limit) => {
		expect(bodyLimitFor(path, { multipart: true })).toBe(limit)
	})

	test.each([
		['/signin', DEFAULT_BODY_LIMIT],
		['/portal/profile', PROFILE_FORM_LIMIT],
		['/onboarding.data', PROFILE_FORM_LIMIT],
		['/portal/opportunities/0a1b/context/artist-statement', CONTEXT_FORM_LIMIT],
		['/portal/opportunities/0a1b/context/artist-statement/save', CONTEXT_FORM_LIMIT],
		['/portal/drafts/0a1b', DRAFT_FORM_LIMIT],
		['/api/profile/ingest', PROFILE_INGEST_LIMIT],
		['/admin/opportunities/new', ADMIN_FORM_LIMIT],
		['/webhooks/stripe', WEBHOOK_BODY_LIMIT],
	])('%s accepts any other body (read whole) of %i bytes', (path, limit) => {
		expect(bodyLimitFor(path, { multipart: false })).toBe(limit)
	})

	test.each([
		// Near an upload route but not it: the small default, never a larger limit.
		'/portal/profile/other',
		'/portal/profiles',
		'/onboarding/step',
		'/portal/opportunities/0a1b',
		'/portal/opportunities/0a1b/save',
		'/portal/opportunities/0a1b/context/slug/other',
		'/portal/drafts',
		'/portal/drafts/0a1b/delete',
		'/administrator',
		'/x/admin/users',
		'/api/profile/ingest/more',
	])('%s gets the small default', (path) => {
		expect(bodyLimitFor(path, { multipart: true })).toBe(DEFAULT_BODY_LIMIT)
	})

	test("each limit is the domain's size plus a small allowance", () => {
		expect(DEFAULT_BODY_LIMIT).toBe(64 * KiB)
		expect(PROFILE_INGEST_LIMIT).toBe(64 * KiB)
		expect(ADMIN_FORM_LIMIT).toBe(MiB)
		// A CV and a full set of images in one post.
		const profileFiles = MAX_CV_BYTES + MAX_IMAGES * MAX_IMAGE_BYTES
		expect(PROFILE_UPLOAD_LIMIT).toBeGreaterThan(profileFiles)
		expect(PROFILE_UPLOAD_LIMIT).toBeLessThanOrEqual(profileFiles + 256 * KiB)
		const contextFiles = MAX_CONTEXT_FILES * MAX_CONTEXT_FILE_BYTES
		expect(CONTEXT_UPLOAD_LIMIT).toBeGreaterThan(contextFiles)
		expect(CONTEXT_UPLOAD_LIMIT).toBeLessThanOrEqual(contextFiles + 256 * KiB)
		// The draft page's one form: every answer's field, each a share of it (answer-form.test.ts), and
		// on a page of ordinary length the longest field (twice what is saved, so an answer a little too
		// long is refused with its reason) in every answer, as multipart at its worst (3 bytes a unit).
		expect(DRAFT_FORM_LIMIT).toBe(8 * MiB)
		expect(DRAFT_FORM_LIMIT).toBeGreaterThan(27 * ANSWER_FIELD_MAX_CHARS * 3)
		expect(ANSWER_FIELD_MAX_CHARS).toBe(2 * ANSWER_MAX_CHARS)
		// Forms without files: the onboarding's links and website (2,048 characters each) form-encoded at their worst.
		expect(PROFILE_FORM_LIMIT).toBeGreaterThan(4 * 2048 * 9)
		expect(PROFILE_FORM_LIMIT).toBeLessThanOrEqual(256 * KiB)
		expect(CONTEXT_FORM_LIMIT).toBeGreaterThan(2000 * 9)
		expect(CONTEXT_FORM_LIMIT).toBeLessThanOrEqual(128 * KiB)
	})
})

describe('bodyLimits', () => {
	let origin: { host: string; port: number }
	let server: ReturnType<express.Express['listen']>
	let reached = 0

	beforeAll(async () => {
		const app = express()
		// In the app's order.
		app.use(ignoreRequestsOnClosingConnections())
		app.use(drainUnreadBodies())
		app.use(bodyLimits())
		// Answers without reading the body: a request that gets here was let through.
		app.use((_req, res) => {
			reached++
			res.type('text/plain').send('through')
		})
		server = app.listen(0, '127.0.0.1')
		await new Promise((resolve) => server.once('listening', resolve))
		origin = { host: '127.0.0.1', port: (server.address() as AddressInfo).port }
	})
	afterAll(() => new Promise((resolve) => server.close(resolve)))

	test('refuses a declared length over the limit before the body comes, and closes the connection', async () => {
		const before = reached
		const answer = await sendRaw(origin, ['POST /signin HTTP/1.1', `Content-Length: ${70 * MiB}`, 'Content-Type: application/x-www-form-urlencoded'])
		expect(answer.status).toBe(413)
		expect(answer.headers.connection).toBe('close')
		expect(answer.body).toBe(BODY_LIMIT_MESSAGES.tooLarge(DEFAULT_BODY_LIMIT))
		await answer.closed
		expect(reached).toBe(before)
	})

	test('a client still uploading, that reads its answer late, still gets the 413 (the server lingers before closing)', async () => {
		// Closing a socket with unread bytes makes the kernel send a reset, and a reset discards the
		// answer from the client's receive queue if the client has not read it yet: "connection reset"
		// instead of the sentence. This client sends 8 MiB the server never reads and waits before reading.
		const answer = await new Promise<string>((resolve) => {
			const socket = net.connect(origin)
			let received = ''
			let failed = ''
			// A reset fails this side's writes (EPIPE) and throws away what it had not read.
			socket.on('error', (error: NodeJS.ErrnoException) => (failed = `error ${error.code}`))
			socket.on('data', (chunk) => (received += chunk.toString('latin1')))
			socket.on('close', () => resolve(received || failed))
			socket.once('connect', () => {
				socket.pause()
				socket.write(`POST /signin HTTP/1.1\r\nHost: x\r\nContent-Length: ${500 * MiB}\r\n\r\n`)
				socket.write(Buffer.alloc(8 * MiB, 'a'))
				setTimeout(() => socket.resume(), 300)
			})
		})
		expect(answer).toMatch(/^HTTP\/1\.1 413 /)
		expect(answer).toContain(BODY_LIMIT_MESSAGES.tooLarge(DEFAULT_BODY_LIMIT))
	})

	test('a client that keeps sending after its 413 is cut off after a bounded linger', async () => {
		const sent = await new Promise<number>((resolve) => {
			// Half-open allowed: this client keeps sending after the server's FIN.
			const socket = net.connect({ ...origin, allowHalfOpen: true })
			const chunk = Buffer.alloc(MiB, 'a')
			let bytes = 0
			socket.on('error', () => undefined)
			socket.on('close', () => resolve(bytes))
			socket.resume()
			const pump = () => {
				while (!socket.destroyed && bytes < 500 * MiB) {
					bytes += chunk.length
					if (!socket.write(chunk)) return void socket.once('drain', pump)
				}
			}
			socket.once('connect', () => {
				socket.write(`POST /signin HTTP/1.1\r\nHost: x\r\nContent-Length: ${500 * MiB}\r\n\r\n`)
				pump()
			})
		})
		// What the server read while lingering, plus what the kernels' buffers held.
		expect(sent).toBeLessThan(LINGER.bytes + 32 * MiB)
	})

	test('a client that sends slowly after its 413 is cut off once the linger is over', async () => {
		const started = Date.now()
		await new Promise<void>((resolve) => {
			const socket = net.connect({ ...origin, allowHalfOpen: true })
			socket.on('error', () => undefined)
			socket.on('close', () => {
				clearInterval(drip)
				resolve()
			})
			socket.resume()
			socket.write(`POST /signin HTTP/1.1\r\nHost: x\r\nContent-Length: ${500 * MiB}\r\n\r\n`)
			const drip = setInterval(() => socket.write(Buffer.alloc(KiB, 'a')), 100)
		})
		expect(Date.now() - started).toBeLessThan(LINGER.ms + 1_500)
	})

	test('a request pipelined behind a refused one is not served', async () => {
		const before = reached
		// Over the limit by more than is drained, so refused with a lingering close; short enough to
		// be read to its end while the connection lingers, so the next request is parsed.
		const refusedBytes = DEFAULT_BODY_LIMIT + 5 * MiB
		const answer = await new Promise<string>((resolve) => {
			// Not half-open: this side ends when the server does, after everything below is sent.
			const socket = net.connect(origin)
			let received = ''
			socket.on('error', () => undefined)
			socket.on('data', (chunk) => (received += chunk.toString('latin1')))
			socket.on('close', () => resolve(received))
			socket.write(`POST /signin HTTP/1.1\r\nHost: x\r\nContent-Length: ${refusedBytes}\r\n\r\n`)
			socket.write(Buffer.alloc(refusedBytes, 'a'))
			socket.write('POST /portal/profile HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n')
		})
		expect(answer.match(/HTTP\/1\.1 /g)).toEqual(['HTTP/1.1 '])
		expect(answer).toMatch(/^HTTP\/1\.1 413 /)
		// The server may still be reading what this side sent: wait until it has closed its side too.
		await expect.poll(() => new Promise((resolve) => server.getConnections((_error, count) => resolve(count)))).toBe(0)
		expect(reached).toBe(before)
	})

	test("judges a body by its route's limit, the large one for multipart only", async () => {
		const multipart = 'Content-Type: multipart/form-data; boundary=x'
		const atLimit = await sendRaw(origin, ['POST /portal/profile HTTP/1.1', multipart, `Content-Length: ${PROFILE_UPLOAD_LIMIT}`])
		expect(atLimit.status).toBe(200)
		const over = await sendRaw(origin, ['POST /portal/profile HTTP/1.1', multipart, `Content-Length: ${PROFILE_UPLOAD_LIMIT + 1}`])
		expect(over.status).toBe(413)
		// The same route's form without files is read whole: it gets the form's limit.
		for (const type of ['Content-Type: application/x-www-form-urlencoded', 'Content-Type: text/plain', 'Content-Type: multipart/mixed; boundary=x']) {
			const formOver = await sendRaw(origin, ['POST /portal/profile HTTP/1.1', type, `Content-Length: ${PROFILE_FORM_LIMIT + 1}`])
			expect(formOver.status, type).toBe(413)
			expect(formOver.body).toBe(BODY_LIMIT_MESSAGES.tooLarge(PROFILE_FORM_LIMIT))
		}
		const formAtLimit = await sendRaw(origin, ['POST /portal/profile HTTP/1.1', 'Content-Type: application/x-www-form-urlencoded', `Content-Length: ${PROFILE_FORM_LIMIT}`])
		expect(formAtLimit.status).toBe(200)
		const small = await sendRaw(origin, ['POST /signin HTTP/1.1', `Content-Length: ${DEFAULT_BODY_LIMIT}`], 'x'.repeat(DEFAULT_BODY_LIMIT))
		expect(small.status).toBe(200)
	})

	test('answers JSON to a client that asks for it', async () => {
		const answer = await sendRaw(origin, ['POST /signin HTTP/1.1', `Content-Length: ${MiB}`, 'Accept: application/json'])
		expect(answer.status).toBe(413)
		expect(JSON.parse(answer.body)).toEqual({ error: BODY_LIMIT_MESSAGES.tooLarge(DEFAULT_BODY_LIMIT) })
	})

	test('refuses a body without a length (411), and lets a request without a body through', async () => {
		const chunked = await sendRaw(origin, ['POST /signin HTTP/1.1', 'Transfer-Encoding: chunked'], '5\r\nhello\r\n')
		expect(chunked.status).toBe(411)
		expect(chunked.body).toBe(BODY_LIMIT_MESSAGES.lengthRequired)
		const empty = await sendRaw(origin, ['POST /signin HTTP/1.1'])
		expect(empty.status).toBe(200)
	})
})

describe('drainUnreadBodies', () => {
	test('a body answered before any size check, larger than any route takes or without a length, is not read: the connection closes after the answer', async () => {
		const app = express()
		app.use(ignoreRequestsOnClosingConnections())
		app.use(drainUnreadBodies())
		// As a kept page or a refused address does: answered at once, the body never looked at.
		app.use((_req, res) => void res.type('text/plain').send('answered'))
		const server = app.listen(0, '127.0.0.1')
		await new Promise((resolve) => server.once('listening', resolve))
		const target = { host: '127.0.0.1', port: (server.address() as AddressInfo).port }
		try {
			for (const chunked of [false, true]) {
				// A client that keeps sending: the server must stop reading and hang up, not take it all.
				const { answer, sent } = await new Promise<{ answer: string; sent: number }>((resolve) => {
					const socket = net.connect(target)
					let answer = ''
					let sent = 0
					const piece = Buffer.alloc(MiB, 'x')
					const frame = chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece
					const done = () => resolve({ answer, sent })
					socket.on('data', (chunk) => (answer += chunk.toString('latin1')))
					socket.on('error', done)
					socket.once('close', done)
					socket.write(`POST / HTTP/1.1\r\nHost: x\r\n${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${1024 * MiB}`}\r\n\r\n`)
					const pump = () => {
						while (sent < 1024 * MiB && !socket.destroyed) {
							sent += piece.length
							if (!socket.write(frame)) return void socket.once('drain', pump)
						}
						socket.end()
					}
					pump()
				})
				expect(answer, `chunked: ${chunked}`).toMatch(/^HTTP\/1\.1 200 [\s\S]*\r\n\r\nanswered/)
				// Read and thrown away for a short linger at most (LINGER), far from the gigabyte announced.
				expect(sent).toBeLessThan(LINGER.bytes + 64 * MiB)
			}
		} finally {
			server.closeAllConnections()
			await new Promise((resolve) => server.close(resolve))
		}
	})

	test('a request answered before its body was read leaves its kept-alive connection usable', async () => {
		const app = express()
		app.use(drainUnreadBodies())
		// As Remix does when an action throws a redirect before reading its form: the body is taken
		// up by a reader (here: the first chunk only) and the answer goes out.
		app.use((req, res) => {
			req.once('data', () => req.pause())
			res.redirect(302, '/signin')
		})
		const server = app.listen(0, '127.0.0.1')
		await new Promise((resolve) => server.once('listening', resolve))
		const { port } = server.address() as AddressInfo
		const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
		const post = (body: string) =>
			new Promise<string>((resolve) => {
				const req = http.request({ host: '127.0.0.1', port, path: '/onboarding', method: 'POST', agent, headers: { 'Content-Length': Buffer.byteLength(body) } }, (res) => {
					res.resume()
					res.on('end', () => resolve(String(res.statusCode)))
				})
				req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
				req.end(body)
			})
		try {
			expect(await post('x'.repeat(2 * MiB))).toBe('302')
			expect(await post('intent=next')).toBe('302')
			expect(await post('intent=next')).toBe('302')
		} finally {
			agent.destroy()
			await new Promise((resolve) => server.close(resolve))
		}
	})
})
