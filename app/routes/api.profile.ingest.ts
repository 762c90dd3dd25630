import type { ActionFunctionArgs } from '@remix-run/node'
import { isDomainError } from '#server/domain/errors.ts'
import { requestProfileIngestFor } from '#server/domain/profiles/ingest.ts'

/*
 * POST /api/profile/ingest (spec section 7): `{ user_id, profile_data }` from the signed-in user,
 * for their own profile. Answers JSON: 202 once queued, 400 with the validation messages, 401 when
 * signed out, 403 for another user's id.
 */
export async function action({ request, context }: ActionFunctionArgs) {
	if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405, headers: { Allow: 'POST' } })
	const user = context.session?.user
	if (!user) return Response.json({ error: 'User must be authenticated' }, { status: 401 })

	let body: unknown
	try {
		body = await request.json()
	} catch {
		return Response.json({ error: 'The body must be JSON.' }, { status: 400 })
	}
	try {
		await requestProfileIngestFor(context.app, user.id, body)
		return Response.json({ status: 'queued' }, { status: 202 })
	} catch (error) {
		if (isDomainError(error)) {
			return Response.json({ error: error.message, fieldErrors: error.fieldErrors }, { status: error.status })
		}
		// The specification's client only logs this failure; the cause stays in our log.
		context.app.logger.error({ err: error, userId: user.id }, 'could not queue the profile ingest')
		return Response.json({ error: 'Failed to queue the profile ingest' }, { status: 500 })
	}
}

export function loader() {
	return Response.json({ error: 'Method not allowed' }, { status: 405, headers: { Allow: 'POST' } })
}
