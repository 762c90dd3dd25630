import { describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { createUser } from '#tests/factories.ts'
import { deleteExpiredRows } from './maintenance.ts'

const MINUTE = 60 * 1000

describe('deleteExpiredRows', () => {
	test('deletes finished attempt windows, expired sessions and old e-mail links, and keeps the rest', async () => {
		const ctx = await createTestContext()
		const user = await createUser(ctx.db)
		const now = new Date('2026-06-01T12:00:00Z')
		const ago = (ms: number) => new Date(now.getTime() - ms)

		await ctx.db.rateLimit.createMany({
			data: [
				{ key: 'maintenance:old', count: 10, windowStart: ago(16 * MINUTE) },
				{ key: 'maintenance:current', count: 3, windowStart: ago(5 * MINUTE) },
			],
		})
		await ctx.db.session.createMany({
			data: [
				{ id: 'maintenance-expired', userId: user.id, expiresAt: ago(MINUTE) },
				{ id: 'maintenance-live', userId: user.id, expiresAt: new Date(now.getTime() + MINUTE) },
			],
		})
		await ctx.db.emailToken.createMany({
			data: [
				{ tokenHash: 'maintenance-expired-long-ago', purpose: 'magic_link', userId: user.id, expiresAt: ago(25 * 60 * MINUTE) },
				{ tokenHash: 'maintenance-used-long-ago', purpose: 'confirm_email', userId: user.id, expiresAt: now, usedAt: ago(25 * 60 * MINUTE) },
				{ tokenHash: 'maintenance-expired-recently', purpose: 'magic_link', userId: user.id, expiresAt: ago(MINUTE) },
				{ tokenHash: 'maintenance-valid', purpose: 'password_reset', userId: user.id, expiresAt: new Date(now.getTime() + MINUTE) },
			],
		})

		expect(await deleteExpiredRows(ctx, now)).toEqual({ rateLimits: 1, sessions: 1, emailTokens: 2 })

		expect((await ctx.db.rateLimit.findMany({ where: { key: { startsWith: 'maintenance:' } } })).map((r) => r.key)).toEqual([
			'maintenance:current',
		])
		expect((await ctx.db.session.findMany({ where: { userId: user.id } })).map((s) => s.id)).toEqual(['maintenance-live'])
		expect((await ctx.db.emailToken.findMany({ where: { userId: user.id }, orderBy: { tokenHash: 'asc' } })).map((t) => t.tokenHash)).toEqual([
			'maintenance-expired-recently',
			'maintenance-valid',
		])
		// Nothing left to do: a second run deletes nothing.
		expect(await deleteExpiredRows(ctx, now)).toEqual({ rateLimits: 0, sessions: 0, emailTokens: 0 })
	})
})
