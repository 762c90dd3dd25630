import type { Server } from 'node:http'
import { createLogger } from '#server/logger.ts'
import { isDatabaseEmpty, seedDemoData } from '#server/db/seed.ts'
import { announceSetupLink } from '#server/domain/accounts/setup.ts'
import { getEnvOrExit, onShutdownSignal, openAppContext } from '#server/boot.ts'
import { registerWorkers } from '#server/jobs/workers.ts'
import { createApp } from '#server/app.ts'

const SHUTDOWN_GRACE_MS = 10_000

async function main() {
	const env = getEnvOrExit()
	const logger = createLogger(env)

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

	let shuttingDown = false
	const vite =
		env.NODE_ENV === 'development' && process.argv.includes('--dev')
			? await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }))
			: undefined
	const app = await createApp({ app: appContext, vite, isShuttingDown: () => shuttingDown })

	const server: Server = app.listen(env.PORT, env.HOST, () => {
		logger.info({ url: env.APP_URL, port: env.PORT }, `Callboard is ready at ${env.APP_URL}`)
	})
	server.on('error', async (error) => {
		logger.fatal({ err: error }, 'server failed to listen')
		await running.close({ timeoutMs: 1_000 })
		process.exit(1)
	})

	onShutdownSignal(logger, async (signal) => {
		shuttingDown = true
		logger.info({ signal }, 'shutting down: draining requests')
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

main().catch((error) => {
	console.error(error)
	process.exit(1)
})
