import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from './generated/client.ts'
import { countQueries } from './query-stats.ts'

export type Db = PrismaClient

/**
 * Statements named per process: more distinct SQL texts than this run unnamed. The app sends
 * about a hundred shapes; the cap bounds what a connection keeps prepared (on both sides) if
 * some code path ever builds SQL whose text varies without end.
 */
export const MAX_NAMED_STATEMENTS = 300

/** One Prisma client (and connection pool) per process and database. */
export function createDb(databaseUrl: string, { max = 10 }: { max?: number } = {}): Db {
	// Our own pool, so each request's statements can be counted (Server-Timing, the bench).
	const pool = countQueries(new pg.Pool({ connectionString: databaseUrl, max, options: '-c plan_cache_mode=force_custom_plan' }))
	const adapter = new PrismaPg(pool, { disposeExternalPool: true, statementNameGenerator: statementNames(MAX_NAMED_STATEMENTS) })
	return new PrismaClient({ adapter })
}

/**
 * Names each distinct SQL text, so every connection parses and plans a statement once and then
 * only binds and executes it: without names, PostgreSQL parsed and planned the same few statements
 * on every request (the plan alone cost more than running most of them). pg keeps the names it has
 * prepared per connection, and refuses one name for two texts. Past `max` texts, '' leaves a
 * statement unnamed, as it was before.
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
