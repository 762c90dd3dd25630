import { createLogger } from '#server/logger.ts'
import { getEnvOrExit, openAppContext } from '#server/boot.ts'
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

	let stopping = false
	const shutdown = async (signal: string) => {
		if (stopping) return
		stopping = true
		logger.info({ signal }, 'shutting down: letting running jobs finish')
		await running.close({ timeoutMs: SHUTDOWN_GRACE_MS })
		logger.info('stopped')
		process.exit(0)
	}
	process.on('SIGINT', () => void shutdown('SIGINT'))
	process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

main().catch((error) => {
	console.error(error)
	process.exit(1)
})
