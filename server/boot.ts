import type { Logger } from 'pino'
import type { AppContext } from '#server/context.ts'
import { createDb } from '#server/db/client.ts'
import { openDatabaseServer, type DatabaseServer } from '#server/db/database.ts'
import { applyMigrations } from '#server/db/migrate.ts'
import { EnvError, getEnv, type Env } from '#server/env.ts'
import { createNotifications } from '#server/db/notifications.ts'
import { isStopping, markStopping } from '#server/lifecycle.ts'
import { createDrafter } from '#server/integrations/ai/index.ts'
import { createMailer } from '#server/integrations/email/index.ts'
import { createPayments } from '#server/integrations/payments/index.ts'
import { createStorage } from '#server/integrations/storage/index.ts'
import { startJobs, type JobRunner } from '#server/jobs/boss.ts'

/** The environment, or exit with the list of invalid variables (no stack trace for a configuration mistake). */
export function getEnvOrExit(): Env {
	try {
		return getEnv()
	} catch (error) {
		if (error instanceof EnvError) {
			console.error(error.message)
			process.exit(1)
		}
		throw error
	}
}

export type RunningContext = {
	app: AppContext
	database: DatabaseServer
	jobRunner: JobRunner
	/** Stops the job workers (letting running jobs finish), then the database connections and server. */
	close(options?: { timeoutMs?: number }): Promise<void>
}

/**
 * What both entry points (the web server and `npm run worker`) start from: the
 * database with its migrations applied, the job queue and the integrations
 * chosen by the environment.
 *
 * `clusterWorker`: an extra web process of `npm start`'s cluster (server/index.ts), given the
 * database the first process opened and migrated; it only queues jobs.
 */
export async function openAppContext(env: Env, logger: Logger, { clusterWorker = false } = {}): Promise<RunningContext> {
	const database = await openDatabaseServer(env, logger)
	if (!clusterWorker) {
		logger.info({ database: database.description }, 'database started')
		// Serialised by an advisory lock, so web and worker processes may start together.
		const { applied } = await applyMigrations(database.url, { log: (message) => logger.info(message) })
		if (applied.length) logger.info({ applied }, 'migrations applied')
	}

	const db = createDb(database.url)
	const jobRunner = await startJobs({ databaseUrl: database.url, logger, sendOnly: clusterWorker })
	const mailer = createMailer(env, logger)
	const storage = createStorage(env)
	const drafter = createDrafter(env)
	const payments = createPayments(env)
	const notifications = createNotifications(database.url, logger)
	if (!clusterWorker) logger.info({ mailer: mailer.kind, storage: storage.kind, drafter: drafter.kind, payments: payments.kind, paymentsConfigured: payments.configured }, 'integrations ready')

	return {
		app: { env, db, databaseUrl: database.url, notifications, logger, mailer, storage, drafter, payments, jobs: jobRunner.jobs },
		database,
		jobRunner,
		async close({ timeoutMs } = {}) {
			await jobRunner.stop({ timeoutMs })
			await notifications.close()
			await db.$disconnect()
			await database.stop()
		},
	}
}

/**
 * Runs `stop` once on the first SIGINT or SIGTERM (a second signal while
 * stopping changes nothing), then exits 0.
 */
export function onShutdownSignal(logger: Logger, stop: (signal: NodeJS.Signals) => Promise<void>) {
	const handle = async (signal: NodeJS.Signals) => {
		if (isStopping()) return
		markStopping()
		await stop(signal)
		logger.info('stopped')
		process.exit(0)
	}
	process.on('SIGINT', () => void handle('SIGINT'))
	process.on('SIGTERM', () => void handle('SIGTERM'))
}
