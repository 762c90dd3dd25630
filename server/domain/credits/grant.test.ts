import { describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { createUser } from '#tests/factories.ts'
import { grantFirstLoginCredit } from './grant.ts'

describe('first sign-in credit', () => {
	test('granted once, with a ledger row, even when the first requests arrive together', async () => {
		const ctx = await createTestContext()
		const user = await createUser(ctx.db)
		const results = await Promise.all(Array.from({ length: 5 }, () => grantFirstLoginCredit(ctx, user.id)))
		expect(results.filter(Boolean)).toHaveLength(1)
		expect(await ctx.db.profile.findUnique({ where: { userId: user.id }, select: { creditsRemaining: true, firstLoginGrant: true } })).toEqual({
			creditsRemaining: 1,
			firstLoginGrant: true,
		})
		const ledger = await ctx.db.creditLedgerEntry.findMany({ where: { userId: user.id } })
		expect(ledger).toMatchObject([{ delta: 1, balanceAfter: 1, reason: 'first_login_grant' }])
		expect(await grantFirstLoginCredit(ctx, user.id)).toBe(false)
	})

	test('not granted to a profile that already has credits, nor to a user without a profile', async () => {
		const ctx = await createTestContext()
		const user = await createUser(ctx.db)
		await ctx.db.profile.update({ where: { userId: user.id }, data: { creditsRemaining: 5 } })
		expect(await grantFirstLoginCredit(ctx, user.id)).toBe(false)
		const bare = await ctx.db.user.create({ data: { email: `bare-${user.email}` }, select: { id: true } })
		expect(await grantFirstLoginCredit(ctx, bare.id)).toBe(false)
		expect(await ctx.db.creditLedgerEntry.count({ where: { userId: { in: [user.id, bare.id] } } })).toBe(0)
	})
})
