import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ConfirmDeletePage } from '#app/components/confirm-delete.tsx'
import { deleteDraftQuestion } from '#app/components/drafts/delete-draft.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { requireOnboardedUser } from '#server/auth/guards.ts'
import { DRAFT_MESSAGES, draftPath } from '#server/domain/drafting/drafting.schema.ts'
import { deleteDraft, getDraftForOwner } from '#server/domain/drafting/drafts.ts'
import { isDomainError } from '#server/domain/errors.ts'
import { logFailure } from '#server/logger.ts'

/* Deleting a draft: the draft page's dialog posts here; without JavaScript its Delete link opens this page, which asks the same. */

export const meta: MetaFunction = () => pageMeta({ title: 'Delete draft' })

const notFound = (env: Parameters<typeof redirectWithToast>[2]) =>
	redirectWithToast('/portal/drafts', { type: 'error', title: 'Not Found', description: DRAFT_MESSAGES.notFound }, env)

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const user = requireOnboardedUser(request, context)
	try {
		const draft = await getDraftForOwner(context.app, user, { draftId: params.id ?? '' })
		return { id: draft.id, title: draft.title }
	} catch (error) {
		if (isDomainError(error) && error.code === 'NOT_FOUND') throw await notFound(context.app.env)
		throw error
	}
}

export async function action({ request, context, params }: ActionFunctionArgs) {
	const user = requireOnboardedUser(request, context)
	const { app } = context
	try {
		const draft = await getDraftForOwner(app, user, { draftId: params.id ?? '' })
		await deleteDraft(app, user, { draftId: draft.id })
		return await redirectWithToast('/portal/drafts', { title: 'Draft deleted', description: `"${draft.title}" has been deleted` }, app.env)
	} catch (error) {
		if (isDomainError(error) && error.code === 'NOT_FOUND') return notFound(app.env)
		logFailure(app.logger, error, { draftId: params.id }, 'draft delete failed')
		return redirectWithToast(draftPath(params.id ?? ''), { type: 'error', description: 'Failed to delete draft' }, app.env)
	}
}

export default function DeleteDraftPage() {
	const { id, title } = useLoaderData<typeof loader>()
	return <ConfirmDeletePage title="Delete draft" question={deleteDraftQuestion(title)} cancelTo={draftPath(id)} confirmLabel="Delete draft" />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
