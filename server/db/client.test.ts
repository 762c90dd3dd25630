import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getTestDatabase } from '#tests/db.ts'
import { createDb, statementNames, type Db } from './client.ts'

describe('statementNames', () => {
	test('one name per SQL text, and none past the cap', () => {
		const nameOf = statementNames(2)
		const first = nameOf({ sql: 'SELECT 1' })
		expect(first).toMatch(/^callboard_\d+$/)
		expect(nameOf({ sql: 'SELECT 1' })).toBe(first)
		const second = nameOf({ sql: 'SELECT 2' })
		expect(second).not.toBe(first)
		expect(nameOf({ sql: 'SELECT 3' })).toBe('')
		expect(nameOf({ sql: 'SELECT 2' })).toBe(second)
	})
})

describe('createDb', () => {
	// One connection, so the statements it prepared can be read back on it.
	let db: Db
	beforeAll(async () => {
		db = createDb((await getTestDatabase()).url, { max: 1 })
	})
	afterAll(() => db?.$disconnect())

	test('a connection prepares a statement once and reuses it, planned for its values each time', async () => {
		for (const email of ['first@example.test', 'second@example.test']) await db.user.findUnique({ where: { email } })

		const prepared = await db.$queryRaw<{ name: string; statement: string; calls: bigint }[]>`
			SELECT name, statement, generic_plans + custom_plans AS calls FROM pg_prepared_statements WHERE statement NOT LIKE '%pg_prepared_statements%'`
		expect(prepared).toEqual([{ name: expect.stringMatching(/^callboard_\d+$/), statement: expect.stringContaining('"email" = $1'), calls: 2n }])
		// Generic plans ignore the values: the feed's tag filters would get one plan for every tag.
		const setting = await db.$queryRaw<{ plan_cache_mode: string }[]>`SHOW plan_cache_mode`
		expect(setting).toEqual([{ plan_cache_mode: 'force_custom_plan' }])
	})

	test('a statement a migration made stale fails once in a transaction; the next transaction prepares it afresh on a new connection', async () => {
		const read = () => db.$transaction((tx) => tx.user.findMany({ where: { email: 'nobody@example.test' }, select: { email: true } }))
		await expect(read()).resolves.toEqual([])
		// What a migration applied by a newer process does under this one: the statement's result type changes.
		await db.$executeRawUnsafe('ALTER TABLE users ALTER COLUMN email TYPE varchar(320)')
		await expect(read()).rejects.toThrow(/cached plan must not change result type/)
		await expect(read()).resolves.toEqual([])
	})

	test("a DATABASE_URL's own options apply beside the plan cache mode", async () => {
		const url = new URL((await getTestDatabase()).url)
		url.searchParams.set('options', '-c statement_timeout=4321')
		const own = createDb(url.href, { max: 1 })
		try {
			const [settings] = await own.$queryRaw<{ plan_cache_mode: string; statement_timeout: string }[]>`
				SELECT current_setting('plan_cache_mode') AS plan_cache_mode, current_setting('statement_timeout') AS statement_timeout`
			expect(settings).toEqual({ plan_cache_mode: 'force_custom_plan', statement_timeout: '4321ms' })
		} finally {
			await own.$disconnect()
		}
	})
})
