import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { EMPTY_OPPORTUNITY, OpportunityForm } from '#app/components/admin/opportunity-form.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { ArrowLeft, Info } from '#app/components/ui/icons.tsx'
import { handleFormErrors, type FormErrorData } from '#app/utils/errors.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { viewerDay } from '#app/utils/viewer-day.server.ts'
import { formDefaultsFrom, opportunityValuesFromForm, type OpportunityFormValues } from '#app/utils/opportunity-form.ts'
import { createToastHeaders, redirectWithToast } from '#app/utils/toast.server.ts'
import { requireAdmin } from '#server/auth/guards.ts'
import { createOpportunity } from '#server/domain/opportunities/opportunity.ts'
import { logFailure } from '#server/logger.ts'

export const meta: MetaFunction = () => pageMeta({ title: 'New Opportunity', noindex: true })

export async function loader({ request, context }: LoaderFunctionArgs) {
	requireAdmin(request, context)
	return { today: viewerDay(request, context).today }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const actor = requireAdmin(request, context)
	const { app } = context
	const values = opportunityValuesFromForm(await readForm(request))
	try {
		const result = await handleFormErrors(() => createOpportunity(app, actor, values), { values })
		if (!result.ok) return result.response
		return await redirectWithToast(
			`/admin/opportunities/${result.value.id}`,
			{ title: 'Success', description: 'Opportunity created successfully! You can now add application questions.' },
			app.env,
		)
	} catch (error) {
		logFailure(app.logger, error, {}, 'opportunity create failed')
		const description = 'Failed to create opportunity'
		// The form comes back with what was typed; the toast follows on the next load.
		return data<FormErrorData<OpportunityFormValues>>(
			{ formError: description, fieldErrors: {}, values },
			{ status: 500, headers: await createToastHeaders({ type: 'error', description }, app.env) },
		)
	}
}

export default function NewOpportunity() {
	const { today } = useLoaderData<typeof loader>()
	const failed = useActionData<typeof action>() ?? null
	const defaults = failed?.values ? formDefaultsFrom(failed.values) : EMPTY_OPPORTUNITY
	return (
		<div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6">
			<div>
				<ButtonLink to="/admin" variant="ghost" size="sm" className="-ml-3">
					<ArrowLeft aria-hidden />
					Back to Dashboard
				</ButtonLink>
				<h1 className="mt-2 text-2xl font-semibold sm:text-3xl">New Opportunity</h1>
			</div>
			<p className="flex items-start gap-3 rounded-lg border border-border bg-accent/40 px-4 py-3 text-sm">
				<Info aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
				<span>Create the opportunity with its basic details first. After saving, you can add custom application questions.</span>
			</p>
			<OpportunityForm mode="create" defaults={defaults} failed={failed} today={today} />
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
