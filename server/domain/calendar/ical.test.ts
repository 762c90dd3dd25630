import { describe, expect, test } from 'vitest'
import { escapeText, foldLine, serializeCalendar, type CalendarInput } from './ical.ts'

const octets = (line: string) => Buffer.byteLength(line, 'utf8')
/** Undoes folding (RFC 5545 3.1): a CRLF followed by one space disappears. */
const unfold = (text: string) => text.replace(/\r\n /g, '')

const calendar: CalendarInput = {
	productId: '-//Callboard//Test//EN',
	name: 'Callboard deadlines',
	refreshInterval: 'PT6H',
	now: new Date('2025-03-01T09:30:15.123Z'),
	events: [
		{
			uid: 'deadline-1@callboard.test',
			date: new Date('2025-03-31T00:00:00Z'),
			summary: 'Deadline: Spring Grant',
			description: 'Arts Council\nOfficial page: https://example.org/call',
			url: 'https://callboard.test/portal/opportunities/1?a=1,2',
			lastModified: new Date('2025-02-01T12:00:00Z'),
		},
	],
}

describe('TEXT escaping', () => {
	test('backslash, semicolon and comma are escaped, line breaks of any kind become \\n', () => {
		expect(escapeText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d')
		expect(escapeText('one\ntwo\r\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour')
		expect(escapeText('Deadline: "Open Call"')).toBe('Deadline: "Open Call"')
	})

	test('other control characters, which TEXT does not allow, are dropped; tabs stay', () => {
		expect(escapeText('a\u0000b\u0007c\u001bd\u007fe\tf')).toBe('abcde\tf')
	})
})

describe('line folding', () => {
	test('a line of 75 octets or fewer stays as it is', () => {
		expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75))
	})

	test('longer lines break into lines of at most 75 octets, continuations starting with one space', () => {
		const line = `SUMMARY:${'abcdefghij'.repeat(20)}`
		const folded = foldLine(line)
		const physical = folded.split('\r\n')
		expect(physical.length).toBe(3)
		expect(physical.every((part) => octets(part) <= 75)).toBe(true)
		expect(physical.slice(1).every((part) => part.startsWith(' ') && !part.startsWith('  '))).toBe(true)
		expect(unfold(folded)).toBe(line)
	})

	test('multi-byte characters are never split across lines', () => {
		// é is 2 octets, 🎨 is 4 (a surrogate pair in JavaScript): neither may straddle a fold.
		for (const char of ['é', '🎨', '漢']) {
			for (let prefix = 0; prefix < 4; prefix += 1) {
				const line = `SUMMARY:${'x'.repeat(prefix)}${char.repeat(60)}`
				const folded = foldLine(line)
				const physical = folded.split('\r\n')
				expect(physical.every((part) => octets(part) <= 75)).toBe(true)
				// Each physical line is valid UTF-8 by itself: decoding its bytes gives it back unchanged.
				for (const part of physical) expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part)
				expect(physical.every((part) => !part.includes('\uFFFD'))).toBe(true)
				expect(unfold(folded)).toBe(line)
			}
		}
	})
})

describe('the calendar', () => {
	const text = serializeCalendar(calendar)

	test('every line ends with CRLF and none is longer than 75 octets', () => {
		expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true)
		expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
		expect(text.split('\r\n').every((line) => octets(line) <= 75)).toBe(true)
	})

	test('has the calendar properties, its name and how often to refresh', () => {
		const lines = unfold(text).split('\r\n')
		expect(lines.slice(0, 5)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Callboard//Test//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'])
		expect(lines).toContain('X-WR-CALNAME:Callboard deadlines')
		expect(lines).toContain('NAME:Callboard deadlines')
		expect(lines).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT6H')
		expect(lines).toContain('X-PUBLISHED-TTL:PT6H')
	})

	test('an event is all-day: DTSTART a DATE, DTEND the next day, stamped in UTC', () => {
		const event = unfold(text).split('BEGIN:VEVENT\r\n')[1]!.split('END:VEVENT')[0]!.split('\r\n').filter(Boolean)
		expect(event).toEqual([
			'UID:deadline-1@callboard.test',
			'DTSTAMP:20250301T093015Z',
			'DTSTART;VALUE=DATE:20250331',
			'DTEND;VALUE=DATE:20250401',
			'SUMMARY:Deadline: Spring Grant',
			'DESCRIPTION:Arts Council\\nOfficial page: https://example.org/call',
			// A URI is not TEXT: its comma stays as it is.
			'URL:https://callboard.test/portal/opportunities/1?a=1,2',
			'LAST-MODIFIED:20250201T120000Z',
			'TRANSP:TRANSPARENT',
		])
	})

	test('DTEND crosses month and year ends, and leap days', () => {
		const ends = ['2024-02-28', '2024-02-29', '2025-12-31'].map((day) => {
			const out = serializeCalendar({ ...calendar, events: [{ uid: day, date: new Date(`${day}T00:00:00Z`), summary: day }] })
			return /DTEND;VALUE=DATE:(\d+)/.exec(out)?.[1]
		})
		expect(ends).toEqual(['20240229', '20240301', '20260101'])
	})

	test('user text cannot break out of its property', () => {
		const out = unfold(
			serializeCalendar({
				...calendar,
				events: [{ uid: 'x', date: new Date('2025-01-01T00:00:00Z'), summary: 'Evil\r\nEND:VEVENT\r\nBEGIN:VEVENT;x', url: 'https://e.org/\r\nX-BAD:1' }],
			}),
		)
		expect(out).toContain('SUMMARY:Evil\\nEND:VEVENT\\nBEGIN:VEVENT\\;x\r\n')
		expect(out).toContain('URL:https://e.org/X-BAD:1\r\n')
		expect(out.match(/^BEGIN:VEVENT$/gm)?.length).toBe(1)
	})

	test('no events is still a valid, empty calendar', () => {
		const out = serializeCalendar({ ...calendar, events: [] })
		expect(out).not.toContain('VEVENT')
		expect(out.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
		expect(out.endsWith('END:VCALENDAR\r\n')).toBe(true)
	})
})
