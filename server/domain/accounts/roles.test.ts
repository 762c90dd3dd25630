import { describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { createUser } from '#tests/factories.ts'
import { setUserRole } from './roles.ts'

describe('setUserRole', () => {
	test('promotes a user found by e-mail (any case) and records who did it', async () => {
		const ctx = await createTestContext()
		const actor = await createUser(ctx.db, { role: 'admin' })
		const user = await createUser(ctx.db)
		const result = await setUserRole(ctx, { email: user.email.toUpperCase(), role: 'admin' }, { id: actor.id, role: 'admin' })
		expect(result).toEqual({ userId: user.id, previous: 'user', role: 'admin' })
		expect(await ctx.db.profile.findUnique({ where: { userId: user.id }, select: { role: true } })).toEqual({ role: 'admin' })
		const audit = await ctx.db.auditLogEntry.findMany({ where: { targetUserId: user.id } })
		expect(audit).toMatchObject([{ actorId: actor.id, action: 'role_changed', details: { from: 'user', to: 'admin' } }])
	})

	test('an unknown e-mail or role is refused with a clear message', async () => {
		const ctx = await createTestContext()
		await expect(setUserRole(ctx, { email: 'nobody@example.test', role: 'admin' })).rejects.toThrow(
			'No account uses the e-mail address nobody@example.test.',
		)
		await expect(setUserRole(ctx, { email: 'nobody@example.test', role: 'owner' as 'admin' })).rejects.toThrow(
			'Role must be "user" or "admin"',
		)
	})

	test('an acting user must be an admin, and cannot remove their own admin role', async () => {
		const ctx = await createTestContext()
		const admin = await createUser(ctx.db, { role: 'admin' })
		const user = await createUser(ctx.db)
		await expect(setUserRole(ctx, { email: admin.email, role: 'user' }, { id: user.id, role: 'user' })).rejects.toMatchObject({
			code: 'FORBIDDEN',
		})
		await expect(setUserRole(ctx, { email: admin.email, role: 'user' }, { id: admin.id, role: 'admin' })).rejects.toMatchObject({
			code: 'CONFLICT',
			message: 'You cannot remove your own admin role.',
		})
		expect(await ctx.db.profile.findUnique({ where: { userId: admin.id }, select: { role: true } })).toEqual({ role: 'admin' })
		expect(await ctx.db.auditLogEntry.count({ where: { targetUserId: admin.id } })).toBe(0)
	})
})
