// npm run bench: throughput and latency of the production server on this
// machine, measured against a server of its own on loopback. Figures are
// noisy; compare them only as ratios taken in one run (ENVIRONMENT.md).
import { spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, rmSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { startFakeAnthropic } from '../tests/fakes/anthropic-server.ts'

const root = path.resolve(import.meta.dirname, '..')
const port = 3290
const base = `http://localhost:${port}`
const dataDir = path.join(root, 'data', 'bench')
const REQUESTS = 2_000
const CONCURRENCY = 20

if (!existsSync(path.join(root, 'server-build', 'index.js'))) {
	console.error('Build first: npm run build')
	process.exit(1)
}

// The model answers every request after exactly one second, so drafting time reads as a ratio to it.
const MODEL_LATENCY_MS = 1_000
const fakeModel = await startFakeAnthropic({ latencyMs: MODEL_LATENCY_MS })

rmSync(dataDir, { recursive: true, force: true })
const server = spawn(process.execPath, [path.join(root, 'server-build/index.js')], {
	cwd: root,
	stdio: 'ignore',
	env: {
		...process.env,
		NODE_ENV: 'production',
		PORT: String(port),
		APP_URL: base,
		DATA_DIR: dataDir,
		DATABASE_URL: '',
		EMBEDDED_DATABASE_PORT: String(port + 51300),
		SESSION_SECRET: 'bench-secret-that-is-long-enough-0123456789',
		LOG_LEVEL: 'warn',
		ANTHROPIC_API_KEY: 'bench-key',
		ANTHROPIC_BASE_URL: fakeModel.url,
	},
})

async function waitUntilReady() {
	const deadline = Date.now() + 90_000
	while (Date.now() < deadline) {
		if (await fetch(`${base}/readyz`).then((r) => r.ok, () => false)) return
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	throw new Error('server did not become ready')
}

type MeasureOptions = { requests?: number; headers?: Record<string, string>; method?: 'GET' | 'POST'; body?: () => string }

async function measure(pathname: string, { requests = REQUESTS, headers = {}, method = 'GET', body }: MeasureOptions = {}) {
	const init = () => ({ method, headers, body: body?.(), redirect: 'manual' as const })
	// Warm up caches and the JIT before measuring.
	for (let i = 0; i < 50; i++) await (await fetch(base + pathname, init())).arrayBuffer()
	const latencies: number[] = []
	let next = 0
	const started = performance.now()
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			while (next < requests) {
				next += 1
				const t0 = performance.now()
				const response = await fetch(base + pathname, init())
				await response.arrayBuffer()
				if (!response.ok) throw new Error(`${pathname} answered ${response.status}`)
				latencies.push(performance.now() - t0)
			}
		}),
	)
	const seconds = (performance.now() - started) / 1000
	latencies.sort((a, b) => a - b)
	const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1)
	return { path: pathname, 'req/s': Math.round(latencies.length / seconds), 'p50 ms': at(0.5), 'p95 ms': at(0.95) }
}

/** An onboarded artist and a session cookie for them, written straight to the bench database. */
async function signedInArtist(db: pg.Client) {
	const { rows } = await db.query<{ id: string }>(
		`INSERT INTO users (email, email_verified_at, updated_at) VALUES ('bench@example.test', now(), now()) RETURNING id`,
	)
	const id = rows[0]!.id
	await db.query(
		`INSERT INTO profiles (user_id, full_name, city, country, mediums, interests, onboarding_completed, updated_at)
		 VALUES ($1, 'Bench Artist', 'Lisbon', 'Portugal', ARRAY['Painting', 'Video'], ARRAY['grants', 'residencies'], true, now())`,
		[id],
	)
	const token = randomBytes(24).toString('base64url')
	await db.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
		createHash('sha256').update(token).digest('hex'),
		id,
	])
	return { Cookie: `cb_session=${token}` }
}

/** An opportunity with `count` long-text questions of 300 words at most. */
async function opportunityWithQuestions(db: pg.Client, count: number) {
	const { rows } = await db.query<{ id: string }>(
		`INSERT INTO opportunities (title, organization, url, category, deadline, description, slug)
		 VALUES ('Bench Residency', 'Bench Foundation', 'https://example.org/bench', 'residency', current_date + 60, 'A residency for the benchmark.', 'bench-residency')
		 RETURNING id`,
	)
	const id = rows[0]!.id
	await db.query(
		`INSERT INTO opportunity_questions (opportunity_id, label, slug, type, limit_type, limit_value, order_index, prompt, idx, updated_at)
		 SELECT $1, 'Question ' || n, 'question-' || n, 'long_text', 'words', 300, n, 'Question ' || n, n, now() FROM generate_series(1, $2) AS n`,
		[id, count],
	)
	return id
}

/** A tRPC mutation as the browser sends it (one call, JSON input), from the app's own origin. */
function trpcPost(procedure: string, headers: Record<string, string>, input: unknown) {
	return fetch(`${base}/trpc/${procedure}`, {
		method: 'POST',
		headers: { ...headers, 'Content-Type': 'application/json', Origin: base },
		body: JSON.stringify(input),
	})
}

/**
 * Seconds from pressing Generate to a written 10-question draft, with the model answering each
 * request after exactly one second: written one after another it would take 10, side by side 1.
 */
async function measureDrafting(db: pg.Client, headers: Record<string, string>, runs = 3) {
	const opportunityId = await opportunityWithQuestions(db, 10)
	const times: number[] = []
	let draftId = ''
	for (let run = 0; run < runs; run++) {
		const started = performance.now()
		const response = await trpcPost('drafts.generate', headers, { opportunityId })
		if (!response.ok) throw new Error(`generate answered ${response.status}: ${await response.text()}`)
		draftId = ((await response.json()) as { result: { data: { draftId: string } } }).result.data.draftId
		for (;;) {
			const { rows } = await db.query<{ status: string }>('SELECT status FROM drafts WHERE id = $1', [draftId])
			if (rows[0]?.status !== 'generating') break
			await new Promise((resolve) => setTimeout(resolve, 20))
		}
		times.push((performance.now() - started) / 1000)
	}
	times.sort((a, b) => a - b)
	const median = times[Math.floor(times.length / 2)]!
	return { draftId, row: { questions: 10, 'model latency s': MODEL_LATENCY_MS / 1000, 'median s': median.toFixed(2), 'ratio to 1 s': (median / (MODEL_LATENCY_MS / 1000)).toFixed(2), runs } }
}

/** 100,000 open opportunities beside the demo data, as the feed's scale target. */
async function growCatalogue(db: pg.Client) {
	await db.query(`
		INSERT INTO opportunities (title, url, category, location, deadline, tags, slug)
		SELECT 'Bench call ' || n, 'https://example.org/' || n,
		       (ARRAY['grant', 'residency', 'open_call']::category[])[1 + n % 3], 'City ' || (n % 300),
		       current_date + (n % 1000),
		       ARRAY['tag' || (n % 500), (ARRAY['painting', 'video', 'sculpture', 'ceramics'])[1 + n % 4],
		             (ARRAY['grants', 'residencies', 'exhibitions'])[1 + n % 3]],
		       'bench-call-' || n
		FROM generate_series(1, 100000) AS n`)
	await db.query('VACUUM ANALYZE opportunities')
}

const FEED_PATHS = ['/portal/feed', '/portal/feed?sort=match', '/portal/feed?medium=painting&type=residencies']
const FEED_REQUESTS = 400

try {
	await waitUntilReady()
	const rows = []
	for (const pathname of ['/healthz', '/readyz', '/', '/pricing']) rows.push(await measure(pathname))
	console.log(`${REQUESTS} requests per path, ${CONCURRENCY} at a time, production build, embedded PostgreSQL`)
	console.table(rows)

	const db = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${port + 51300}/callboard` })
	await db.connect()
	try {
		const headers = await signedInArtist(db)
		// Pro, so every run drafts without a credit.
		await db.query(`UPDATE profiles SET plan = 'pro' WHERE full_name = 'Bench Artist'`)
		const drafting = await measureDrafting(db, headers)
		console.log('Drafting against a fake model with a fixed latency (the answers of a draft are written side by side)')
		console.table([drafting.row])
		const { rows: answers } = await db.query<{ id: string }>('SELECT id FROM draft_answers WHERE draft_id = $1 ORDER BY idx LIMIT 1', [drafting.draftId])
		let revision = Date.now()
		const autosave = await measure('/trpc/drafts.saveAnswer', {
			method: 'POST',
			headers: { ...headers, 'Content-Type': 'application/json', Origin: base },
			body: () => JSON.stringify({ answerId: answers[0]!.id, userEdit: `An edited answer, revision ${++revision}.`, revision }),
		})
		console.log(`Autosave (draft-answers/{answerId} over tRPC): ${REQUESTS} saves, ${CONCURRENCY} at a time`)
		console.table([autosave])

		const { rows: counted } = await db.query<{ open: number }>(
			'SELECT count(*)::int AS open FROM opportunities WHERE active AND deadline >= current_date',
		)
		const feed = []
		for (const pathname of FEED_PATHS) feed.push({ rows: counted[0]!.open, ...(await measure(pathname, { requests: FEED_REQUESTS, headers })) })
		await growCatalogue(db)
		for (const pathname of FEED_PATHS) feed.push({ rows: counted[0]!.open + 100_000, ...(await measure(pathname, { requests: FEED_REQUESTS, headers })) })
		console.log(`The feed, signed in: ${FEED_REQUESTS} requests per path, with the demo catalogue and with 100,000 more open calls`)
		console.table(feed)
	} finally {
		await db.end()
	}
} finally {
	server.kill('SIGTERM')
	await new Promise((resolve) => server.once('exit', resolve))
	await fakeModel.close()
	rmSync(dataDir, { recursive: true, force: true })
}
