import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { deleteQuestion } from '#app/components/admin/opportunity-labels.ts'
import { ConfirmDeletePage } from '#app/components/confirm-delete.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { adminListRedirect, requireOpportunityForAdmin } from '#app/utils/admin-opportunity.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { requireAdmin } from '#server/auth/guards.ts'
import { deleteOpportunity } from '#server/domain/opportunities/opportunity.ts'
import { logFailure } from '#server/logger.ts'

/*
 * Deleting an opportunity. With JavaScript the dashboard's dialog posts here; without it, the
 * dashboard's Delete button opens this page, which asks the same question.
 */

export const meta: MetaFunction = () => pageMeta({ title: 'Delete opportunity', noindex: true })

export async function loader({ request, params, context }: LoaderFunctionArgs) {
	const { opportunity } = await requireOpportunityForAdmin(request, context, params.id)
	const redirectTo = adminListRedirect(new URL(request.url).searchParams.get('redirectTo'))
	return { id: opportunity.id, title: opportunity.title, redirectTo }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
	const actor = requireAdmin(request, context)
	const { app } = context
	const redirectTo = adminListRedirect((await readForm(request)).get('redirectTo'))
	try {
		const deleted = await deleteOpportunity(app, actor, { id: params.id ?? '' })
		return await redirectWithToast(redirectTo, { title: 'Success', description: `"${deleted.title}" has been deleted` }, app.env)
	} catch (error) {
		logFailure(app.logger, error, { opportunityId: params.id }, 'opportunity delete failed')
		return await redirectWithToast(redirectTo, { type: 'error', description: 'Failed to delete opportunity' }, app.env)
	}
}

export default function DeleteOpportunityPage() {
	const { title, redirectTo } = useLoaderData<typeof loader>()
	return <ConfirmDeletePage title="Delete opportunity" question={deleteQuestion(title)} cancelTo={redirectTo} fields={{ redirectTo }} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
