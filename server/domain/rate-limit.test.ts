import { describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { ATTEMPT_LIMIT, consumeRateLimit, limitAttempts, RATE_LIMITED_MESSAGE } from './rate-limit.ts'

const WINDOW = ATTEMPT_LIMIT.windowMs

describe('consumeRateLimit', () => {
	test('allows 10 attempts per window and refuses the 11th with a 429 error', async () => {
		const ctx = await createTestContext()
		const now = new Date('2026-03-01T10:00:00Z')
		for (let i = 0; i < 10; i++) await consumeRateLimit(ctx, 'test:a', { ...ATTEMPT_LIMIT, now })
		const refused = consumeRateLimit(ctx, 'test:a', { ...ATTEMPT_LIMIT, now: new Date(now.getTime() + WINDOW - 1) })
		await expect(refused).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429, message: RATE_LIMITED_MESSAGE })
		// Another key has its own count.
		await expect(consumeRateLimit(ctx, 'test:b', { ...ATTEMPT_LIMIT, now })).resolves.toBeUndefined()
	})

	test('a new window starts once the old one has passed', async () => {
		const ctx = await createTestContext()
		const now = new Date('2026-03-01T10:00:00Z')
		for (let i = 0; i < 11; i++) await consumeRateLimit(ctx, 'test:c', { ...ATTEMPT_LIMIT, now }).catch(() => {})
		const next = new Date(now.getTime() + WINDOW)
		await expect(consumeRateLimit(ctx, 'test:c', { ...ATTEMPT_LIMIT, now: next })).resolves.toBeUndefined()
		expect(await ctx.db.rateLimit.findUnique({ where: { key: 'test:c' } })).toEqual({ key: 'test:c', count: 1, windowStart: next })
	})

	test('concurrent attempts are counted exactly', async () => {
		const ctx = await createTestContext()
		const now = new Date()
		const results = await Promise.allSettled(
			Array.from({ length: 15 }, () => consumeRateLimit(ctx, 'test:d', { ...ATTEMPT_LIMIT, now })),
		)
		expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10)
		expect((await ctx.db.rateLimit.findUnique({ where: { key: 'test:d' } }))?.count).toBe(15)
	})

	test('limitAttempts counts the e-mail (only as a hash) and the IP separately', async () => {
		const ctx = await createTestContext()
		await limitAttempts(ctx, 'signin', { email: 'ada@example.test', ip: '203.0.113.9' })
		const keys = (await ctx.db.rateLimit.findMany({ where: { key: { startsWith: 'signin:' } } })).map((row) => row.key)
		expect(keys).toContain('signin:ip:203.0.113.9')
		expect(keys.some((key) => /^signin:email:[0-9a-f]{64}$/.test(key))).toBe(true)
		expect(keys.join()).not.toContain('ada@')
	})
})
