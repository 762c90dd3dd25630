import type { ActionFunctionArgs } from '@remix-run/node'
import { receiveContextSave } from '#app/utils/context-save.server.ts'
import type { ContextSaveAnswer } from '#server/domain/context/context.schema.ts'
import { isDomainError } from '#server/domain/errors.ts'
import { logFailure } from '#server/logger.ts'
import { isMultipartForm } from '#server/http/multipart.ts'

/*
 * POST /portal/opportunities/{id}/context/{slug}/save[?draftId=]: the question-context dialog's
 * save (the specification's context-upsert). The dialog posts the page's own multipart form with
 * fetch: notes, then the new files, each streamed into storage as it arrives, never held in memory
 * (ADR 024). Answers JSON for the dialog's toasts: 200 with the saved context, 400 with the
 * message of a refusal, 413 for a file over 10 MB, 404 for a context the artist cannot use, 401
 * signed out, 403 before onboarding, 415 for a body that is not multipart.
 */

const answer = (body: ContextSaveAnswer, status = 200) => Response.json(body, { status })

export async function action({ request, context, params }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const user = context.session?.user
	if (!user) return answer({ error: 'User must be authenticated' }, 401)
	if (!user.onboardingCompleted) return answer({ error: 'Complete your profile first.' }, 403)
	if (!isMultipartForm(request.headers.get('Content-Type'))) {
		return answer({ error: 'Send the notes and files as multipart/form-data.' }, 415)
	}

	const { app } = context
	const target = {
		opportunityId: params.id ?? '',
		slug: params.slug ?? '',
		draftId: new URL(request.url).searchParams.get('draftId') ?? undefined,
	}
	try {
		const outcome = await receiveContextSave(request, app, { id: user.id, role: user.role }, target)
		if (outcome.ok) return answer(outcome.saved)
		return answer({ error: outcome.error.message, fieldErrors: outcome.error.fieldErrors }, outcome.status)
	} catch (error) {
		if (isDomainError(error)) return answer({ error: error.message, fieldErrors: error.fieldErrors }, error.status)
		logFailure(app.logger, error, { ...target }, 'Failed to save context')
		return answer({ error: 'Failed to save context' }, 500)
	}
}

export function loader() {
	return methodNotAllowed()
}

function methodNotAllowed() {
	return Response.json({ error: 'Method not allowed' }, { status: 405, headers: { Allow: 'POST' } })
}
