import { PrismaPg } from '@prisma/adapter-pg'
import { PrismaClient } from './generated/client.ts'

export type Db = PrismaClient

/** One Prisma client (and connection pool) per process and database. */
export function createDb(databaseUrl: string, { max = 10 }: { max?: number } = {}): Db {
	const adapter = new PrismaPg({ connectionString: databaseUrl, max })
	return new PrismaClient({ adapter })
}
