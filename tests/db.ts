import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, inject } from 'vitest'
import { createDb, type Db } from '#server/db/client.ts'

const TEMPLATE_DATABASE = 'callboard_test_template'

let current: Promise<{ db: Db; url: string }> | undefined

/**
 * A database of this test file's own, cloned from the migrated template: real
 * PostgreSQL, real constraints, nothing shared with other files.
 */
export function getTestDatabase(): Promise<{ db: Db; url: string }> {
	current ??= createTestDatabase()
	return current
}

/**
 * How many sessions of this test file's database wait for a lock now: a test of two steps that
 * must take turns waits for the second to be queued behind the first (each file has its own database).
 */
export async function lockWaiters(db: Db): Promise<number> {
	const [row] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`
	return row?.n ?? 0
}

export async function getTestDb(): Promise<Db> {
	return (await getTestDatabase()).db
}

async function createTestDatabase() {
	const adminUrl = inject('testDatabaseAdminUrl')
	const name = `callboard_test_${process.pid}_${randomBytes(4).toString('hex')}`
	const admin = new pg.Client({ connectionString: adminUrl })
	await admin.connect()
	try {
		await cloneTemplate(admin, name)
	} finally {
		await admin.end()
	}
	const url = new URL(adminUrl)
	url.pathname = `/${name}`
	const db = createDb(url.toString(), { max: 4 })
	return { db, url: url.toString() }
}

/** After each test file that uses a database; the database itself is dropped after the run. */
async function disconnectTestDatabase() {
	if (!current) return
	const { db } = await current
	current = undefined
	await db.$disconnect()
}

// PostgreSQL refuses to copy a template while another session is connected to
// it, which briefly happens when files clone it at the same moment.
async function cloneTemplate(admin: pg.Client, name: string, attempts = 20): Promise<void> {
	try {
		await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${TEMPLATE_DATABASE}`)
	} catch (error) {
		if (attempts <= 1 || !/being accessed by other users/.test(String(error))) throw error
		await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100))
		return cloneTemplate(admin, name, attempts - 1)
	}
}

// Registered by the file that imports this module (its import runs while vitest collects that
// file), so a test file that needs no database does not load Prisma to clean up after it.
afterAll(disconnectTestDatabase)
