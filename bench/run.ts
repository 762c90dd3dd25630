// npm run bench: throughput and latency of the production server on this
// machine, measured against a server of its own on loopback. Figures are
// noisy; compare them only as ratios taken in one run (ENVIRONMENT.md).
import { spawn } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import path from 'node:path'

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

async function measure(pathname: string) {
	// Warm up caches and the JIT before measuring.
	for (let i = 0; i < 50; i++) await (await fetch(base + pathname)).arrayBuffer()
	const latencies: number[] = []
	let next = 0
	const started = performance.now()
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			while (next < REQUESTS) {
				next += 1
				const t0 = performance.now()
				const response = await fetch(base + pathname)
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

try {
	await waitUntilReady()
	const rows = []
	for (const pathname of ['/healthz', '/readyz', '/', '/pricing']) rows.push(await measure(pathname))
	console.log(`${REQUESTS} requests per path, ${CONCURRENCY} at a time, production build, embedded PostgreSQL`)
	console.table(rows)
} finally {
	server.kill('SIGTERM')
	await new Promise((resolve) => server.once('exit', resolve))
	rmSync(dataDir, { recursive: true, force: true })
}
