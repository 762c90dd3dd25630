import assert from 'node:assert/strict'
import { connect } from 'node:net'
import { after, before, describe, test } from 'node:test'
import autocannon from 'autocannon'
import { startFakeAnthropic } from '../fakes/anthropic-server.ts'
import { flateBombPdf } from '../fixtures/files.ts'
import {
	artistWithSession,
	opportunityWithQuestions,
	percentile,
	probeHealth,
	productionServer,
	startDatabase,
	waitFor,
	withDb,
} from './harness.ts'

/*
 * `npm run test:resilience`: the production build under the attacks and accidents of issue 12,
 * each asserting that the server stays up and answers. Speed is not measured here (that is
 * `npm run bench`); only that the health check keeps answering while the server is under fire.
 */

const PORT = 3297
const BASE = `http://localhost:${PORT}`
const MB = 1024 * 1024

let database: Awaited<ReturnType<typeof startDatabase>>
let model: Awaited<ReturnType<typeof startFakeAnthropic>>
let app: ReturnType<typeof productionServer>

before(async () => {
	database = await startDatabase('main', 23460)
	model = await startFakeAnthropic({ latencyMs: 1_500 })
	app = productionServer(PORT, 'main', {
		DATABASE_URL: database.url,
		ANTHROPIC_API_KEY: 'resilience-key',
		ANTHROPIC_BASE_URL: model.url,
		// The container limit the issue was measured under, as a heap cap: the server must not need more.
		NODE_OPTIONS: '--max-old-space-size=512',
	})
	await app.start()
})

after(async () => {
	await app?.server.stop()
	await model?.close()
	await database?.remove()
})

/**
 * Promises `claimedBytes` of form body and keeps sending it, 1 MiB at a time, over a raw socket
 * until the server answers or hangs up; resolves with the answer's status (read from the socket,
 * so a server that answers and closes mid-upload still counts as having answered).
 */
function flood(path: string, claimedBytes: number): Promise<{ status: number | null; sentMb: number }> {
	return new Promise((resolve) => {
		let sent = 0
		let answer = ''
		let settled = false
		const socket = connect({ host: '127.0.0.1', port: PORT })
		const done = () => {
			if (settled) return
			settled = true
			socket.destroy()
			const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]
			resolve({ status: status ? Number(status) : null, sentMb: Math.round(sent / MB) })
		}
		socket.on('data', (chunk) => {
			answer += chunk.toString('latin1')
			if (answer.includes('\r\n')) done()
		})
		socket.on('close', done)
		socket.on('error', () => undefined)
		const chunk = Buffer.alloc(MB, 'a')
		const pump = () => {
			while (!settled && sent < claimedBytes) {
				sent += chunk.length
				if (!socket.write(chunk)) return void socket.once('drain', pump)
			}
		}
		socket.once('connect', () => {
			socket.write(
				[`POST ${path} HTTP/1.1`, `Host: localhost:${PORT}`, 'Content-Type: application/x-www-form-urlencoded', `Content-Length: ${claimedBytes}`, `Origin: ${BASE}`].join('\r\n') +
					'\r\n\r\n',
			)
			pump()
		})
	})
}

describe('the production server under fire', () => {
	test('a PDF bomb uploaded as a CV does not take it down, and the profile says the CV could not be read', { timeout: 120_000 }, async () => {
		const artist = await artistWithSession(database.url)
		const form = new FormData()
		form.set('intent', 'upload')
		form.set('cv', new Blob([new Uint8Array(flateBombPdf())], { type: 'application/pdf' }), 'cv.pdf')
		const { latencies } = await probeHealth(BASE, async () => {
			const response = await fetch(`${BASE}/portal/profile`, { method: 'POST', body: form, headers: { Cookie: artist.cookie, Origin: BASE }, redirect: 'manual' })
			assert.ok(response.status < 500, `upload answered ${response.status}`)
			await waitFor(
				async () => withDb(database.url, async (client) => Boolean((await client.query('SELECT cv_read_error FROM profiles WHERE user_id = $1', [artist.id])).rows[0]?.cv_read_error)),
				{ timeoutMs: 60_000, what: 'the ingest to give up on the CV' },
			)
		})
		assert.ok(app.alive(), 'the server is still running')
		assert.ok(percentile(latencies, 0.95) < 100, `/healthz p95 ${percentile(latencies, 0.95).toFixed(1)} ms while the bomb was read`)
		assert.ok(Math.max(...latencies) < 1_000, `/healthz never took a second (max ${Math.max(...latencies).toFixed(1)} ms)`)
		const page = await fetch(`${BASE}/portal/profile`, { headers: { Cookie: artist.cookie } })
		assert.match(await page.text(), /We could not read your CV/)
	})

	test('three 500 MB form posts are refused at once (413) and the server stays small', { timeout: 60_000 }, async () => {
		const before = app.rssMb()
		const { result, latencies } = await probeHealth(BASE, () => Promise.all([flood('/signin', 500 * MB), flood('/signin', 500 * MB), flood('/portal/profile', 500 * MB)]))
		for (const answer of result) assert.equal(answer.status, 413, `answered ${answer.status} after ${answer.sentMb} MB`)
		assert.ok(app.alive())
		assert.ok(app.rssMb() - before < 100, `memory grew from ${before.toFixed(0)} to ${app.rssMb().toFixed(0)} MB`)
		assert.ok(percentile(latencies, 0.95) < 100, `/healthz p95 ${percentile(latencies, 0.95).toFixed(1)} ms during the floods`)
	})

	test('200 connections for 60 s over pages and autosaves: no errors', { timeout: 180_000 }, async () => {
		const artist = await artistWithSession(database.url, { plan: 'pro' })
		const opportunityId = await opportunityWithQuestions(database.url, 3)
		const generated = await fetch(`${BASE}/trpc/drafts.generate`, {
			method: 'POST',
			headers: { Cookie: artist.cookie, Origin: BASE, 'Content-Type': 'application/json' },
			body: JSON.stringify({ opportunityId }),
		})
		const { draftId } = ((await generated.json()) as { result: { data: { draftId: string } } }).result.data
		await waitFor(async () => withDb(database.url, async (client) => (await client.query('SELECT status FROM drafts WHERE id = $1', [draftId])).rows[0]?.status === 'draft'), {
			what: 'the draft to be written',
		})
		const answerId = await withDb(database.url, async (client) => (await client.query<{ id: string }>('SELECT id FROM draft_answers WHERE draft_id = $1 LIMIT 1', [draftId])).rows[0]!.id)
		let revision = Date.now()
		const signedIn = { Cookie: artist.cookie }
		const result = await autocannon({
			url: BASE,
			connections: 200,
			duration: 60,
			timeout: 30,
			requests: [
				{ method: 'GET', path: '/' },
				{ method: 'GET', path: '/pricing' },
				{ method: 'GET', path: '/portal/feed', headers: signedIn },
				{ method: 'GET', path: `/portal/drafts/${draftId}`, headers: signedIn },
				{
					method: 'POST',
					path: '/trpc/drafts.saveAnswer',
					headers: { ...signedIn, Origin: BASE, 'Content-Type': 'application/json' },
					setupRequest: (req) => ({ ...req, body: JSON.stringify({ answerId, userEdit: `Edited under load ${revision}`, revision: ++revision }) }),
				},
			],
		})
		assert.equal(result.errors, 0, `${result.errors} errors (${result.timeouts} timeouts)`)
		assert.equal(result.non2xx, 0, `${result.non2xx} answers were not 2xx`)
		assert.ok(result.requests.total > 0)
		console.log(`load: ${result.requests.total} requests, ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`)
	})

	test('the database stopped and started under it: 503 from /readyz meanwhile, recovery without a restart', { timeout: 90_000 }, async () => {
		const artist = await artistWithSession(database.url)
		await database.stop()
		await waitFor(async () => (await fetch(`${BASE}/readyz`)).status === 503, { what: '/readyz to say 503' })
		assert.equal((await fetch(`${BASE}/healthz`)).status, 200)
		await database.start()
		await waitFor(async () => (await fetch(`${BASE}/readyz`)).status === 200, { timeoutMs: 30_000, what: '/readyz to recover' })
		await waitFor(async () => (await fetch(`${BASE}/portal/feed`, { headers: { Cookie: artist.cookie } })).status === 200, { what: 'pages to work again' })
		assert.ok(app.alive())
	})

	test('killed (SIGKILL) while drafts are being written and started again: every draft completes, credits exact', { timeout: 150_000 }, async () => {
		const artists = await Promise.all(Array.from({ length: 4 }, () => artistWithSession(database.url, { credits: 1 })))
		const opportunityId = await opportunityWithQuestions(database.url, 6)
		for (const artist of artists) {
			const response = await fetch(`${BASE}/trpc/drafts.generate`, {
				method: 'POST',
				headers: { Cookie: artist.cookie, Origin: BASE, 'Content-Type': 'application/json' },
				body: JSON.stringify({ opportunityId }),
			})
			assert.equal(response.status, 200)
		}
		await new Promise((resolve) => setTimeout(resolve, 800))
		await app.server.stop('SIGKILL')
		await app.start()

		const ids = artists.map((artist) => artist.id)
		await waitFor(
			async () =>
				withDb(database.url, async (client) => {
					const { rows } = await client.query<{ pending: number }>(
						`SELECT count(*)::int AS pending FROM drafts d WHERE d.user_id = ANY($1::uuid[]) AND d.status = 'generating'`,
						[ids],
					)
					return rows[0]!.pending === 0
				}),
			{ timeoutMs: 120_000, what: 'every draft to complete after the restart' },
		)
		await withDb(database.url, async (client) => {
			const drafts = await client.query<{ status: string; written: number }>(
				`SELECT d.status, count(a.*) FILTER (WHERE a.status = 'written')::int AS written
				 FROM drafts d JOIN draft_answers a ON a.draft_id = d.id WHERE d.user_id = ANY($1::uuid[]) GROUP BY d.id`,
				[ids],
			)
			assert.equal(drafts.rows.length, 4)
			for (const draft of drafts.rows) assert.deepEqual(draft, { status: 'draft', written: 6 })
			const credits = await client.query<{ credits_remaining: number; ledger: number }>(
				`SELECT p.credits_remaining, (SELECT count(*)::int FROM credit_ledger l WHERE l.user_id = p.user_id) AS ledger FROM profiles p WHERE p.user_id = ANY($1::uuid[])`,
				[ids],
			)
			for (const row of credits.rows) assert.deepEqual(row, { credits_remaining: 0, ledger: 1 })
		})
	})
})
