import type { AppContext } from '#server/context.ts'
import { hashToken } from '#server/auth/tokens.ts'
import { DomainError } from './errors.ts'

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait 15 minutes and try again.'

export type RateLimitOptions = { limit: number; windowMs: number; now?: Date }

/** Ten attempts per quarter of an hour, per e-mail address and per client IP. */
export const ATTEMPT_LIMIT: RateLimitOptions = { limit: 10, windowMs: 15 * 60 * 1000 }

/**
 * Counts one attempt under `key` in a fixed window and refuses it once the
 * window holds more than `limit`. One statement, so concurrent requests on any
 * number of app processes count exactly: the first attempt inserts the row, an
 * attempt after the window has passed starts a new window at 1.
 */
export async function consumeRateLimit(ctx: Pick<AppContext, 'db'>, key: string, { limit, windowMs, now = new Date() }: RateLimitOptions) {
	const windowStartedBefore = new Date(now.getTime() - windowMs)
	const [row] = await ctx.db.$queryRaw<{ count: number }[]>`
		INSERT INTO rate_limits (key, count, window_start) VALUES (${key}, 1, ${now})
		ON CONFLICT (key) DO UPDATE SET
			count = CASE WHEN rate_limits.window_start <= ${windowStartedBefore} THEN 1 ELSE rate_limits.count + 1 END,
			window_start = CASE WHEN rate_limits.window_start <= ${windowStartedBefore} THEN ${now} ELSE rate_limits.window_start END
		RETURNING count`
	if (!row || row.count > limit) throw new DomainError('RATE_LIMITED', RATE_LIMITED_MESSAGE)
}

export type AttemptAction = 'signin' | 'signup' | 'magic-link' | 'password-reset' | 'setup'

/**
 * Counts an attempt at `action` both for the e-mail address it targets and for
 * the client's IP: the first stops guessing one account's password from many
 * addresses, the second one address trying many accounts. E-mail addresses
 * are kept only as hashes in the counters.
 */
export async function limitAttempts(
	ctx: Pick<AppContext, 'db'>,
	action: AttemptAction,
	{ email, ip, now }: { email?: string; ip: string; now?: Date },
) {
	const options = { ...ATTEMPT_LIMIT, now }
	if (ip) await consumeRateLimit(ctx, `${action}:ip:${ip}`, options)
	if (email) await consumeRateLimit(ctx, `${action}:email:${hashToken(email)}`, options)
}
