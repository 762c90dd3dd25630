import { describe, expect, test } from 'vitest'
import { getTestDb } from '#tests/db.ts'
import { createUser } from '#tests/factories.ts'
import {
	SESSION_TTL_MS,
	createSession,
	invalidateAllSessions,
	readSessionToken,
	serializeSessionCookie,
	validateSessionToken,
} from './session.server.ts'
import { hashToken } from './tokens.ts'

const DAY = 24 * 60 * 60 * 1000

describe('sessions', () => {
	test('the database keeps only the hash of the token', async () => {
		const db = await getTestDb()
		const user = await createUser(db)
		const { token } = await createSession(db, user.id)
		expect(await db.session.findUnique({ where: { id: token } })).toBeNull()
		expect(await db.session.findUnique({ where: { id: hashToken(token) } })).not.toBeNull()
	})

	test('a valid token resolves to its user, role and onboarding state', async () => {
		const db = await getTestDb()
		const user = await createUser(db, { role: 'admin', onboardingCompleted: true })
		const { token } = await createSession(db, user.id)
		const session = await validateSessionToken(db, token)
		expect(session?.user).toEqual({
			id: user.id,
			email: user.email,
			role: 'admin',
			onboardingCompleted: true,
			account: { plan: 'free', creditsRemaining: 0, paymentFailed: false, mediums: [], interests: [], timeZone: null },
		})
		expect(await validateSessionToken(db, `${token}x`)).toBeNull()
	})

	test('sliding expiry: renewed to 30 days once half used, and gone once expired', async () => {
		const db = await getTestDb()
		const user = await createUser(db)
		const start = new Date('2026-01-01T00:00:00Z')
		const { token } = await createSession(db, user.id, start)

		const early = await validateSessionToken(db, token, new Date(start.getTime() + 5 * DAY))
		expect(early?.renewed).toBe(false)

		const later = new Date(start.getTime() + 20 * DAY)
		const renewed = await validateSessionToken(db, token, later)
		expect(renewed?.renewed).toBe(true)
		expect(renewed?.expiresAt.getTime()).toBe(later.getTime() + SESSION_TTL_MS)

		const expired = new Date(later.getTime() + SESSION_TTL_MS + 1)
		expect(await validateSessionToken(db, token, expired)).toBeNull()
		expect(await db.session.count({ where: { userId: user.id } })).toBe(0)
	})

	test('every session of a user can be revoked at once', async () => {
		const db = await getTestDb()
		const user = await createUser(db)
		const a = await createSession(db, user.id)
		const b = await createSession(db, user.id)
		expect(a.token).not.toBe(b.token)
		await invalidateAllSessions(db, user.id)
		expect(await validateSessionToken(db, a.token)).toBeNull()
		expect(await validateSessionToken(db, b.token)).toBeNull()
	})

	test('the cookie is HttpOnly, SameSite=Lax, and Secure only when asked', () => {
		const expires = new Date('2030-01-01T00:00:00Z')
		const cookie = serializeSessionCookie('abcdefghijklmnopqrstuvwx', expires, { secure: true })
		expect(cookie).toContain('HttpOnly')
		expect(cookie).toContain('SameSite=Lax')
		expect(cookie).toContain('Secure')
		expect(serializeSessionCookie('abcdefghijklmnopqrstuvwx', expires, { secure: false })).not.toContain('Secure')
		expect(readSessionToken(`a=1; ${cookie.split(';')[0]}; b=2`)).toBe('abcdefghijklmnopqrstuvwx')
		expect(readSessionToken('cb_session=<script>')).toBeNull()
	})
})
