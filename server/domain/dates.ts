/*
 * Calendar dates as the product stores them: `yyyy-MM-dd` strings with no time and no time zone
 * (a PostgreSQL DATE). They are formatted as UTC midnights, so the day never shifts with the
 * viewer's or the server's time zone. Shared by the server (drafts, exports) and the browser (the admin
 * list, the forms' preview, the feed).
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DAY_MS = 86_400_000

// en-US month names, as Intl.DateTimeFormat('en-US') writes them. Spelled here because a feed
// formats a date per card, and Intl's format cost 1.5 % of a feed document's CPU on its own.
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const SHORT_MONTHS = LONG_MONTHS.map((month) => month.slice(0, 3))

const formatWith = (months: readonly string[], value: string) => {
	const date = parseIsoDate(value)
	return date ? `${months[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}` : 'Invalid date'
}

/** The UTC midnight of a `yyyy-MM-dd` date, or null when it is not a real calendar date (e.g. 2025-02-30). */
export function parseIsoDate(value: string | null | undefined): Date | null {
	const match = value ? ISO_DATE.exec(value) : null
	if (!match) return null
	const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
	const date = new Date(Date.UTC(year, month - 1, day))
	return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null
}

/** A Date (e.g. a DATE column read by Prisma, a UTC midnight) as `yyyy-MM-dd`. */
export function toIsoDate(date: Date): string {
	return date.toISOString().slice(0, 10)
}

/** Today's calendar date in UTC, the day every server-side date rule uses. */
export function todayIsoDate(now: Date = new Date()): string {
	return toIsoDate(now)
}

/** en-US short form, "Jan 5, 2025"; "Invalid date" when the value is not a calendar date. */
export function formatShortDate(value: string): string {
	return formatWith(SHORT_MONTHS, value)
}

/** en-US long form, "January 5, 2025"; "Invalid date" when the value is not a calendar date. */
export function formatLongDate(value: string): string {
	return formatWith(LONG_MONTHS, value)
}

/** Whole days from `today` to `value` (both `yyyy-MM-dd`), rounded up; null when either is not a date. */
export function daysUntil(value: string, today: string): number | null {
	const date = parseIsoDate(value)
	const start = parseIsoDate(today)
	if (!date || !start) return null
	return Math.ceil((date.getTime() - start.getTime()) / DAY_MS)
}

/** The window of the admin list's "Soon" badge (spec section 9). */
export const SOON_DAYS = 14

/** A deadline 0 to 14 days away (spec section 5, "Soon" badge). */
export function isDeadlineSoon(value: string, today: string): boolean {
	const days = daysUntil(value, today)
	return days !== null && days >= 0 && days <= SOON_DAYS
}

/** Days left as a few words ("Due today", "3 days left") for a deadline within the "Soon" window; null otherwise. */
export function dueNote(deadline: string, today: string): string | null {
	const days = daysUntil(deadline, today)
	if (days === null || days < 0 || days > SOON_DAYS) return null
	if (days === 0) return 'Due today'
	return days === 1 ? '1 day left' : `${days} days left`
}
