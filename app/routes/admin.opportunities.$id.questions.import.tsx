import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useNavigation, useParams } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { questionsPath } from '#app/components/questions/paths.ts'
import { RoutePanel } from '#app/components/questions/route-panel.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Search } from '#app/components/ui/icons.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useFilterSubmit } from '#app/utils/use-filter-submit.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { requireAdmin } from '#server/auth/guards.ts'
import { limitLabel, questionTypeLabel } from '#server/domain/questions/display.ts'
import { deleteTemplate, importTemplate, listTemplates } from '#server/domain/templates/templates.ts'
import { logFailure } from '#server/logger.ts'

export const meta: MetaFunction = () => pageMeta({ title: 'Import Template', noindex: true })

export async function loader({ request, context }: LoaderFunctionArgs) {
	const actor = requireAdmin(request, context)
	const q = new URL(request.url).searchParams.get('q') ?? ''
	try {
		return { q, templates: await listTemplates(context.app, actor, { q }), failed: false }
	} catch (error) {
		// Spec section 8: a template load failure is only logged, nothing shown (not even "no match").
		logFailure(context.app.logger, error, {}, 'templates failed to load')
		return { q, templates: [], failed: true }
	}
}

export async function action({ request, context, params }: ActionFunctionArgs) {
	const actor = requireAdmin(request, context)
	const { app } = context
	const opportunityId = params.id ?? ''
	const form = await readForm(request)
	const templateId = String(form.get('templateId') ?? '')
	if (form.get('intent') === 'delete') {
		// Back to the list as it was searched.
		const back = `${questionsPath(opportunityId)}/import${new URL(request.url).search}`
		try {
			const { label } = await deleteTemplate(app, actor, { templateId })
			return await redirectWithToast(back, { title: 'Template deleted', description: `"${label}" has been deleted` }, app.env)
		} catch (error) {
			logFailure(app.logger, error, { templateId }, 'template delete failed')
			return redirectWithToast(back, { type: 'error', description: 'Failed to delete template' }, app.env)
		}
	}
	try {
		await importTemplate(app, actor, { opportunityId, templateId })
		return await redirectWithToast(questionsPath(opportunityId), { title: 'Question imported from template' }, app.env)
	} catch (error) {
		logFailure(app.logger, error, { opportunityId, templateId }, 'template import failed')
		return redirectWithToast(questionsPath(opportunityId), { type: 'error', description: 'Failed to import template' }, app.env)
	}
}


export default function ImportTemplate() {
	const { q, templates, failed } = useLoaderData<typeof loader>()
	const { id = '' } = useParams()
	const hydrated = useHydrated()
	const navigation = useNavigation()
	const onChange = useFilterSubmit()
	const importing = navigation.state === 'submitting' ? navigation.formData?.get('templateId') : null

	return (
		<RoutePanel title="Import Template" closeTo={questionsPath(id)}>
			<Form
				method="get"
				role="search"
				preventScrollReset
				onChange={onChange}
				className="flex gap-2"
			>
				<label htmlFor="template-search" className="sr-only">
					Search templates
				</label>
				<Input id="template-search" type="search" name="q" defaultValue={q} placeholder="Search by name or tag..." autoComplete="off" />
				{hydrated ? null : (
					<Button type="submit" variant="outline">
						<Search aria-hidden />
						Search
					</Button>
				)}
			</Form>
			<p role="status" className="sr-only">
				{failed ? null : templates.length === 1 ? '1 template' : `${templates.length} templates`}
			</p>
			{failed ? null : templates.length === 0 ? (
				<p className="text-sm text-muted-foreground">{q ? 'No templates match your search.' : 'No templates yet: save a question as a template to reuse it here.'}</p>
			) : (
				<ul className="grid max-h-[60dvh] gap-2 overflow-y-auto">
					{templates.map((template) => {
						const limit = limitLabel(template.limitType, template.limitValue)
						return (
							<li key={template.id} className="flex items-start gap-3 rounded-lg border border-border p-3">
								<div className="min-w-0 flex-1">
									<p className="font-medium">{template.label}</p>
									<p className="mt-0.5 text-sm text-muted-foreground">{[questionTypeLabel(template.type), limit].filter(Boolean).join(' · ')}</p>
									{template.tags.length ? (
										<div className="mt-2 flex flex-wrap gap-1">
											{template.tags.map((tag) => (
												<Badge key={tag} variant="outline">
													{tag}
												</Badge>
											))}
										</div>
									) : null}
								</div>
								<div className="flex shrink-0 flex-col items-end gap-2">
									<Form method="post" preventScrollReset>
										<input type="hidden" name="templateId" value={template.id} />
										<Button type="submit" size="sm" disabled={Boolean(importing)} aria-label={`Import "${template.label}"`}>
											{importing === template.id ? 'Importing...' : 'Import'}
										</Button>
									</Form>
									{/* Asks first, with or without JavaScript: the question opens under its summary. */}
									<details className="group text-right">
										{/* A 24 px target, a little apart from Import above it. */}
										<summary className="mt-1 inline-block cursor-pointer list-none rounded-sm px-1 py-1 text-xs text-muted-foreground underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
											Delete<span className="sr-only"> template "{template.label}"</span>
										</summary>
										<Form method="post" preventScrollReset className="mt-2 grid justify-items-end gap-2 text-left text-xs">
											<input type="hidden" name="intent" value="delete" />
											<input type="hidden" name="templateId" value={template.id} />
											<p className="max-w-48">Delete this template? Questions imported from it keep their copy.</p>
											<Button type="submit" size="sm" variant="destructive" aria-label={`Delete template "${template.label}"`}>
												Delete template
											</Button>
										</Form>
									</details>
								</div>
							</li>
						)
					})}
				</ul>
			)}
		</RoutePanel>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
