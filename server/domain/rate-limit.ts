import { isIPv6 } from 'node:net'
import type { AppContext } from '#server/context.ts'
import { hashToken } from '#server/auth/tokens.ts'
import { DomainError } from './errors.ts'

/*
 * Attempt limits of the account forms (docs/decisions/023-account-limits-and-redirects.md).
 * Counters live in PostgreSQL (`rate_limits`), so every app process counts the same attempts.
 */

/** Every counter counts in fixed windows of this length; the cleanup job deletes rows older than one. */
export const RATE_LIMIT_WINDOW_MS = 15 * 60 * 1000

export function rateLimitedMessage(minutes: number) {
	return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`
}

/**
 * How many attempts each counter allows per window.
 *
 * Sign-in counts failures only, so people who get in cost nothing: `pair` (one e-mail from one
 * address) is the strict limit a guesser meets; `email` (across all addresses) stops a guess at
 * one account spread over many addresses; `address` (across all e-mails) stops one address
 * trying many accounts, and is loose because a school or an office shares one address.
 *
 * The others count every request, since each one sends an e-mail or creates something:
 * per address (enough for a class signing up together) and per e-mail (its owner's inbox).
 */
export const LIMITS = {
	signin: { pair: 10, email: 50, address: 100 },
	signup: { email: 10, address: 30 },
	'magic-link': { email: 10, address: 30 },
	'password-reset': { email: 10, address: 30 },
	setup: { email: 10, address: 10 },
	// Counted per account's current address: each one e-mails it (ADR 028).
	'email-change': { email: 10, address: 30 },
} as const

export type RequestAction = Exclude<keyof typeof LIMITS, 'signin'>

/**
 * Regenerate costs no credit (PRODUCT.md) but each one is a model call, and reads the question's
 * context files again: a signed-in artist may regenerate this many answers per window, far more
 * than reworking every answer of a long application twice.
 */
export const REGENERATE_LIMIT = 60

/** Counts one Regenerate of `userId`'s; RATE_LIMITED once over REGENERATE_LIMIT in the window. */
export async function limitRegenerations(ctx: Pick<AppContext, 'db'>, userId: string, now?: Date) {
	await consumeRateLimits(ctx, [{ key: `regenerate:user:${userId}`, limit: REGENERATE_LIMIT }], now)
}

export type LimitRule = { key: string; limit: number }

type Counted = { key: string; count: number; windowStart: Date }

/**
 * The counter key of a client address. An IPv6 client usually holds a whole /64 (2^64
 * addresses), so IPv6 is counted per /64; IPv4 (also when mapped into IPv6) per address.
 * Anything else (a test's made-up address) is used as it is.
 */
export function addressKey(ip: string) {
	const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
	if (mapped) return mapped[1]!
	if (!isIPv6(ip)) return ip
	return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`
}

/** The eight groups of an IPv6 address, without leading zeros ("2001:db8::1" → 2001, db8, 0, … 1). */
function ipv6Groups(ip: string) {
	let address = ip.split('%')[0]!
	const ipv4Tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address)
	if (ipv4Tail) {
		const [a, b, c, d] = ipv4Tail.slice(1).map(Number) as [number, number, number, number]
		address = `${address.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
	}
	const [head = '', tail] = address.split('::')
	const left = head ? head.split(':') : []
	const right = tail ? tail.split(':') : []
	const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
	return groups.map((group) => Number.parseInt(group, 16).toString(16))
}

/**
 * Counts one attempt under every rule's key, in one statement, so concurrent attempts on any
 * number of app processes count exactly: a missing row starts at 1, a row whose window has passed
 * restarts at 1 in a new window. When any key goes over its limit the attempt is refused and
 * taken back from every key: a refused attempt checks nothing, so it must not use up the others'
 * allowance (a student hammering their own locked account would otherwise lock out the school).
 */
export async function consumeRateLimits(ctx: Pick<AppContext, 'db'>, rules: LimitRule[], now = new Date()): Promise<Counted[]> {
	// Sorted and unique: rows are locked in one order by everyone (no deadlock), each once.
	const keys = [...new Set(rules.map((rule) => rule.key))].sort()
	if (!keys.length) return []
	const windowStartedBefore = new Date(now.getTime() - RATE_LIMIT_WINDOW_MS)
	const counted = await ctx.db.$queryRaw<Counted[]>`
		INSERT INTO rate_limits (key, count, window_start)
		SELECT key, 1, ${now} FROM unnest(${keys}::text[]) WITH ORDINALITY AS k(key, position) ORDER BY position
		ON CONFLICT (key) DO UPDATE SET
			count = CASE WHEN rate_limits.window_start <= ${windowStartedBefore} THEN 1 ELSE rate_limits.count + 1 END,
			window_start = CASE WHEN rate_limits.window_start <= ${windowStartedBefore} THEN ${now} ELSE rate_limits.window_start END
		RETURNING key, count, window_start AS "windowStart"`
	const over = counted.filter((row) => row.count > (rules.find((rule) => rule.key === row.key)?.limit ?? 0))
	if (over.length) {
		await uncount(ctx, counted)
		const until = Math.max(...over.map((row) => row.windowStart.getTime() + RATE_LIMIT_WINDOW_MS))
		throw new DomainError('RATE_LIMITED', rateLimitedMessage(Math.max(1, Math.ceil((until - now.getTime()) / 60_000))))
	}
	return counted
}

/** Takes one attempt back from each counter, unless its window has restarted since. */
async function uncount(ctx: Pick<AppContext, 'db'>, counted: Counted[]) {
	if (!counted.length) return
	await ctx.db.$executeRaw`
		UPDATE rate_limits SET count = rate_limits.count - 1
		FROM unnest(${counted.map((row) => row.key)}::text[], ${counted.map((row) => row.windowStart.toISOString())}::timestamptz[]) AS c(key, window_start)
		WHERE rate_limits.key = c.key AND rate_limits.window_start = c.window_start AND rate_limits.count > 0`
}

const emailKey = (action: string, email: string) => `${action}:email:${hashToken(email)}`
const addressRuleKey = (action: string, ip: string) => `${action}:ip:${addressKey(ip)}`

/**
 * Counts a request to sign up, for a magic link, for a password reset or to create the first
 * admin, per client address and per e-mail address (kept only as a hash). Refuses it with a
 * RATE_LIMITED error ("Too many attempts. Try again in N minutes.") once either is over.
 */
export async function limitRequests(
	ctx: Pick<AppContext, 'db'>,
	action: RequestAction,
	{ email, ip, now }: { email?: string; ip: string; now?: Date },
) {
	const limits = LIMITS[action]
	const rules: LimitRule[] = []
	if (ip) rules.push({ key: addressRuleKey(action, ip), limit: limits.address })
	if (email) rules.push({ key: emailKey(action, email), limit: limits.email })
	await consumeRateLimits(ctx, rules, now)
}

/** A sign-in attempt, counted as a failure until it is known to have succeeded. */
export type SignInAttempt = { succeeded(): Promise<void> }

/**
 * Sign-in counts failures only. The attempt is counted as one before the password is checked
 * (so a thousand parallel guesses cannot all get in before the first is counted), and
 * `succeeded()` takes it back: a right password costs nothing, and clears the failures of that
 * e-mail from that address, so an artist's own typos never outlast their sign-in.
 */
export async function limitSignInFailures(
	ctx: Pick<AppContext, 'db'>,
	{ email, ip, now }: { email: string; ip: string; now?: Date },
): Promise<SignInAttempt> {
	const { pair, email: perEmail, address } = LIMITS.signin
	const pairKey = `signin:pair:${hashToken(`${email}\n${addressKey(ip)}`)}`
	const rules: LimitRule[] = [
		{ key: pairKey, limit: pair },
		{ key: emailKey('signin', email), limit: perEmail },
	]
	if (ip) rules.push({ key: addressRuleKey('signin', ip), limit: address })
	const counted = await consumeRateLimits(ctx, rules, now)
	return {
		async succeeded() {
			await ctx.db.rateLimit.deleteMany({ where: { key: pairKey } })
			await uncount(
				ctx,
				counted.filter((row) => row.key !== pairKey),
			)
		},
	}
}
