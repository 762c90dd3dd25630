import { describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { createUser } from '#tests/factories.ts'
import { effectiveTimeZone, getArtistToday, isValidTimeZone, todayIn } from './time-zone.ts'

describe("an artist's today", () => {
	test("is their calendar day, not the server's UTC day", () => {
		const lateEvening = new Date('2025-03-09T23:30:00Z')
		expect(todayIn('UTC', lateEvening)).toBe('2025-03-09')
		expect(todayIn('Pacific/Kiritimati', lateEvening)).toBe('2025-03-10')
		expect(todayIn('America/Los_Angeles', lateEvening)).toBe('2025-03-09')
		const earlyMorning = new Date('2025-03-10T02:00:00Z')
		expect(todayIn('Pacific/Pago_Pago', earlyMorning)).toBe('2025-03-09')
	})

	test('an unknown zone counts as UTC', () => {
		expect(isValidTimeZone('Not/A_Zone')).toBe(false)
		expect(todayIn('Not/A_Zone', new Date('2025-03-10T02:00:00Z'))).toBe('2025-03-10')
	})

	test("the profile's choice wins over the browser's zone, and UTC is the last resort", () => {
		expect(effectiveTimeZone('Asia/Tokyo', 'Europe/Berlin')).toBe('Asia/Tokyo')
		expect(effectiveTimeZone(null, 'Europe/Berlin')).toBe('Europe/Berlin')
		expect(effectiveTimeZone('Mars/Olympus', 'bogus')).toBe('UTC')
	})

	test("an artist's today follows their saved zone, else their browser's", async () => {
		const ctx = await createTestContext()
		const { id } = await createUser(ctx.db, { onboardingCompleted: true })
		const now = new Date('2025-03-09T23:30:00Z')
		expect(await getArtistToday(ctx, id, { now })).toBe('2025-03-09')
		expect(await getArtistToday(ctx, id, { now, browserTimeZone: 'Asia/Tokyo' })).toBe('2025-03-10')
		await ctx.db.profile.update({ where: { userId: id }, data: { timeZone: 'America/Los_Angeles' } })
		expect(await getArtistToday(ctx, id, { now, browserTimeZone: 'Asia/Tokyo' })).toBe('2025-03-09')
	})
})
