import type { ActionFunctionArgs } from '@remix-run/node'
import { isDomainError } from '#server/domain/errors.ts'
import { requestProfileIngestFor } from '#server/domain/profiles/ingest.ts'
import { containsNul, NUL_MESSAGES } from '#server/http/nul.ts'
import { logFailure } from '#server/logger.ts'

/*
 * POST /api/profile/ingest (spec section 7): `{ user_id, profile_data }` from the signed-in user,
 * for their own profile. Answers JSON: 202 once queued, 400 with the validation messages (or a body
 * that is not JSON, or holds a NUL character), 401 when signed out, 403 for another user's id, 415
 * for a body not sent as application/json.
 */
const INGEST_BODY_MESSAGES = {
	notJson: 'Send the body as application/json.',
	unreadable: 'The body must be JSON.',
} as const

function isJsonRequest(request: Request) {
	return (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json'
}

export async function action({ request, context }: ActionFunctionArgs) {
	if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405, headers: { Allow: 'POST' } })
	const user = context.session?.user
	if (!user) return Response.json({ error: 'User must be authenticated' }, { status: 401 })

	// Its size was checked before Remix read it (server/http/body-limit.ts).
	if (!isJsonRequest(request)) return Response.json({ error: INGEST_BODY_MESSAGES.notJson }, { status: 415 })
	let body: unknown
	try {
		body = await request.json()
	} catch {
		return Response.json({ error: INGEST_BODY_MESSAGES.unreadable }, { status: 400 })
	}
	// PostgreSQL's text and jsonb cannot hold a NUL character: refused here rather than failing there.
	if (containsNul(body)) return Response.json({ error: NUL_MESSAGES.input }, { status: 400 })
	try {
		await requestProfileIngestFor(context.app, user.id, body)
		return Response.json({ status: 'queued' }, { status: 202 })
	} catch (error) {
		if (isDomainError(error)) {
			return Response.json({ error: error.message, fieldErrors: error.fieldErrors }, { status: error.status })
		}
		// The specification's client only logs this failure; the cause stays in our log.
		logFailure(context.app.logger, error, { userId: user.id }, 'could not queue the profile ingest')
		return Response.json({ error: 'Failed to queue the profile ingest' }, { status: 500 })
	}
}

export function loader() {
	return Response.json({ error: 'Method not allowed' }, { status: 405, headers: { Allow: 'POST' } })
}
