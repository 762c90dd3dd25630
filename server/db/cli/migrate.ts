/**
 * `npm run db:migrate`: applies pending migrations to DATABASE_URL or, when it
 * is not set, to the embedded PostgreSQL, opened exactly as the app opens it.
 * Works offline: see docs/decisions/002-offline-prisma-migrations.md.
 */
import { getEnv } from '#server/env.ts'
import { createLogger } from '#server/logger.ts'
import { openDatabaseServer } from '../database.ts'
import { applyMigrations } from '../migrate.ts'

async function main() {
	const env = getEnv()
	const logger = createLogger(env)
	const database = await openDatabaseServer(env, logger)
	try {
		logger.info({ database: database.description }, 'applying migrations')
		await applyMigrations(database.url, { log: (message) => logger.info(message) })
	} finally {
		await database.stop()
	}
}

// Exit explicitly: the schema engine leaves a timer pending after its work is done.
main().then(
	() => process.exit(0),
	(error: unknown) => {
		console.error(error instanceof Error ? error.message : error)
		process.exit(1)
	},
)
