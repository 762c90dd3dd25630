import { cookieValue } from '#server/http/cookies.ts'
import type { Db } from '#server/db/client.ts'
import type { RequestContext } from '#server/context.ts'
import { generateToken, hashToken } from './tokens.ts'

/**
 * Sessions in the Lucia design: the cookie carries a random token, the
 * database keeps only its SHA-256 as the session id. Sessions slide: one used
 * in the second half of its life is extended to a full 30 days again.
 */
export const SESSION_COOKIE = 'cb_session'
const DAY = 24 * 60 * 60 * 1000
export const SESSION_TTL_MS = 30 * DAY

export type SessionUser = {
	id: string
	email: string
	role: 'user' | 'admin'
	onboardingCompleted: boolean
}

export type ValidatedSession = {
	sessionId: string
	expiresAt: Date
	/** True when the expiry moved, so the cookie must be sent again. */
	renewed: boolean
	user: SessionUser
}

export async function createSession(db: Db, userId: string, now = new Date()) {
	const token = generateToken()
	const expiresAt = new Date(now.getTime() + SESSION_TTL_MS)
	await db.session.create({ data: { id: hashToken(token), userId, expiresAt } })
	return { token, expiresAt }
}

export async function validateSessionToken(db: Db, token: string, now = new Date()): Promise<ValidatedSession | null> {
	const sessionId = hashToken(token)
	const session = await db.session.findUnique({
		where: { id: sessionId },
		select: {
			expiresAt: true,
			user: { select: { id: true, email: true, profile: { select: { role: true, onboardingCompleted: true } } } },
		},
	})
	if (!session) return null
	if (session.expiresAt.getTime() <= now.getTime()) {
		await db.session.deleteMany({ where: { id: sessionId } })
		return null
	}
	let expiresAt = session.expiresAt
	const renewed = expiresAt.getTime() - now.getTime() < SESSION_TTL_MS / 2
	if (renewed) {
		expiresAt = new Date(now.getTime() + SESSION_TTL_MS)
		await db.session.update({ where: { id: sessionId }, data: { expiresAt } })
	}
	const { user } = session
	return {
		sessionId,
		expiresAt,
		renewed,
		user: {
			id: user.id,
			email: user.email,
			// A missing profile counts as role user and onboarding not completed (spec section 4).
			role: user.profile?.role ?? 'user',
			onboardingCompleted: user.profile?.onboardingCompleted ?? false,
		},
	}
}

export async function invalidateSession(db: Db, sessionId: string) {
	await db.session.deleteMany({ where: { id: sessionId } })
}

/** Accepts a transaction too, so a password change and the sign-out everywhere commit together. */
export async function invalidateAllSessions(db: Pick<Db, 'session'>, userId: string) {
	await db.session.deleteMany({ where: { userId } })
}

export function serializeSessionCookie(token: string, expiresAt: Date, { secure }: { secure: boolean }) {
	return [
		`${SESSION_COOKIE}=${token}`,
		'Path=/',
		'HttpOnly',
		'SameSite=Lax',
		`Expires=${expiresAt.toUTCString()}`,
		secure ? 'Secure' : null,
	]
		.filter(Boolean)
		.join('; ')
}

export function serializeClearedSessionCookie({ secure }: { secure: boolean }) {
	return [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', secure ? 'Secure' : null]
		.filter(Boolean)
		.join('; ')
}

export function readSessionToken(cookieHeader: string | null | undefined): string | null {
	const value = cookieValue(cookieHeader, SESSION_COOKIE)
	return value !== null && /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : null
}

/**
 * The signed-in user of this request, or null. The session is resolved once
 * per request by the server (server/http/session-middleware.ts) and handed to
 * Remix through the load context.
 */
export async function getOptionalUser(_request: Request, context: RequestContext): Promise<SessionUser | null> {
	return context.session?.user ?? null
}
