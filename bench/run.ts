// npm run bench: throughput and latency of the production server on this
// machine, measured against a server of its own on loopback. Figures are
// noisy; compare them only as ratios taken in one run (ENVIRONMENT.md).
import { spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, rmSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'

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

async function measure(pathname: string, { requests = REQUESTS, headers = {} as Record<string, string> } = {}) {
	// Warm up caches and the JIT before measuring.
	for (let i = 0; i < 50; i++) await (await fetch(base + pathname, { headers })).arrayBuffer()
	const latencies: number[] = []
	let next = 0
	const started = performance.now()
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			while (next < requests) {
				next += 1
				const t0 = performance.now()
				const response = await fetch(base + pathname, { headers, redirect: 'manual' })
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
	rmSync(dataDir, { recursive: true, force: true })
}
