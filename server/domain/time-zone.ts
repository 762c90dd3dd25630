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

/**
 * One yyyy-MM-dd formatter per zone (en-CA formats dates that way), or null for a zone this runtime
 * does not know. Building an Intl.DateTimeFormat costs far more than using one, and every page asks
 * for the viewer's day: kept per zone, for the few hundred zones there are.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat | null>()
const MAX_KEPT_ZONES = 1000

function dayFormat(timeZone: string): Intl.DateTimeFormat | null {
	if (!timeZone || timeZone.length > 64) return null
	let format = dayFormats.get(timeZone)
	if (format === undefined) {
		try {
			format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
		} catch {
			format = null
		}
		// Zones come from cookies too: an unknown one is not kept, and the map stays bounded.
		if (format && dayFormats.size < MAX_KEPT_ZONES) dayFormats.set(timeZone, format)
	}
	return format
}

/** Whether `timeZone` is an IANA zone this runtime knows ("Europe/Berlin", "UTC"). */
export function isValidTimeZone(timeZone: string): boolean {
	return dayFormat(timeZone) !== null
}

/** Today's date (yyyy-MM-dd) in `timeZone`; an unknown zone counts as UTC. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
	return (dayFormat(timeZone) ?? dayFormat('UTC')!).format(now)
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

/**
 * Zones this runtime knows under names they have since lost (ICU keeps CLDR's older ids): an artist
 * looks for Kolkata or Kyiv, not Calcutta or Kiev. Both names mean the same zone, and a browser may
 * report either (Chrome the old one), so both stay valid; the current one is shown and saved.
 */
const RENAMED_ZONES: Record<string, string> = {
	'Africa/Asmera': 'Africa/Asmara',
	'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
	'America/Catamarca': 'America/Argentina/Catamarca',
	'America/Coral_Harbour': 'America/Atikokan',
	'America/Cordoba': 'America/Argentina/Cordoba',
	'America/Godthab': 'America/Nuuk',
	'America/Indianapolis': 'America/Indiana/Indianapolis',
	'America/Jujuy': 'America/Argentina/Jujuy',
	'America/Louisville': 'America/Kentucky/Louisville',
	'America/Mendoza': 'America/Argentina/Mendoza',
	'Asia/Calcutta': 'Asia/Kolkata',
	'Asia/Katmandu': 'Asia/Kathmandu',
	'Asia/Rangoon': 'Asia/Yangon',
	'Asia/Saigon': 'Asia/Ho_Chi_Minh',
	'Atlantic/Faeroe': 'Atlantic/Faroe',
	'Europe/Kiev': 'Europe/Kyiv',
	'Pacific/Enderbury': 'Pacific/Kanton',
	'Pacific/Ponape': 'Pacific/Pohnpei',
	'Pacific/Truk': 'Pacific/Chuuk',
}

/**
 * A valid zone under the name it is shown and saved by: its current IANA name in its usual case
 * ("asia/calcutta" and "Asia/Kolkata" are both "Asia/Kolkata"; "Etc/UTC" is "UTC"). An unknown zone
 * is returned as it is.
 */
export function canonicalTimeZone(timeZone: string): string {
	const format = dayFormat(timeZone)
	if (!format) return timeZone
	const resolved = format.resolvedOptions().timeZone
	const renamed = RENAMED_ZONES[resolved]
	return renamed && isValidTimeZone(renamed) ? renamed : resolved
}

let zoneChoices: readonly string[] | undefined

/**
 * The zones an artist picks from: every zone this runtime knows, under its current name, and UTC,
 * sorted. `saved` (canonical, see canonicalTimeZone) is added when the list lacks it, so a select
 * always shows what is saved.
 */
export function timeZoneChoices(saved?: string | null): readonly string[] {
	zoneChoices ??= Object.freeze([...new Set([...Intl.supportedValuesOf('timeZone').map(canonicalTimeZone), 'UTC'])].sort())
	return saved && !zoneChoices.includes(saved) && isValidTimeZone(saved) ? [...zoneChoices, saved].sort() : zoneChoices
}
