import { isValidTimeZone } from '#server/domain/time-zone.ts'
import { TIME_ZONE_COOKIE } from './time-zone.ts'

/** The browser's time zone from the hint cookie, or null when there is none or it is not a known zone. */
export function timeZoneHint(request: Request): string | null {
	const cookies = request.headers.get('Cookie') ?? ''
	for (const part of cookies.split(';')) {
		const [name, ...rest] = part.trim().split('=')
		if (name !== TIME_ZONE_COOKIE) continue
		try {
			const value = decodeURIComponent(rest.join('='))
			return isValidTimeZone(value) ? value : null
		} catch {
			return null // A malformed cookie is no hint, not an error.
		}
	}
	return null
}
