import { describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { verifyPassword } from '#server/auth/password.ts'
import { DomainError } from '#server/domain/errors.ts'
import { announceSetupLink, createFirstAdmin, isSetupTokenValid, CreateFirstAdminInput } from './setup.ts'

// One database for this file: the steps below build on each other, as on a fresh installation.
describe('first admin setup link', () => {
	test('a fresh installation prints a link; only the newest link is valid', async () => {
		const ctx = await createTestContext()
		const first = await announceSetupLink(ctx)
		const second = await announceSetupLink(ctx)
		expect(first).toMatch(/^http:\/\/localhost:3999\/setup\?token=[\w-]{40,}$/)
		expect(await isSetupTokenValid(ctx, tokenOf(first))).toBe(false)
		expect(await isSetupTokenValid(ctx, tokenOf(second))).toBe(true)
		expect(await isSetupTokenValid(ctx, 'not-a-real-token-at-all')).toBe(false)
	})

	test('weak passwords are refused with the reasons', () => {
		const result = CreateFirstAdminInput.safeParse({ token: 'x'.repeat(40), email: 'a@b.co', password: 'short' })
		expect(result.success).toBe(false)
		expect(result.error?.issues.map((issue) => issue.message)).toEqual([
			'Password must be at least 8 characters',
			'Password must contain a number or a symbol',
		])
	})

	test('the link creates the first admin exactly once, even when submitted twice at the same moment', async () => {
		const ctx = await createTestContext()
		const link = await announceSetupLink(ctx)
		const token = tokenOf(link)
		const attempt = (email: string) =>
			createFirstAdmin(ctx, CreateFirstAdminInput.parse({ token, email, password: 'curator-2026' }))

		const results = await Promise.allSettled([attempt('Ada@Example.test '), attempt('eve@example.test')])
		const fulfilled = results.filter((r) => r.status === 'fulfilled')
		const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
		expect(fulfilled).toHaveLength(1)
		expect(rejected[0]?.reason).toBeInstanceOf(DomainError)
		expect(rejected[0]?.reason.message).toBe('This setup link is no longer valid.')

		const admins = await ctx.db.profile.findMany({ where: { role: 'admin' }, select: { user: { select: { email: true, password: true } } } })
		expect(admins).toHaveLength(1)
		expect(['ada@example.test', 'eve@example.test']).toContain(admins[0]?.user.email)
		expect(await verifyPassword(admins[0]!.user.password!.hash, 'curator-2026')).toBe(true)

		// The link is dead, and no new link is printed once an admin exists.
		expect(await isSetupTokenValid(ctx, token)).toBe(false)
		await expect(attempt('mallory@example.test')).rejects.toThrow('This setup link is no longer valid.')
		expect(await announceSetupLink(ctx)).toBeNull()
	})
})

function tokenOf(link: string | null) {
	return new URL(link ?? 'http://x').searchParams.get('token') ?? ''
}
