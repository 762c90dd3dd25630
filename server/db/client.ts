import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { parseIntoClientConfig } from 'pg-connection-string'
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
 * which tags it filters on (ADR 026, decision 15).
 */
const PLAN_CACHE_MODE = 'force_custom_plan'

/** One Prisma client (and connection pool) per process and database. */
export function createDb(databaseUrl: string, { max = 10 }: { max?: number } = {}): Db {
	const pool = new pg.Pool({ ...connectionConfig(databaseUrl), max })
	// Before countQueries wraps the client's query.
	pool.on('connect', discardWhenStatementsGoStale)
	// Our own pool, so each request's statements can be counted (Server-Timing, the bench).
	const adapter = new PrismaPg(countQueries(pool), {
		disposeExternalPool: true,
		statementNameGenerator: statementNames(MAX_NAMED_STATEMENTS),
	})
	return new PrismaClient({ adapter })
}

/**
 * The URL's settings, with the plan cache mode added to the options every connection starts with
 * (no statement of its own, no round trip). pg would let a URL's own `options` replace options given
 * beside it, so they are merged here. (PGOPTIONS is not read: options belong in DATABASE_URL.)
 */
function connectionConfig(databaseUrl: string): pg.ClientConfig {
	const config = parseIntoClientConfig(databaseUrl)
	const options = [config.options, `-c plan_cache_mode=${PLAN_CACHE_MODE}`]
	return { ...config, options: options.filter(Boolean).join(' ') }
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
