import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useRouteLoaderData } from '@remix-run/react'
import { OpportunityForm } from '#app/components/admin/opportunity-form.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { handleFormErrors, type FormErrorData } from '#app/utils/errors.server.ts'
import { opportunityNotFoundRedirect } from '#app/utils/admin-opportunity.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { formDefaultsFrom, OPPORTUNITY_LAYOUT, opportunityTabTitleIn, opportunityValuesFromForm, type OpportunityFormValues } from '#app/utils/opportunity-form.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { createToastHeaders, redirectWithToast } from '#app/utils/toast.server.ts'
import { requireAdmin } from '#server/auth/guards.ts'
import { isDomainError } from '#server/domain/errors.ts'
import { updateOpportunity } from '#server/domain/opportunities/opportunity.ts'
import { logFailure } from '#server/logger.ts'
import type { OpportunityLayoutData } from './admin.opportunities.$id.tsx'

/** The "Opportunity Details" tab: the opportunity comes from the layout's loader. */

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: opportunityTabTitleIn(matches, 'Edit'), noindex: true })

export async function action({ request, params, context }: ActionFunctionArgs) {
	const actor = requireAdmin(request, context)
	const { app } = context
	const values = opportunityValuesFromForm(await readForm(request), { withActive: true })
	try {
		const result = await handleFormErrors(
			async () => {
				try {
					return await updateOpportunity(app, actor, params.id ?? '', values)
				} catch (error) {
					// Deleted meanwhile: the same answer as opening a missing opportunity.
					if (isDomainError(error) && error.code === 'NOT_FOUND') {
						throw await opportunityNotFoundRedirect(app.env)
					}
					throw error
				}
			},
			{ values },
		)
		if (!result.ok) return result.response
		return await redirectWithToast('/admin', { title: 'Success', description: 'Opportunity updated successfully' }, app.env)
	} catch (error) {
		if (error instanceof Response) throw error
		logFailure(app.logger, error, { opportunityId: params.id }, 'opportunity update failed')
		const description = 'Failed to update opportunity'
		return data<FormErrorData<OpportunityFormValues>>(
			{ formError: description, fieldErrors: {}, values },
			{ status: 500, headers: await createToastHeaders({ type: 'error', description }, app.env) },
		)
	}
}

export default function OpportunityDetailsTab() {
	const layout = useRouteLoaderData<OpportunityLayoutData>(OPPORTUNITY_LAYOUT)
	const failed = useActionData<typeof action>() ?? null
	if (!layout) return null
	const { opportunity, today } = layout
	const defaults = failed?.values ? formDefaultsFrom(failed.values) : opportunity
	return <OpportunityForm key={opportunity.id} mode="edit" defaults={defaults} failed={failed} today={today} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
