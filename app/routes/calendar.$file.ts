import type { LoaderFunctionArgs } from '@remix-run/node'
import { orNotFound } from '#app/utils/errors.server.ts'
import { buildDeadlineCalendar } from '#server/domain/calendar/calendar.ts'

/*
 * GET /calendar/{token}.ics: an artist's deadline calendar, polled by calendar apps, which cannot
 * sign in: the secret token in the path is the credential, so there is no session guard. An
 * unknown or revoked token and a path without `.ics` get the same 404, so the URL reveals nothing.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
	const token = /^(.+)\.ics$/.exec(params.file ?? '')?.[1]
	if (!token) throw new Response('Calendar not found.', { status: 404 })
	const ics = await orNotFound(() => buildDeadlineCalendar(context.app, token))
	return new Response(ics, {
		headers: {
			'Content-Type': 'text/calendar; charset=utf-8',
			'Content-Disposition': 'inline; filename="callboard-deadlines.ics"',
			// Personal: never kept by a shared cache. A quarter hour spares the database from apps that poll eagerly.
			'Cache-Control': 'private, max-age=900',
			// A secret URL pasted somewhere public must still not end up in search results.
			'X-Robots-Tag': 'noindex',
		},
	})
}
