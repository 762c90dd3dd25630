import { cookieValue } from '#server/http/cookies.ts'
import { isValidTimeZone } from '#server/domain/time-zone.ts'
import { TIME_ZONE_COOKIE } from './time-zone.ts'

/** The browser's time zone from the hint cookie, or null when there is none or it is not a known zone. */
export function timeZoneHint(request: Request): string | null {
	const raw = cookieValue(request.headers.get('Cookie'), TIME_ZONE_COOKIE)
	if (raw === null) return null
	try {
		const value = decodeURIComponent(raw)
		return isValidTimeZone(value) ? value : null
	} catch {
		return null // A malformed cookie is no hint, not an error.
	}
}
