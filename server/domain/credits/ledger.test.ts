import { describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { createUser } from '#tests/factories.ts'
import { changeCredits } from './ledger.ts'

describe('changeCredits', () => {
	test('moves the balance and writes the ledger row with the balance after it', async () => {
		const ctx = await createTestContext()
		const user = await createUser(ctx.db)
		const admin = await createUser(ctx.db, { role: 'admin' })
		await ctx.db.$transaction((tx) => changeCredits(tx, { userId: user.id, delta: 3, reason: 'admin_adjustment', actorId: admin.id, note: 'Prize' }))
		const result = await ctx.db.$transaction((tx) => changeCredits(tx, { userId: user.id, delta: -1, reason: 'draft_generated' }))
		expect(result).toEqual({ balanceAfter: 2 })
		const ledger = await ctx.db.creditLedgerEntry.findMany({ where: { userId: user.id }, orderBy: { createdAt: 'asc' } })
		expect(ledger).toMatchObject([
			{ delta: 3, balanceAfter: 3, reason: 'admin_adjustment', actorId: admin.id, note: 'Prize' },
			{ delta: -1, balanceAfter: 2, reason: 'draft_generated', actorId: null },
		])
	})

	test('of two -1 changes on a balance of 1 arriving together, exactly one succeeds', async () => {
		const ctx = await createTestContext()
		const user = await createUser(ctx.db)
		await ctx.db.profile.update({ where: { userId: user.id }, data: { creditsRemaining: 1 } })
		const spend = () => ctx.db.$transaction((tx) => changeCredits(tx, { userId: user.id, delta: -1, reason: 'draft_generated' }))
		const results = await Promise.allSettled([spend(), spend()])
		expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
		expect(results.find((r) => r.status === 'rejected')).toMatchObject({
			reason: { code: 'INVALID', message: 'Credits cannot go below 0.' },
		})
		expect(await ctx.db.profile.findUnique({ where: { userId: user.id }, select: { creditsRemaining: true } })).toEqual({ creditsRemaining: 0 })
		expect(await ctx.db.creditLedgerEntry.count({ where: { userId: user.id } })).toBe(1)
	})

	test("is atomic with the caller's transaction: a later failure leaves neither balance nor ledger row", async () => {
		const ctx = await createTestContext()
		const user = await createUser(ctx.db)
		await expect(
			ctx.db.$transaction(async (tx) => {
				await changeCredits(tx, { userId: user.id, delta: 5, reason: 'credit_pack' })
				throw new Error('payment record failed')
			}),
		).rejects.toThrow('payment record failed')
		expect(await ctx.db.profile.findUnique({ where: { userId: user.id }, select: { creditsRemaining: true } })).toEqual({ creditsRemaining: 0 })
		expect(await ctx.db.creditLedgerEntry.count({ where: { userId: user.id } })).toBe(0)
	})

	test('a user without a profile is not found', async () => {
		const ctx = await createTestContext()
		const bare = await ctx.db.user.create({ data: { email: `bare-${Date.now()}@example.test` }, select: { id: true } })
		await expect(ctx.db.$transaction((tx) => changeCredits(tx, { userId: bare.id, delta: 1, reason: 'credit_pack' }))).rejects.toMatchObject({
			code: 'NOT_FOUND',
		})
	})
})
