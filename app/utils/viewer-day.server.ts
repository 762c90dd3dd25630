import type { AppLoadContext } from '@remix-run/node'
import { timeZoneHint } from '#app/utils/time-zone.server.ts'
import { getUserDay } from '#server/domain/time-zone.ts'

/**
 * The signed-in viewer's today and its zone, by the one rule every page uses for deadlines: the
 * profile's time zone, else the browser's, else UTC (admins see "Soon" and "upcoming" as artists do).
 */
export function viewerDay(request: Request, context: AppLoadContext, userId: string) {
	return getUserDay(context.app, userId, { browserTimeZone: timeZoneHint(request) })
}
