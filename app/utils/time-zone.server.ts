import { cookieValue } from '#server/http/cookies.ts'
import { TIME_ZONE_COOKIE, timeZoneFromHint } from '#server/domain/time-zone.ts'

/** The browser's time zone from the hint cookie, or null when there is none or it is not a known zone. */
export function timeZoneHint(request: Request): string | null {
	return timeZoneFromHint(cookieValue(request.headers.get('Cookie'), TIME_ZONE_COOKIE))
}
