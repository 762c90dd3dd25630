import type { AppLoadContext } from '@remix-run/node'
import { timeZoneHint } from '#app/utils/time-zone.server.ts'
import { effectiveTimeZone, todayIn } from '#server/domain/time-zone.ts'

/**
 * The signed-in viewer's today and its zone, by the one rule every page uses for deadlines: the
 * profile's time zone, else the browser's, else UTC (admins see "Soon" and "upcoming" as artists do).
 * The profile's zone came with the session, so this reads nothing.
 */
export function viewerDay(request: Request, context: AppLoadContext, now = new Date()) {
	const timeZone = effectiveTimeZone(context.session?.user.account.timeZone, timeZoneHint(request))
	return { today: todayIn(timeZone, now), timeZone }
}
