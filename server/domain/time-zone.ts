import type { AppContext } from '#server/context.ts'

/*
 * Which calendar day is "today" for an artist. Deadlines are calendar dates
 * (yyyy-MM-dd, no time zone), so "due today or later" depends on where the
 * person looking is: at 23:30 UTC it is already tomorrow in Tokyo and still
 * today in Los Angeles.
 */

/** The cookie where the browser's time zone is hinted (app/utils/time-zone.ts writes it). */
export const TIME_ZONE_COOKIE = 'cb_tz'

/** The hint cookie's raw value as a known zone, or null (a malformed or unknown value is no hint, not an error). */
export function timeZoneFromHint(raw: string | null): string | null {
	if (raw === null) return null
	try {
		const value = decodeURIComponent(raw)
		return isValidTimeZone(value) ? value : null
	} catch {
		return null
	}
}

/** Whether `timeZone` is an IANA zone this runtime knows ("Europe/Berlin", "UTC"). */
export function isValidTimeZone(timeZone: string): boolean {
	if (!timeZone || timeZone.length > 64) return false
	try {
		new Intl.DateTimeFormat('en-US', { timeZone })
		return true
	} catch {
		return false
	}
}

/** Today's date (yyyy-MM-dd) in `timeZone`; an unknown zone counts as UTC. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
	const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC'
	// en-CA formats as yyyy-MM-dd.
	return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

/** The profile's chosen zone, else the browser's (the time-zone hint cookie), else UTC. */
export function effectiveTimeZone(profileTimeZone: string | null | undefined, browserTimeZone: string | null | undefined) {
	if (profileTimeZone && isValidTimeZone(profileTimeZone)) return profileTimeZone
	if (browserTimeZone && isValidTimeZone(browserTimeZone)) return browserTimeZone
	return 'UTC'
}

type DayOptions = { browserTimeZone?: string | null; now?: Date }

/** The user's day and the zone it is counted in: their profile's zone, else their browser's, else UTC. */
export async function getUserDay(ctx: Pick<AppContext, 'db'>, userId: string, { browserTimeZone = null, now = new Date() }: DayOptions = {}) {
	const profile = await ctx.db.profile.findUnique({ where: { userId }, select: { timeZone: true } })
	const timeZone = effectiveTimeZone(profile?.timeZone, browserTimeZone)
	return { today: todayIn(timeZone, now), timeZone }
}

/** The artist's today (yyyy-MM-dd): their profile's zone, else their browser's, else UTC. */
export async function getArtistToday(ctx: Pick<AppContext, 'db'>, userId: string, options: DayOptions = {}) {
	return (await getUserDay(ctx, userId, options)).today
}
