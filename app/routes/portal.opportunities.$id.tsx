import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { GenerateDraftCard, type GenerateActionData } from '#app/components/generate-draft-card.tsx'
import { QuestionContextButton } from '#app/components/question-context-dialog.tsx'
import { QuestionSummary } from '#app/components/questions/question-summary.tsx'
import { listContextSummaries } from '#server/domain/context/context.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { SaveOpportunityButton } from '#app/components/save-opportunity-button.tsx'
import { ArrowLeft, CalendarDays, ExternalLink, MapPin } from '#app/components/ui/icons.tsx'
import { requireOpportunityForArtist } from '#app/utils/artist-opportunity.server.ts'
import { daysUntil, dueNote, formatShortDate } from '#server/domain/dates.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { timeZoneHint } from '#app/utils/time-zone.server.ts'
import { viewerAccount } from '#app/utils/viewer-account.server.ts'
import { viewerDay } from '#app/utils/viewer-day.server.ts'
import { draftAllowance } from '#server/domain/credits/allowance.ts'
import { watchDraftPath, type GenerateDraftInput } from '#server/domain/drafting/drafting.schema.ts'
import { generateDraft } from '#server/domain/drafting/generate.ts'
import { isDomainError } from '#server/domain/errors.ts'
import { CATEGORY_LABELS } from '#server/domain/opportunities/opportunity.schema.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta({ title: data?.opportunity.title ?? 'Opportunity' })

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const { user, actor, opportunity } = await requireOpportunityForArtist(request, context, params.id)
	const [credits, contextSummaries] = await Promise.all([
		viewerAccount(request, context, user),
		listContextSummaries(context.app, actor, opportunity.id),
	])
	return { opportunity, allowance: draftAllowance(credits), contextSummaries, today: viewerDay(request, context).today }
}

/** Generate Draft without JavaScript: a plain form post (with JavaScript the card calls tRPC). */
export async function action({ request, context, params }: ActionFunctionArgs) {
	const { actor, opportunity } = await requireOpportunityForArtist(request, context, params.id)
	const form = await readForm(request)
	try {
		const { draftId } = await generateDraft(
			context.app,
			actor,
			{ opportunityId: opportunity.id, tone: (form.get('tone') ?? undefined) as GenerateDraftInput['tone'] },
			{ browserTimeZone: timeZoneHint(request) },
		)
		return redirect(watchDraftPath(draftId))
	} catch (error) {
		if (!isDomainError(error)) throw error
		// The server is the authority on the allowance, whatever the page showed (PRODUCT.md).
		return data<GenerateActionData>({ upgrade: error.code === 'LIMIT_EXCEEDED', formError: error.message }, { status: error.status })
	}
}

export default function OpportunityDetail() {
	const { opportunity, allowance, contextSummaries, today } = useLoaderData<typeof loader>()
	const due = opportunity.deadline ? dueNote(opportunity.deadline, today) : null
	// The feed shows open calls only, but a saved call, the calendar or an old link can open one that has closed.
	const closedOn = opportunity.deadline && (daysUntil(opportunity.deadline, today) ?? 0) < 0 ? opportunity.deadline : null
	const questionCount = opportunity.questions.length
	return (
		<div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
			<Link
				to="/portal/feed"
				className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
			>
				<ArrowLeft aria-hidden className="size-4" />
				Back to feed
			</Link>

			<div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
				<article className="min-w-0">
					<div className="flex flex-wrap gap-2">
						<Badge variant="secondary">{CATEGORY_LABELS[opportunity.category]}</Badge>
					</div>
					<h1 className="mt-3 text-2xl font-semibold text-balance sm:text-3xl">{opportunity.title}</h1>
					{opportunity.organization ? <p className="mt-1 text-lg text-muted-foreground">{opportunity.organization}</p> : null}
					<dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
						{opportunity.location ? (
							<div className="inline-flex items-center gap-1.5">
								<MapPin aria-hidden className="size-4 text-muted-foreground" />
								<dt className="sr-only">Location</dt>
								<dd>{opportunity.location}</dd>
							</div>
						) : null}
						{opportunity.deadline ? (
							<div className="inline-flex items-center gap-1.5">
								<CalendarDays aria-hidden className="size-4 text-muted-foreground" />
								<dt>Deadline:</dt>
								<dd className="font-medium">{formatShortDate(opportunity.deadline)}</dd>
								{due ? <dd className="font-medium text-destructive">({due})</dd> : null}
								{closedOn ? <dd className="font-medium text-destructive">(Closed)</dd> : null}
							</div>
						) : null}
					</dl>
					{opportunity.tags.length ? (
						<ul aria-label="Tags" className="mt-4 flex flex-wrap gap-1.5">
							{opportunity.tags.map((tag) => (
								<li key={tag}>
									<Badge variant="outline">{tag}</Badge>
								</li>
							))}
						</ul>
					) : null}
					<div className="mt-5 flex flex-wrap items-center gap-3">
						<SaveOpportunityButton
							opportunityId={opportunity.id}
							title={opportunity.title}
							saved={opportunity.saved}
							size="default"
							className="inline-flex"
						/>
						{opportunity.url ? (
							<a
								href={opportunity.url}
								target="_blank"
								rel="noopener noreferrer"
								className="inline-flex h-10 items-center gap-2 rounded-md border border-border bg-card px-4 text-sm font-medium shadow-card hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
							>
								View Official Page
								<ExternalLink aria-hidden className="size-4" />
								<span className="sr-only">(opens in a new tab)</span>
							</a>
						) : null}
					</div>
					<section aria-labelledby="description-title" className="mt-8">
						<h2 id="description-title" className="text-lg font-semibold">
							About this opportunity
						</h2>
						{/* Plain text with its line breaks: React escapes it, so no HTML from the description is ever rendered. */}
						<p className="mt-2 leading-relaxed whitespace-pre-line text-foreground/90">
							{opportunity.description || 'No description provided.'}
						</p>
					</section>
				</article>

				<aside className="flex flex-col gap-6" aria-label="Apply">
					<GenerateDraftCard opportunityId={opportunity.id} allowance={allowance} questionCount={questionCount} closedOn={closedOn} />
					<Card>
						<CardHeader>
							<CardTitle as="h2">Questions Preview</CardTitle>
							<CardDescription>
								{questionCount === 1 ? 'This application has 1 question.' : `This application has ${questionCount} questions.`}
							</CardDescription>
						</CardHeader>
						<CardContent>
							{questionCount ? (
								<ol className="grid gap-4">
									{opportunity.questions.map((question, index) => {
										return (
											<li key={question.id} className="grid gap-1.5 border-t border-border pt-4 first:border-t-0 first:pt-0">
												<QuestionSummary number={index + 1} {...question} />
												<div>
													<QuestionContextButton
														opportunityId={opportunity.id}
														slug={question.slug}
														label={question.label}
														summary={contextSummaries.find((summary) => summary.slug === question.slug)}
													/>
												</div>
											</li>
										)
									})}
								</ol>
							) : (
								<p className="text-sm text-muted-foreground">No questions added yet</p>
							)}
						</CardContent>
					</Card>
				</aside>
			</div>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
