import { cookieValue } from '#server/http/cookies.ts'
import type { Db } from '#server/db/client.ts'
import type { RequestContext } from '#server/context.ts'
import { Prisma } from '#server/db/generated/client.ts'
import { paymentFailedSql } from '#server/domain/credits/balance.ts'
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
	/**
	 * What almost every signed-in page shows or needs, read with the session in the same statement
	 * (so a page costs one round trip for all of it): the plan and credits in the header, the
	 * payment-failed banner, and the practice and time zone the feed matches and dates by.
	 * A snapshot at the start of the request: code that changes these reads them afresh.
	 */
	account: {
		plan: 'free' | 'pro'
		creditsRemaining: number
		paymentFailed: boolean
		mediums: string[]
		interests: string[]
		timeZone: string | null
	}
}

export type ValidatedSession = {
	sessionId: string
	expiresAt: Date
	/** True when the expiry moved, so the cookie must be sent again. */
	renewed: boolean
	user: SessionUser
}

type SessionRow = {
	expires_at: Date
	user_id: string
	email: string
	role: 'user' | 'admin' | null
	onboarding_completed: boolean | null
	plan: 'free' | 'pro' | null
	credits_remaining: number | null
	mediums: string[] | null
	interests: string[] | null
	time_zone: string | null
	payment_failed: boolean
}

export async function createSession(db: Db, userId: string, now = new Date()) {
	const token = generateToken()
	const expiresAt = new Date(now.getTime() + SESSION_TTL_MS)
	await db.session.create({ data: { id: hashToken(token), userId, expiresAt } })
	return { token, expiresAt }
}

export async function validateSessionToken(db: Db, token: string, now = new Date()): Promise<ValidatedSession | null> {
	const sessionId = hashToken(token)
	// One statement for the session, its user and their profile and billing state.
	const [row] = await db.$queryRaw<SessionRow[]>`
		SELECT s.expires_at, u.id AS user_id, u.email, p.role::text AS role, p.onboarding_completed,
		       p.plan::text AS plan, p.credits_remaining, p.mediums, p.interests, p.time_zone,
		       ${paymentFailedSql(Prisma.sql`u.id`)} AS payment_failed
		FROM sessions s
		JOIN users u ON u.id = s.user_id
		LEFT JOIN profiles p ON p.user_id = u.id
		WHERE s.id = ${sessionId}`
	if (!row) return null
	if (row.expires_at.getTime() <= now.getTime()) {
		await db.session.deleteMany({ where: { id: sessionId } })
		return null
	}
	let expiresAt = row.expires_at
	const renewed = expiresAt.getTime() - now.getTime() < SESSION_TTL_MS / 2
	if (renewed) {
		expiresAt = new Date(now.getTime() + SESSION_TTL_MS)
		await db.session.update({ where: { id: sessionId }, data: { expiresAt } })
	}
	return {
		sessionId,
		expiresAt,
		renewed,
		user: {
			id: row.user_id,
			email: row.email,
			// A missing profile counts as role user and onboarding not completed (spec section 4),
			// with no credits on the Free plan.
			role: row.role ?? 'user',
			onboardingCompleted: row.onboarding_completed ?? false,
			account: {
				plan: row.plan ?? 'free',
				creditsRemaining: row.credits_remaining ?? 0,
				paymentFailed: row.payment_failed,
				mediums: row.mediums ?? [],
				interests: row.interests ?? [],
				timeZone: row.time_zone,
			},
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
