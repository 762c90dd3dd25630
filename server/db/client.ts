import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from './generated/client.ts'
import { countQueries } from './query-stats.ts'

export type Db = PrismaClient

/** One Prisma client (and connection pool) per process and database. */
export function createDb(databaseUrl: string, { max = 10 }: { max?: number } = {}): Db {
	// Our own pool, so each request's statements can be counted (Server-Timing, the bench).
	const pool = countQueries(new pg.Pool({ connectionString: databaseUrl, max }))
	const adapter = new PrismaPg(pool, { disposeExternalPool: true })
	return new PrismaClient({ adapter })
}
