import { describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { hashToken } from '#server/auth/tokens.ts'
import {
	addressKey,
	consumeRateLimits,
	LIMITS,
	limitRequests,
	limitSignInFailures,
	RATE_LIMIT_WINDOW_MS,
	rateLimitedMessage,
} from './rate-limit.ts'

const MINUTE = 60 * 1000

async function countOf(ctx: Awaited<ReturnType<typeof createTestContext>>, key: string) {
	return (await ctx.db.rateLimit.findUnique({ where: { key } }))?.count ?? 0
}

describe('consumeRateLimits', () => {
	test('allows `limit` attempts per window and refuses the next with a 429 that says how long to wait', async () => {
		const ctx = await createTestContext()
		const now = new Date('2026-03-01T10:00:00Z')
		for (let i = 0; i < 10; i++) await consumeRateLimits(ctx, [{ key: 'test:a', limit: 10 }], now)
		await expect(consumeRateLimits(ctx, [{ key: 'test:a', limit: 10 }], now)).rejects.toMatchObject({
			code: 'RATE_LIMITED',
			status: 429,
			message: 'Too many attempts. Try again in 15 minutes.',
		})
		const nearTheEnd = new Date(now.getTime() + RATE_LIMIT_WINDOW_MS - 30_000)
		await expect(consumeRateLimits(ctx, [{ key: 'test:a', limit: 10 }], nearTheEnd)).rejects.toThrow(rateLimitedMessage(1))
		expect(rateLimitedMessage(1)).toBe('Too many attempts. Try again in 1 minute.')
		// Another key has its own count.
		await expect(consumeRateLimits(ctx, [{ key: 'test:b', limit: 10 }], now)).resolves.toHaveLength(1)
	})

	test('a new window starts once the old one has passed', async () => {
		const ctx = await createTestContext()
		const now = new Date('2026-03-01T10:00:00Z')
		for (let i = 0; i < 11; i++) await consumeRateLimits(ctx, [{ key: 'test:c', limit: 10 }], now).catch(() => {})
		const next = new Date(now.getTime() + RATE_LIMIT_WINDOW_MS)
		await expect(consumeRateLimits(ctx, [{ key: 'test:c', limit: 10 }], next)).resolves.toHaveLength(1)
		expect(await ctx.db.rateLimit.findUnique({ where: { key: 'test:c' } })).toEqual({ key: 'test:c', count: 1, windowStart: next })
	})

	test('a refused attempt is taken back from every counter, so it uses up nobody else’s allowance', async () => {
		const ctx = await createTestContext()
		const now = new Date()
		for (let i = 0; i < 3; i++) await consumeRateLimits(ctx, [{ key: 'test:strict', limit: 3 }], now)
		for (let i = 0; i < 5; i++) {
			await expect(
				consumeRateLimits(ctx, [{ key: 'test:strict', limit: 3 }, { key: 'test:shared', limit: 100 }], now),
			).rejects.toMatchObject({ code: 'RATE_LIMITED' })
		}
		expect(await countOf(ctx, 'test:strict')).toBe(3)
		expect(await countOf(ctx, 'test:shared')).toBe(0)
	})

	test('concurrent attempts are counted exactly', async () => {
		const ctx = await createTestContext()
		const now = new Date()
		const rules = [
			{ key: 'test:d', limit: 10 },
			{ key: 'test:e', limit: 100 },
		]
		const results = await Promise.allSettled(Array.from({ length: 15 }, () => consumeRateLimits(ctx, rules, now)))
		expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10)
		expect(await countOf(ctx, 'test:d')).toBe(10)
		expect(await countOf(ctx, 'test:e')).toBe(10)
	})
})

describe('addressKey', () => {
	test('IPv4 per address, also when mapped into IPv6; IPv6 per /64', () => {
		expect(addressKey('203.0.113.9')).toBe('203.0.113.9')
		expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9')
		expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
		expect(addressKey('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64')
		expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
		expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64')
		expect(addressKey('::1')).toBe('0:0:0:0::/64')
		expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
		expect(addressKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64')
		expect(addressKey('')).toBe('')
	})
})

describe('limitRequests', () => {
	test('counts the e-mail (only as a hash) and the client address separately, by requests', async () => {
		const ctx = await createTestContext()
		await limitRequests(ctx, 'magic-link', { email: 'ada@example.test', ip: '203.0.113.9' })
		const keys = (await ctx.db.rateLimit.findMany({ where: { key: { startsWith: 'magic-link:' } } })).map((row) => row.key)
		expect(keys.sort()).toEqual([`magic-link:email:${hashToken('ada@example.test')}`, 'magic-link:ip:203.0.113.9'])
		expect(keys.join()).not.toContain('ada@')
	})

	test('one address creating accounts in a burst is refused after 30, however many e-mails it uses', async () => {
		const ctx = await createTestContext()
		const now = new Date()
		const results = await Promise.allSettled(
			Array.from({ length: 100 }, (_, i) => limitRequests(ctx, 'signup', { email: `burst-${i}@example.test`, ip: '203.0.113.50', now })),
		)
		expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(LIMITS.signup.address)
		// Magic links, resets and sign-in keep counters of their own.
		await expect(limitRequests(ctx, 'magic-link', { email: 'burst-0@example.test', ip: '203.0.113.50', now })).resolves.toBeUndefined()
	})
})

describe('limitSignInFailures', () => {
	test('a failure counts for the pair, the e-mail and the address; a success is taken back and clears the pair', async () => {
		const ctx = await createTestContext()
		const who = { email: 'bea@example.test', ip: '198.51.100.7' }
		const pairKey = `signin:pair:${hashToken(`${who.email}\n${who.ip}`)}`
		const emailKey = `signin:email:${hashToken(who.email)}`
		const ipKey = 'signin:ip:198.51.100.7'

		await limitSignInFailures(ctx, who) // a wrong password: never told it succeeded
		await limitSignInFailures(ctx, who)
		expect([await countOf(ctx, pairKey), await countOf(ctx, emailKey), await countOf(ctx, ipKey)]).toEqual([2, 2, 2])

		const attempt = await limitSignInFailures(ctx, who)
		await attempt.succeeded()
		expect(await ctx.db.rateLimit.findUnique({ where: { key: pairKey } })).toBeNull()
		expect([await countOf(ctx, emailKey), await countOf(ctx, ipKey)]).toEqual([2, 2])
	})

	test('the pair is refused after 10 failures within 15 minutes; a new window lets it try again', async () => {
		const ctx = await createTestContext()
		const now = new Date()
		const who = { email: 'cy@example.test', ip: '198.51.100.8', now }
		for (let i = 0; i < LIMITS.signin.pair; i++) await limitSignInFailures(ctx, who)
		await expect(limitSignInFailures(ctx, who)).rejects.toMatchObject({ code: 'RATE_LIMITED' })
		await expect(limitSignInFailures(ctx, { ...who, ip: '198.51.100.9' })).resolves.toBeDefined()
		await expect(limitSignInFailures(ctx, { ...who, now: new Date(now.getTime() + 15 * MINUTE) })).resolves.toBeDefined()
	})
})
