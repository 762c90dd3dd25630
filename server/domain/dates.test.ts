import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { daysUntil, dueNote, formatLongDate, formatShortDate, isDeadlineSoon, parseIsoDate, todayIsoDate, toIsoDate } from './dates.ts'

describe('calendar dates', () => {
	test('format yyyy-MM-dd in en-US short and long forms without shifting the day', () => {
		expect(formatShortDate('2025-01-05')).toBe('Jan 5, 2025')
		expect(formatLongDate('2025-01-05')).toBe('January 5, 2025')
		expect(formatShortDate('2025-12-31')).toBe('Dec 31, 2025')
		expect(formatLongDate('2024-02-29')).toBe('February 29, 2024')
	})

	test("every calendar date reads as Intl's en-US short and long forms", () => {
		const intl = (month: 'short' | 'long') => new Intl.DateTimeFormat('en-US', { month, day: 'numeric', year: 'numeric', timeZone: 'UTC' })
		const [short, long] = [intl('short'), intl('long')]
		fc.assert(
			fc.property(fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }), (date) => {
				const value = toIsoDate(date)
				const midnight = new Date(`${value}T00:00:00Z`)
				expect(formatShortDate(value)).toBe(short.format(midnight))
				expect(formatLongDate(value)).toBe(long.format(midnight))
			}),
			{ numRuns: 2_000 },
		)
	})

	test('anything that is not a calendar date reads "Invalid date"', () => {
		for (const value of ['', 'soon', '2025-02-30', '2025-13-01', '2025-1-5', '2025-01-05T00:00:00Z']) {
			expect(formatShortDate(value)).toBe('Invalid date')
			expect(formatLongDate(value)).toBe('Invalid date')
			expect(parseIsoDate(value)).toBeNull()
		}
	})

	test('today and DATE columns are read in UTC', () => {
		expect(todayIsoDate(new Date('2025-03-09T23:30:00Z'))).toBe('2025-03-09')
		expect(toIsoDate(new Date(Date.UTC(2025, 0, 5)))).toBe('2025-01-05')
	})

	test('days until a deadline and the 0-to-14-day "Soon" window', () => {
		expect(daysUntil('2025-01-05', '2025-01-05')).toBe(0)
		expect(daysUntil('2025-01-19', '2025-01-05')).toBe(14)
		expect(daysUntil('2025-01-04', '2025-01-05')).toBe(-1)
		expect(daysUntil('nope', '2025-01-05')).toBeNull()
		expect(isDeadlineSoon('2025-01-05', '2025-01-05')).toBe(true)
		expect(isDeadlineSoon('2025-01-19', '2025-01-05')).toBe(true)
		expect(isDeadlineSoon('2025-01-20', '2025-01-05')).toBe(false)
		expect(isDeadlineSoon('2025-01-04', '2025-01-05')).toBe(false)
		expect(isDeadlineSoon('Invalid', '2025-01-05')).toBe(false)
	})

	test('a deadline within two weeks reads as days left', () => {
		expect(dueNote('2025-01-05', '2025-01-05')).toBe('Due today')
		expect(dueNote('2025-01-06', '2025-01-05')).toBe('1 day left')
		expect(dueNote('2025-01-19', '2025-01-05')).toBe('14 days left')
		expect(dueNote('2025-01-20', '2025-01-05')).toBeNull()
		expect(dueNote('2025-01-04', '2025-01-05')).toBeNull()
	})
})
