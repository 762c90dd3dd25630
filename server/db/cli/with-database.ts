import { prettifyError, ZodError } from 'zod'
import { getEnv } from '#server/env.ts'
import { createLogger } from '#server/logger.ts'
import { openDatabaseServer } from '#server/db/database.ts'
import { applyMigrations } from '#server/db/migrate.ts'
import { createDb } from '#server/db/client.ts'
import type { AppContext } from '#server/context.ts'

/**
 * Runs an operator command against the configured database (or the embedded
 * one, shared with a running app), then exits: Prisma's engines keep timers
 * alive, so the process must end explicitly.
 */
export async function runWithDatabase(task: (ctx: Pick<AppContext, 'env' | 'db' | 'logger'>) => Promise<void>) {
	const env = getEnv()
	const logger = createLogger(env)
	const database = await openDatabaseServer(env, logger)
	let code = 0
	try {
		await applyMigrations(database.url)
		const db = createDb(database.url, { max: 2 })
		try {
			await task({ env, db, logger })
		} finally {
			await db.$disconnect()
		}
	} catch (error) {
		console.error(error instanceof ZodError ? prettifyError(error) : error instanceof Error ? error.message : error)
		code = 1
	} finally {
		await database.stop()
	}
	process.exit(code)
}
