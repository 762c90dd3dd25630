import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from './generated/client.ts'
import { countQueries } from './query-stats.ts'

export type Db = PrismaClient

/**
 * Statements named per process: more distinct SQL texts than this run unnamed, as before names.
 * The feed alone can send a few hundred (best match's score has one term per practice tag, times
 * the filters' shapes); a named statement costs its connection a parse tree on both sides (no plan:
 * see PLAN_CACHE_MODE), so the cap bounds that memory if some code path ever built SQL whose text
 * varies without end.
 */
export const MAX_NAMED_STATEMENTS = 1000

/**
 * Prepared statements are planned for their values on every run. PostgreSQL's default switches a
 * statement to one generic plan after five runs, and the filtered feed's generic plan ignores
 * which tags it filters on (ADR 026, decision 15). Set by each connection itself, so neither a
 * DATABASE_URL's own `options` nor PGOPTIONS can drop it.
 */
export const PLAN_CACHE_MODE = 'force_custom_plan'

/** One Prisma client (and connection pool) per process and database. */
export function createDb(databaseUrl: string, { max = 10 }: { max?: number } = {}): Db {
	const pool = new pg.Pool({ connectionString: databaseUrl, max })
	// Before countQueries wraps the client's query: this statement belongs to no request.
	pool.on('connect', (client) => {
		// Queued ahead of whatever the pool hands the client out for. If it fails, the connection is
		// broken and that query fails too; its own error is not needed.
		void client.query(`SET plan_cache_mode = ${PLAN_CACHE_MODE}`).catch(() => {})
		discardWhenStatementsGoStale(client)
	})
	// Our own pool, so each request's statements can be counted (Server-Timing, the bench).
	const adapter = new PrismaPg(countQueries(pool), {
		disposeExternalPool: true,
		statementNameGenerator: statementNames(MAX_NAMED_STATEMENTS),
	})
	return new PrismaClient({ adapter })
}

/**
 * Names each distinct SQL text, so every connection parses a statement once and then only binds
 * and executes it: without names, PostgreSQL parsed and planned the same few statements on every
 * request. pg keeps the names it has prepared per connection, and refuses one name for two texts.
 * Past `max` texts, '' leaves a statement unnamed, as it was before.
 */
export function statementNames(max: number) {
	const names = new Map<string, string>()
	return ({ sql }: { sql: string }): string => {
		let name = names.get(sql)
		if (name === undefined) {
			if (names.size >= max) return ''
			name = `callboard_${names.size + 1}`
			names.set(sql, name)
		}
		return name
	}
}

/**
 * A statement prepared before a migration changed what it returns fails from then on ("cached
 * plan must not change result type", 0A000), and one the server lost fails as unknown (26000):
 * pg would keep sending its name. The connection is closed instead, so the pool opens a new one
 * that prepares afresh. (A failed `pool.query` already drops its connection; a transaction's
 * client is released without the error, hence this.)
 */
function discardWhenStatementsGoStale(client: pg.PoolClient) {
	const query = client.query.bind(client) as (...args: unknown[]) => unknown
	client.query = ((...args: unknown[]) => {
		const result = query(...args)
		if (!(result instanceof Promise)) return result
		return result.catch((error: { code?: string }) => {
			if (error?.code === '0A000' || error?.code === '26000') void client.end().catch(() => {})
			throw error
		})
	}) as typeof client.query
}
