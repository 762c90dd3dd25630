import path from 'node:path'
import pg from 'pg'
import type { Logger } from 'pino'
import type { Env } from '#server/env.ts'
import { startEmbeddedPostgres } from './embedded.ts'

export const EMBEDDED_DATABASE_NAME = 'callboard'

export type DatabaseServer = {
	url: string
	/** Where the database runs, for the start-up log (never the password). */
	description: string
	/** Stops the embedded server; a no-op for an external DATABASE_URL. */
	stop(): Promise<void>
}

/**
 * The configured PostgreSQL (DATABASE_URL), or else an embedded one under
 * DATA_DIR/postgres that lives and dies with this process.
 */
export async function openDatabaseServer(
	env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'EMBEDDED_DATABASE_PORT'>,
	logger: Pick<Logger, 'info' | 'debug'>,
): Promise<DatabaseServer> {
	if (env.DATABASE_URL) {
		const { host, pathname } = new URL(env.DATABASE_URL)
		return { url: env.DATABASE_URL, description: `${host}${pathname}`, stop: async () => {} }
	}
	const dataDir = path.join(env.DATA_DIR, 'postgres')
	const embedded = await startEmbeddedPostgres({
		dataDir,
		port: env.EMBEDDED_DATABASE_PORT,
		log: (message) => logger.debug({ component: 'embedded-postgres' }, message),
	})
	await createDatabaseIfMissing(embedded.adminUrl, EMBEDDED_DATABASE_NAME)
	return {
		url: embedded.urlFor(EMBEDDED_DATABASE_NAME),
		description: `embedded PostgreSQL in ${dataDir} on port ${env.EMBEDDED_DATABASE_PORT}`,
		stop: embedded.stop,
	}
}

export async function createDatabaseIfMissing(adminUrl: string, name: string) {
	const client = new pg.Client({ connectionString: adminUrl })
	await client.connect()
	try {
		const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
		if (!rowCount) {
			await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`).catch((error: { code?: string }) => {
				// 42P04 duplicate_database: another process created it a moment ago.
				if (error.code !== '42P04') throw error
			})
		}
	} finally {
		await client.end()
	}
}
