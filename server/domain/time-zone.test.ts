import { describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { createUser } from '#tests/factories.ts'
import { ProfileBasicsInput } from './profiles/profile.schema.ts'
import { canonicalTimeZone, effectiveTimeZone, getArtistToday, isValidTimeZone, timeZoneChoices, todayIn } from './time-zone.ts'

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

describe('the time zones an artist picks from', () => {
	test('are listed under their current names, with UTC, sorted, each once', () => {
		const zones = timeZoneChoices()
		expect(zones).toEqual(expect.arrayContaining(['Asia/Kolkata', 'Europe/Kyiv', 'America/Argentina/Buenos_Aires', 'Europe/Berlin', 'UTC']))
		for (const old of ['Asia/Calcutta', 'Europe/Kiev', 'America/Buenos_Aires']) expect(zones).not.toContain(old)
		// Every name the list offers is already the name it would be saved under.
		expect(zones.filter((zone) => canonicalTimeZone(zone) !== zone)).toEqual([])
		expect([...zones]).toEqual([...zones].sort())
		expect(new Set(zones).size).toBe(zones.length)
	})

	test('a zone is saved and shown under its current name, in its usual case', () => {
		expect(canonicalTimeZone('Asia/Calcutta')).toBe('Asia/Kolkata')
		expect(canonicalTimeZone('asia/kolkata')).toBe('Asia/Kolkata')
		expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin')
		expect(canonicalTimeZone('Etc/UTC')).toBe('UTC')
		expect(canonicalTimeZone('Mars/Olympus')).toBe('Mars/Olympus')
		expect(ProfileBasicsInput.shape.timeZone.parse(' asia/calcutta ')).toBe('Asia/Kolkata')
	})

	test('a saved zone the list lacks is added, so the select shows it; nothing unknown is', () => {
		expect(timeZoneChoices('America/New_York')).toBe(timeZoneChoices())
		expect(timeZoneChoices('Asia/Calcutta')).toContain('Asia/Calcutta')
		expect(timeZoneChoices('Mars/Olympus')).not.toContain('Mars/Olympus')
	})

	test('both the old and the new name of a renamed zone are valid (browsers report either)', () => {
		for (const zone of ['Asia/Calcutta', 'Asia/Kolkata', 'Europe/Kiev', 'Europe/Kyiv']) expect(isValidTimeZone(zone)).toBe(true)
		expect(todayIn('Asia/Kolkata', new Date('2026-03-01T20:00:00Z'))).toBe('2026-03-02')
	})
})
