// Runs the production build for the end-to-end tests on a database of its
// own, recreated on every run so tests start from the demo data alone.
import { spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { e2eServerLog } from './e2e-log.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const port = process.env.E2E_PORT ?? '3100'
// One directory per port, so runs on different ports (E2E_PORT) never share a database.
const dataDir = path.join(root, 'data', port === '3100' ? 'e2e' : `e2e-${port}`)
stopLeftoverPostgres(path.join(dataDir, 'postgres', 'postmaster.pid'))
rmSync(dataDir, { recursive: true, force: true })
// The server's log (JSON lines on stdout, which playwright.config.ts does not show) is kept for
// `npm test`, which prints what it logged during a test that failed (scripts/test.mjs).
const logFile = e2eServerLog(root, port)
mkdirSync(path.dirname(logFile), { recursive: true })
const log = createWriteStream(logFile, { flags: 'a' })
const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'server-build/index.js')], {
	cwd: root,
	stdio: ['inherit', 'pipe', 'pipe'],
	env: {
		...process.env,
		NODE_ENV: 'production',
		PORT: port,
		APP_URL: `http://localhost:${port}`,
		DATA_DIR: dataDir,
		DATABASE_URL: '',
		// Below the ephemeral port range: tests/e2e/support/own-server.ts, DATABASE_PORT_OFFSET.
		EMBEDDED_DATABASE_PORT: String(Number(port) + 20000),
		SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
		// Every request is logged (to test-results/e2e-server.log), for the evidence of a failed test.
		LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
		// The development outbox page, where the tests read the e-mails the app sends.
		OUTBOX_PAGE: 'true',
		// Integrations stay on their local implementations.
		SMTP_URL: '',
		S3_BUCKET: '',
		ANTHROPIC_API_KEY: '',
		STRIPE_SECRET_KEY: '',
	},
})
server.stdout.pipe(log)
// A log that cannot be written is given up, never left to fill the pipe and stall the server.
log.on('error', (error) => {
	console.error(`e2e: the server's log could not be written (${error.message})`)
	server.stdout.unpipe(log)
	server.stdout.resume()
})
// Stderr (a crash's stack, Node's warnings) is shown as before, and kept in the log as JSON lines.
server.stderr.pipe(process.stderr)
createInterface({ input: server.stderr }).on('line', (line) => {
	if (log.writable) log.write(`${JSON.stringify({ level: 50, time: new Date().toISOString(), msg: 'stderr', line })}\n`)
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
// Once the server's output is read to its end and written down.
server.on('close', (code) => log.end(() => process.exit(code ?? 0)))

/**
 * A run killed before it could stop its database leaves the postmaster running on this port's
 * directory. Deleting the directory under it would leave the port taken and the next start
 * failing, so it is stopped first (the server's own orphan handling needs the directory).
 */
function stopLeftoverPostgres(pidFile) {
	if (!existsSync(pidFile)) return
	const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
	if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return
	console.warn(`e2e: stopping the PostgreSQL (pid ${pid}) an earlier run left behind`)
	process.kill(pid, 'SIGINT')
	const deadline = Date.now() + 15_000
	while (isRunning(pid) && Date.now() < deadline) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100)
	if (isRunning(pid)) process.kill(pid, 'SIGKILL')
}

function isRunning(pid) {
	try {
		process.kill(pid, 0)
		return true
	} catch {
		return false
	}
}
