import { isValidTimeZone } from './dates.ts'
import { TIME_ZONE_COOKIE } from './time-zone.ts'

function timeZoneHint(request: Request): string | null {
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

/** The zone whose calendar day counts as "today": the profile's choice, else the browser's, else UTC. */
export function resolveTimeZone(request: Request, profileTimeZone: string | null | undefined): string {
	if (profileTimeZone && isValidTimeZone(profileTimeZone)) return profileTimeZone
	return timeZoneHint(request) ?? 'UTC'
}
