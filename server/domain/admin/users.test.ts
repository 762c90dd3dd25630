import { describe, expect, test } from 'vitest'
import type { Actor } from '#server/domain/actor.ts'
import { createTestContext } from '#tests/app-context.ts'
import { createUser, uniqueEmail } from '#tests/factories.ts'
import { adjustCredits, changeUserRole, findUsers, getUserForAdmin, setUserPlan } from './users.ts'

const MISSING_ID = '00000000-0000-4000-8000-000000000000'

async function setup() {
	const ctx = await createTestContext()
	const adminRow = await createUser(ctx.db, { role: 'admin' })
	const target = await createUser(ctx.db, { email: uniqueEmail('target') })
	const admin: Actor = { id: adminRow.id, role: 'admin' }
	return { ctx, admin, adminRow, target }
}

describe('admin user management', () => {
	test('findUsers matches part of the e-mail in any case, newest first, at most 20', async () => {
		const { ctx, admin, target } = await setup()
		const marker = `zz${Date.now()}`
		for (let i = 0; i < 22; i += 1) await createUser(ctx.db, { email: uniqueEmail(`${marker}-${i}`) })
		const found = await findUsers(ctx, admin, { q: marker.toUpperCase() })
		expect(found).toHaveLength(20)
		expect(found.every((user) => user.email.startsWith(marker))).toBe(true)
		const created = found.map((user) => user.createdAt.getTime())
		expect(created).toEqual([...created].sort((a, b) => b - a))
		expect(found[0]).toMatchObject({ role: 'user', plan: 'free', credits: 0, onboardingCompleted: false, name: 'Test Artist' })
		expect(await findUsers(ctx, admin, { q: target.email.slice(0, 12) })).toEqual([expect.objectContaining({ id: target.id })])
	})

	test('findUsers takes % and _ as the characters they are, not as wildcards', async () => {
		const { ctx, admin } = await setup()
		const marker = `pct${Date.now()}`
		const underscored = await createUser(ctx.db, { email: `${marker}_a@example.test` })
		await createUser(ctx.db, { email: `${marker}xa@example.test` })
		expect(await findUsers(ctx, admin, { q: '%' })).toEqual([])
		expect((await findUsers(ctx, admin, { q: `${marker}_a` })).map((user) => user.id)).toEqual([underscored.id])
	})

	test('a plan change is recorded with from, to and the admin', async () => {
		const { ctx, admin, target } = await setup()
		expect(await setUserPlan(ctx, admin, { userId: target.id, plan: 'pro' })).toEqual({ userId: target.id, previous: 'free', plan: 'pro' })
		await setUserPlan(ctx, admin, { userId: target.id, plan: 'pro' })
		const details = await getUserForAdmin(ctx, admin, target.id)
		expect(details.user.plan).toBe('pro')
		expect(details.auditHistory).toMatchObject([{ action: 'plan_changed', details: { from: 'free', to: 'pro' }, actorEmail: expect.any(String) }])
		expect(await ctx.db.auditLogEntry.findMany({ where: { targetUserId: target.id } })).toMatchObject([{ actorId: admin.id }])
	})

	test('credit adjustments write admin_adjustment ledger rows with the admin and the note, within bounds', async () => {
		const { ctx, admin, adminRow, target } = await setup()
		expect(await adjustCredits(ctx, admin, { userId: target.id, delta: '3', note: 'Festival prize' })).toEqual({ balanceAfter: 3 })
		const details = await getUserForAdmin(ctx, admin, target.id)
		expect(details.user.credits).toBe(3)
		expect(details.creditHistory).toMatchObject([
			{ delta: 3, balanceAfter: 3, reason: 'admin_adjustment', note: 'Festival prize', actorEmail: adminRow.email },
		])
		for (const delta of [0, 1001, -1001, 1.5, 'x', '0x10', '1e2', '', ' ']) {
			await expect(adjustCredits(ctx, admin, { userId: target.id, delta, note: 'n' })).rejects.toMatchObject({ code: 'INVALID' })
		}
		await expect(adjustCredits(ctx, admin, { userId: target.id, delta: 1, note: '  ' })).rejects.toMatchObject({ code: 'INVALID' })
		await expect(adjustCredits(ctx, admin, { userId: target.id, delta: -4, note: 'Too many' })).rejects.toMatchObject({
			code: 'INVALID',
			message: 'Credits cannot go below 0.',
		})
		// Digits as typed into the form, with a sign and spaces around them; nothing else reads as a number.
		for (const delta of ['0x10', '1e2', '']) {
			await expect(adjustCredits(ctx, admin, { userId: target.id, delta, note: 'n' })).rejects.toMatchObject({
				fieldErrors: { delta: ['Enter a whole number of credits'] },
			})
		}
		// A whole number too large to allow says so, however many digits it has.
		for (const delta of ['2147483647', '99999999999999999', `-${'9'.repeat(40)}`]) {
			await expect(adjustCredits(ctx, admin, { userId: target.id, delta, note: 'n' })).rejects.toMatchObject({
				fieldErrors: { delta: [expect.stringMatching(/^Adjust by at most \d+ credits at a time$/)] },
			})
		}
		expect(await adjustCredits(ctx, admin, { userId: target.id, delta: ' +2 ', note: 'Typed' })).toEqual({ balanceAfter: 5 })
		expect(await adjustCredits(ctx, admin, { userId: target.id, delta: '-1.0', note: 'As a number field sends it' })).toEqual({ balanceAfter: 4 })
	})

	test('two -1 adjustments on a balance of 1 arriving together: exactly one succeeds', async () => {
		const { ctx, admin, target } = await setup()
		await adjustCredits(ctx, admin, { userId: target.id, delta: 1, note: 'One' })
		const results = await Promise.allSettled([1, 2].map(() => adjustCredits(ctx, admin, { userId: target.id, delta: -1, note: 'Take back' })))
		expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
		expect((await getUserForAdmin(ctx, admin, target.id)).user.credits).toBe(0)
		expect(await ctx.db.creditLedgerEntry.count({ where: { userId: target.id } })).toBe(2)
	})

	test('role changes are audited with the admin; an admin cannot remove their own admin role', async () => {
		const { ctx, admin, target } = await setup()
		await changeUserRole(ctx, admin, { userId: target.id, role: 'admin' })
		expect((await getUserForAdmin(ctx, admin, target.id)).auditHistory).toMatchObject([{ action: 'role_changed', details: { from: 'user', to: 'admin' } }])
		expect(await ctx.db.auditLogEntry.findMany({ where: { targetUserId: target.id } })).toMatchObject([{ actorId: admin.id }])
		await expect(changeUserRole(ctx, admin, { userId: admin.id, role: 'user' })).rejects.toMatchObject({
			code: 'CONFLICT',
			message: 'You cannot remove your own admin role.',
		})
		expect((await getUserForAdmin(ctx, admin, admin.id)).user.role).toBe('admin')
	})

	test('every function refuses a non-admin with FORBIDDEN and changes nothing', async () => {
		const { ctx, target } = await setup()
		const user: Actor = { id: target.id, role: 'user' }
		const calls = [
			() => findUsers(ctx, user, { q: '' }),
			() => getUserForAdmin(ctx, user, target.id),
			() => setUserPlan(ctx, user, { userId: target.id, plan: 'pro' }),
			() => adjustCredits(ctx, user, { userId: target.id, delta: 5, note: 'Me' }),
			() => changeUserRole(ctx, user, { userId: target.id, role: 'admin' }),
		]
		for (const call of calls) await expect(call()).rejects.toMatchObject({ code: 'FORBIDDEN' })
		expect(await ctx.db.profile.findUnique({ where: { userId: target.id }, select: { role: true, plan: true, creditsRemaining: true } })).toEqual({
			role: 'user',
			plan: 'free',
			creditsRemaining: 0,
		})
	})

	test('unknown and malformed user ids are NOT_FOUND for every function that takes one', async () => {
		const { ctx, admin } = await setup()
		for (const userId of [MISSING_ID, 'not-a-uuid', '']) {
			await expect(getUserForAdmin(ctx, admin, userId)).rejects.toMatchObject({ code: 'NOT_FOUND' })
			await expect(setUserPlan(ctx, admin, { userId, plan: 'pro' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
			await expect(adjustCredits(ctx, admin, { userId, delta: 1, note: 'n' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
			await expect(changeUserRole(ctx, admin, { userId, role: 'admin' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
		}
	})
})
