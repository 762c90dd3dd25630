import cluster, { type Worker } from 'node:cluster'
import type { Server } from 'node:http'
import type { Logger } from 'pino'
import { createLogger } from '#server/logger.ts'
import { isDatabaseEmpty, seedDemoData } from '#server/db/seed.ts'
import { announceSetupLink } from '#server/domain/accounts/setup.ts'
import { isStopping } from '#server/lifecycle.ts'
import { getEnvOrExit, onShutdownSignal, openAppContext, type RunningContext } from '#server/boot.ts'
import type { Env } from '#server/env.ts'
import { registerWorkers } from '#server/jobs/workers.ts'
import { createApp } from '#server/app.ts'
import { answerClientErrors } from '#server/http/client-errors.ts'

const SHUTDOWN_GRACE_MS = 10_000
/** A web process that dies is started again, but not in a tight loop: at most this often. */
const RESTART_DELAY_MS = 1_000
const MAX_FAILED_STARTS = 3

/**
 * The web server. With WEB_CONCURRENCY above 1 (production's default: one per core) this first
 * process opens the database, applies migrations, loads demo data and runs the job workers, then
 * forks the web processes (node:cluster), which share the port and only serve requests. Sessions,
 * attempt limits and jobs live in PostgreSQL, so any process may answer any request.
 */
async function main() {
	const env = getEnvOrExit()
	const logger = createLogger(env)
	if (cluster.isWorker) return serveRequests(env, logger, await openAppContext(env, logger, { clusterWorker: true }))

	const running = await openAppContext(env, logger)
	const { app: appContext } = running
	if (env.SEED_DEMO_DATA && (await isDatabaseEmpty(appContext.db))) {
		const counts = await seedDemoData(appContext.db, { today: new Date() })
		logger.info(counts, 'demo data loaded into the empty database')
	}
	await announceSetupLink(appContext)
	// Requests only enqueue; delivery happens here or in `npm run worker` processes, so a slow
	// mail server never holds up a response.
	if (env.RUN_WORKERS) {
		await registerWorkers(running.jobRunner, appContext)
		logger.info('job workers running in the web process')
	}
	if (env.WEB_CONCURRENCY === 1) return serveRequests(env, logger, running)
	forkWebProcesses(env, logger, running)
}

/** Listens on PORT until SIGINT or SIGTERM, then drains requests and closes `running`. */
async function serveRequests(env: Env, logger: Logger, running: RunningContext) {
	const vite =
		env.NODE_ENV === 'development' && process.argv.includes('--dev')
			? await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }))
			: undefined
	const app = await createApp({ app: running.app, vite, isShuttingDown: isStopping })

	const server: Server = app.listen(env.PORT, env.HOST, () => {
		if (cluster.isPrimary) logger.info({ url: env.APP_URL, port: env.PORT }, `Callboard is ready at ${env.APP_URL}`)
		else process.send?.({ type: 'listening' })
	})
	answerClientErrors(server)
	server.on('error', async (error) => {
		logger.fatal({ err: error }, 'server failed to listen')
		await running.close({ timeoutMs: 1_000 })
		process.exit(1)
	})

	onShutdownSignal(logger, async (signal) => {
		if (cluster.isPrimary) logger.info({ signal }, 'shutting down: draining requests')
		// Stop accepting connections; idle keep-alive sockets close now, busy ones when their response ends.
		const closed = new Promise<void>((resolve) => server.close(() => resolve()))
		server.closeIdleConnections()
		const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS)
		await closed
		clearTimeout(forced)
		await vite?.close()
		// Requests may enqueue jobs until the server has closed; then running jobs get the same grace.
		await running.close({ timeoutMs: SHUTDOWN_GRACE_MS })
	})
}

/**
 * Starts WEB_CONCURRENCY web processes on the database this process opened, starts again any that
 * dies, and on SIGINT or SIGTERM stops them (each drains its requests) before the jobs and the
 * database stop.
 */
function forkWebProcesses(env: Env, logger: Logger, running: RunningContext) {
	let listening = 0
	// The web processes reach the database this one started (or DATABASE_URL), never seed it, and
	// sign with this process's secret (in production it may come from DATA_DIR, see env.ts).
	const workerEnv = { DATABASE_URL: running.app.databaseUrl, SEED_DEMO_DATA: 'false', SESSION_SECRET: env.SESSION_SECRET }
	// Web processes that stop before they ever listened (a bad configuration): give up after a few.
	let failedStarts = 0
	const listened = new WeakSet<Worker>()
	const fork = () => {
		const worker = cluster.fork(workerEnv)
		worker.on('message', (message: { type?: string }) => {
			if (message?.type !== 'listening') return
			listened.add(worker)
			failedStarts = 0
			listening += 1
			if (listening === env.WEB_CONCURRENCY) {
				logger.info({ url: env.APP_URL, port: env.PORT, webProcesses: env.WEB_CONCURRENCY }, `Callboard is ready at ${env.APP_URL}`)
			}
		})
		return worker
	}
	const workers = new Set<Worker>(Array.from({ length: env.WEB_CONCURRENCY }, fork))
	cluster.on('exit', (worker, code, signal) => {
		workers.delete(worker)
		if (isStopping()) return
		if (!listened.has(worker) && ++failedStarts >= MAX_FAILED_STARTS) {
			logger.fatal({ pid: worker.process.pid, code, signal }, `web processes stopped ${MAX_FAILED_STARTS} times before serving: stopping`)
			process.kill(process.pid, 'SIGTERM')
			return
		}
		logger.error({ pid: worker.process.pid, code, signal }, 'a web process stopped; starting another')
		setTimeout(() => {
			if (!isStopping()) workers.add(fork())
		}, RESTART_DELAY_MS)
	})

	onShutdownSignal(logger, async (signal) => {
		logger.info({ signal, webProcesses: workers.size }, 'shutting down: draining requests')
		await Promise.all(
			[...workers].map(
				(worker) =>
					new Promise<void>((resolve) => {
						const forced = setTimeout(() => worker.process.kill('SIGKILL'), SHUTDOWN_GRACE_MS * 2)
						worker.once('exit', () => {
							clearTimeout(forced)
							resolve()
						})
						worker.process.kill('SIGTERM')
					}),
			),
		)
		await running.close({ timeoutMs: SHUTDOWN_GRACE_MS })
	})
}

main().catch((error) => {
	console.error(error)
	process.exit(1)
})
