import { createLogger } from '#server/logger.ts'
import { getEnvOrExit, onShutdownSignal, openAppContext } from '#server/boot.ts'
import { registerWorkers } from '#server/jobs/workers.ts'

/**
 * `npm run worker`: runs only the background job workers, no HTTP server.
 * Start as many as the queues need, against the same DATABASE_URL as the web
 * processes (which can then set RUN_WORKERS=false).
 */
const SHUTDOWN_GRACE_MS = 30_000

async function main() {
	const env = getEnvOrExit()
	const logger = createLogger(env)
	const running = await openAppContext(env, logger)
	await registerWorkers(running.jobRunner, running.app)
	logger.info('job workers running')

	onShutdownSignal(logger, async (signal) => {
		logger.info({ signal }, 'shutting down: letting running jobs finish')
		await running.close({ timeoutMs: SHUTDOWN_GRACE_MS })
	})
}

main().catch((error) => {
	console.error(error)
	process.exit(1)
})
