/*
 * A small iCalendar (RFC 5545) writer for what Callboard publishes: one calendar of all-day events.
 * It covers the parts of the format that calendar apps are strict about (CRLF line endings, lines
 * folded at 75 octets, TEXT escaping) and nothing else; see docs/decisions/018 for why it is ours.
 */

/** One all-day event. */
export type AllDayEvent = {
	/** Globally unique and stable across downloads, so a refresh updates the event instead of adding a copy. */
	uid: string
	/** The day, as a UTC midnight (the way Prisma reads a DATE column). */
	date: Date
	summary: string
	description?: string
	/** An absolute http(s) address. */
	url?: string
	/** When the event's information last changed. */
	lastModified?: Date
}

export type CalendarInput = {
	/** The PRODID: who wrote the file, e.g. `-//Callboard//Deadlines//EN`. */
	productId: string
	/** The name calendar apps show for the subscription. */
	name: string
	description?: string
	/** How often a subscribing app should fetch again, as an RFC 5545 duration (`PT6H`). */
	refreshInterval: string
	/** When this file is written (every event's DTSTAMP). */
	now: Date
	events: readonly AllDayEvent[]
}

const CRLF = '\r\n'
const MAX_LINE_OCTETS = 75
const DAY_MS = 86_400_000

/**
 * A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, every line break as `\n`.
 * Other control characters are not allowed in TEXT at all, so they are dropped.
 */
export function escapeText(value: string): string {
	return value
		.replace(/\r\n?/g, '\n')
		.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
		.replace(/[\\;,\n]/g, (char) => (char === '\n' ? '\\n' : `\\${char}`))
}

/**
 * Folds a content line (RFC 5545 3.1): no physical line longer than 75 octets, each continuation
 * starting with one space (which counts towards its 75). A UTF-8 character is never split, since
 * apps that decode line by line would show a broken character.
 */
export function foldLine(line: string): string {
	const parts: string[] = []
	let current = ''
	let octets = 0
	for (const char of line) {
		const size = Buffer.byteLength(char, 'utf8')
		if (octets + size > MAX_LINE_OCTETS) {
			parts.push(current)
			current = ' '
			octets = 1
		}
		current += char
		octets += size
	}
	parts.push(current)
	return parts.join(CRLF)
}

/** A DATE value, `20250105`, of a UTC midnight. */
function formatDate(day: Date): string {
	return day.toISOString().slice(0, 10).replaceAll('-', '')
}

/** A DATE-TIME value in UTC, `20250105T093000Z`. */
function formatUtcDateTime(moment: Date): string {
	return `${moment.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`
}

/** A URI value is not TEXT-escaped, but must stay on its logical line. */
function uri(value: string): string {
	return value.replace(/[\u0000-\u001f\u007f]/g, '')
}

function eventLines(event: AllDayEvent, stamp: string): string[] {
	return [
		'BEGIN:VEVENT',
		`UID:${escapeText(event.uid)}`,
		`DTSTAMP:${stamp}`,
		`DTSTART;VALUE=DATE:${formatDate(event.date)}`,
		// DTEND is exclusive: a one-day event ends at the start of the next day.
		`DTEND;VALUE=DATE:${formatDate(new Date(event.date.getTime() + DAY_MS))}`,
		`SUMMARY:${escapeText(event.summary)}`,
		...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
		...(event.url ? [`URL:${uri(event.url)}`] : []),
		...(event.lastModified ? [`LAST-MODIFIED:${formatUtcDateTime(event.lastModified)}`] : []),
		// A deadline is a reminder, not a meeting: it must not mark the day as busy.
		'TRANSP:TRANSPARENT',
		'END:VEVENT',
	]
}

/** The whole calendar as iCalendar text: CRLF after every line, long lines folded. */
export function serializeCalendar(calendar: CalendarInput): string {
	const stamp = formatUtcDateTime(calendar.now)
	const name = escapeText(calendar.name)
	const lines = [
		'BEGIN:VCALENDAR',
		'VERSION:2.0',
		`PRODID:${escapeText(calendar.productId)}`,
		'CALSCALE:GREGORIAN',
		'METHOD:PUBLISH',
		// NAME and REFRESH-INTERVAL are RFC 7986; the X-WR- and X-PUBLISHED-TTL twins are what Apple, Google and Outlook read.
		`NAME:${name}`,
		`X-WR-CALNAME:${name}`,
		...(calendar.description ? [`X-WR-CALDESC:${escapeText(calendar.description)}`] : []),
		`REFRESH-INTERVAL;VALUE=DURATION:${calendar.refreshInterval}`,
		`X-PUBLISHED-TTL:${calendar.refreshInterval}`,
		...calendar.events.flatMap((event) => eventLines(event, stamp)),
		'END:VCALENDAR',
	]
	return lines.map((line) => foldLine(line) + CRLF).join('')
}
