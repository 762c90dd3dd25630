import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import express, { type Response } from 'express'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { sendRaw } from '#tests/raw-http.ts'
import { DRAFT_PAGE_PATHS } from '#server/app.ts'
import { BODY_LIMIT_MESSAGES } from './body-limit.ts'
import { LARGE_BODY_BYTES, LARGE_REQUEST_MESSAGES, limitConcurrentLargeRequests, limitTrpcBodies, MAX_TRPC_BODY_BYTES } from './concurrent-large-requests.ts'

describe("the draft page's paths, which the app caps", () => {
	test('the page and its single-fetch twin, in any case, and nothing under it', () => {
		for (const path of ['/portal/drafts/0a1b', '/portal/drafts/0a1b/', '/portal/drafts/0a1b.data', '/PORTAL/Drafts/0a1b']) expect(DRAFT_PAGE_PATHS.test(path), path).toBe(true)
		for (const path of ['/portal/drafts', '/portal/drafts/', '/portal/drafts/0a1b/delete', '/portal/drafts/0a1b/export/pdf']) expect(DRAFT_PAGE_PATHS.test(path), path).toBe(false)
	})
})

describe('limitConcurrentLargeRequests', () => {
	let origin: { host: string; port: number }
	let server: ReturnType<express.Express['listen']>
	/** Requests let through, held open until a test answers them. */
	const held: Response[] = []
	/** Those whose connection closed before an answer. */
	const dropped = new Set<Response>()

	beforeAll(async () => {
		const app = express()
		// The session middleware's part: `X-User` stands in for a session cookie.
		app.use((req, res, next) => {
			const id = req.get('x-user')
			res.locals.session = id ? { user: { id } } : null
			next()
		})
		// In the app's order: the size check first, the per-user count after the session.
		app.use('/trpc', limitTrpcBodies(), limitConcurrentLargeRequests())
		// The draft page's form (server/app.ts): refusals as a sentence, signed-out visitors on to the route.
		app.use('/form', limitConcurrentLargeRequests({ shape: 'form' }))
		app.use((_req, res) => {
			held.push(res)
			res.once('close', () => !res.writableEnded && dropped.add(res))
		})
		server = app.listen(0, '127.0.0.1')
		await new Promise((resolve) => server.once('listening', resolve))
		origin = { host: '127.0.0.1', port: (server.address() as AddressInfo).port }
	})
	afterAll(() => {
		server.closeAllConnections()
		return new Promise((resolve) => server.close(resolve))
	})

	const large = (user: string | null) =>
		sendRaw(origin, ['POST /trpc/x HTTP/1.1', `Content-Length: ${LARGE_BODY_BYTES + 1}`, ...(user ? [`X-User: ${user}`] : [])])
	const heldCount = (count: number) => vi.waitFor(() => expect(held).toHaveLength(count))

	test('two large requests per user at once; a third is refused (429) until one finishes', async () => {
		const first = large('ada')
		const second = large('ada')
		await heldCount(2)

		const third = await large('ada')
		expect(third.status).toBe(429)
		expect(JSON.parse(third.body)).toMatchObject({ error: { message: LARGE_REQUEST_MESSAGES.tooMany, data: { code: 'TOO_MANY_REQUESTS' } } })

		// Another user, and small requests, are not held back.
		const other = large('grace')
		await heldCount(3)
		const small = sendRaw(origin, ['POST /trpc/x HTTP/1.1', `Content-Length: ${LARGE_BODY_BYTES}`, 'X-User: ada'])
		await heldCount(4)

		held[0]!.send('done')
		expect((await first).status).toBe(200)
		const again = large('ada')
		await heldCount(5)

		for (const res of held.slice(1)) res.send('done')
		await Promise.all([second, other, small, again])
	})

	test('a dropped connection frees its place', async () => {
		held.length = 0
		const abandoned = request({ ...origin, method: 'POST', path: '/trpc/x', headers: { 'Content-Length': LARGE_BODY_BYTES + 1, 'X-User': 'lin' } })
		abandoned.on('error', () => {})
		abandoned.flushHeaders()
		const kept = large('lin')
		await heldCount(2)
		abandoned.destroy()
		await vi.waitFor(() => expect(dropped.size).toBe(1))

		const next = large('lin')
		await heldCount(3)
		for (const res of held) if (!dropped.has(res)) res.send('done')
		await Promise.all([kept, next])
	})

	test('a signed-out visitor may not send a large body (401), without it being read', async () => {
		const answer = await large(null)
		expect(answer.status).toBe(401)
		expect(answer.headers.connection).toBe('close')
		expect(JSON.parse(answer.body)).toMatchObject({ error: { message: LARGE_REQUEST_MESSAGES.signedOut, data: { code: 'UNAUTHORIZED' } } })
	})

	test('a body over the limit (413), or without a declared length (411), is refused before it is read, whoever sends it', async () => {
		const heldBefore = held.length
		for (const user of ['over-limit', null]) {
			const answer = await sendRaw(origin, ['POST /trpc/x HTTP/1.1', `Content-Length: ${MAX_TRPC_BODY_BYTES + 1}`, ...(user ? [`X-User: ${user}`] : [])])
			expect(answer.status).toBe(413)
			expect(answer.headers.connection).toBe('close')
			expect(JSON.parse(answer.body)).toMatchObject({ error: { message: BODY_LIMIT_MESSAGES.tooLarge(MAX_TRPC_BODY_BYTES), data: { code: 'PAYLOAD_TOO_LARGE' } } })
			await answer.closed
		}
		const chunked = await sendRaw(origin, ['POST /trpc/x HTTP/1.1', 'Transfer-Encoding: chunked', 'X-User: chunked'], '2\r\n{}\r\n')
		expect(chunked.status).toBe(411)
		expect(JSON.parse(chunked.body)).toMatchObject({ error: { message: BODY_LIMIT_MESSAGES.lengthRequired } })
		expect(held).toHaveLength(heldBefore)
	})

	test("a page's form: a third large body at once is refused with a sentence (429), and a signed-out visitor goes on to the route", async () => {
		held.length = 0
		const form = (user: string | null) =>
			sendRaw(origin, ['POST /form/x HTTP/1.1', `Content-Length: ${LARGE_BODY_BYTES + 1}`, ...(user ? [`X-User: ${user}`] : [])])
		const first = form('mae')
		const second = form('mae')
		await heldCount(2)
		const third = await form('mae')
		expect(third.status).toBe(429)
		expect(third.body).toBe(LARGE_REQUEST_MESSAGES.tooMany)
		// The route sends a signed-out visitor to sign in without reading the body.
		const signedOut = form(null)
		await heldCount(3)
		for (const res of held) res.send('done')
		await Promise.all([first, second, signedOut])
	})
})
