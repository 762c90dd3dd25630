import type { AppContext } from '#server/context.ts'
import { RATE_LIMIT_WINDOW_MS } from './rate-limit.ts'

// Used or expired e-mail links are kept a day, so support can still see what happened to one.
const EMAIL_TOKEN_RETENTION_MS = 24 * 60 * 60 * 1000

/**
 * Deletes rows that no longer mean anything: attempt counters whose window has
 * passed, expired sessions, and e-mail links used or expired over a day ago.
 * Run by the `maintenance.cleanup` job every 15 minutes, so these tables stay
 * small however many visitors come and go.
 */
export async function deleteExpiredRows(ctx: Pick<AppContext, 'db'>, now = new Date()) {
	const tokensBefore = new Date(now.getTime() - EMAIL_TOKEN_RETENTION_MS)
	const [rateLimits, sessions, emailTokens] = await ctx.db.$transaction([
		ctx.db.rateLimit.deleteMany({ where: { windowStart: { lte: new Date(now.getTime() - RATE_LIMIT_WINDOW_MS) } } }),
		ctx.db.session.deleteMany({ where: { expiresAt: { lte: now } } }),
		ctx.db.emailToken.deleteMany({ where: { OR: [{ expiresAt: { lte: tokensBefore } }, { usedAt: { lte: tokensBefore } }] } }),
	])
	return { rateLimits: rateLimits.count, sessions: sessions.count, emailTokens: emailTokens.count }
}
