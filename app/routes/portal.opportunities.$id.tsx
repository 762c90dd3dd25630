import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ArrowLeft, CalendarDays, ExternalLink, MapPin, Wand2 } from 'lucide-react'
import { useState } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ErrorList } from '#app/components/forms.tsx'
import { QuestionContextButton } from '#app/components/question-context-dialog.tsx'
import { listContextSummaries } from '#server/domain/context/context.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { SaveOpportunityButton } from '#app/components/save-opportunity-button.tsx'
import { UpgradeDialog, UpgradePanel } from '#app/components/upgrade-dialog.tsx'
import { requireOpportunityForArtist } from '#app/utils/artist-opportunity.server.ts'
import { dueNote, formatShortDate } from '#app/utils/dates.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { timeZoneHint } from '#app/utils/time-zone.server.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { draftAllowance } from '#server/domain/credits/allowance.ts'
import { getCreditSummary } from '#server/domain/credits/balance.ts'
import { GenerateDraftInput, TONE_CHOICES } from '#server/domain/drafting/drafting.schema.ts'
import { CATEGORY_LABELS } from '#server/domain/opportunities/opportunity.schema.ts'
import { limitLabel, questionTypeLabel } from '#server/domain/questions/display.ts'
import { getArtistToday } from '#server/domain/time-zone.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta({ title: data?.opportunity.title ?? 'Opportunity' })

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const { user, actor, opportunity } = await requireOpportunityForArtist(request, context, params.id)
	const [credits, contextSummaries, today] = await Promise.all([
		getCreditSummary(context.app, user.id),
		listContextSummaries(context.app, actor, opportunity.id),
		getArtistToday(context.app, user.id, { browserTimeZone: timeZoneHint(request) }),
	])
	return { opportunity, allowance: draftAllowance(credits), contextSummaries, today }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
	const { user } = await requireOpportunityForArtist(request, context, params.id)
	const form = await request.formData()
	const parsed = GenerateDraftInput.safeParse({ opportunityId: params.id, tone: form.get('tone') ?? undefined })
	if (!parsed.success) return data({ upgrade: false, formError: parsed.error.issues[0]!.message }, { status: 400 })
	// The server is the authority on the allowance, whatever the page showed (PRODUCT.md).
	const allowance = draftAllowance(await getCreditSummary(context.app, user.id))
	if (!allowance.canDraft) return data({ upgrade: true, formError: 'draft_limit_exceeded' }, { status: 402 })
	// Generation itself arrives with the drafting work (issue "Drafting"); until then say so plainly.
	return data({ upgrade: false, formError: 'Draft generation is not available yet. Please try again later.' }, { status: 503 })
}

export default function OpportunityDetail() {
	const { opportunity, allowance, contextSummaries, today } = useLoaderData<typeof loader>()
	const due = opportunity.deadline ? dueNote(opportunity.deadline, today) : null
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
					<GenerateDraftCard opportunityId={opportunity.id} allowance={allowance} />
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
										const limit = limitLabel(question.limitType, question.limitValue)
										return (
											<li key={question.id} className="grid gap-1.5 border-t border-border pt-4 first:border-t-0 first:pt-0">
												<p className="text-sm font-medium">
													<span className="text-muted-foreground">{index + 1}. </span>
													{question.label}
													{question.required ? (
														<span className="text-destructive" aria-label="required" title="Required">
															{' '}
															*
														</span>
													) : null}
												</p>
												<div className="flex flex-wrap items-center gap-2">
													<Badge variant="outline">{questionTypeLabel(question.type)}</Badge>
													{limit ? <span className="text-xs text-muted-foreground">{limit}</span> : null}
												</div>
												{question.helpText ? <p className="text-xs text-muted-foreground">{question.helpText}</p> : null}
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

type Allowance = ReturnType<typeof useLoaderData<typeof loader>>['allowance']

/**
 * The "Generate Draft" card: the tone and the button. With no draft left (and not Pro) the button
 * opens the upgrade dialog without a request; without JavaScript the form posts and the server,
 * which decides anyway, answers with the same offer.
 */
function GenerateDraftCard({ opportunityId, allowance }: { opportunityId: string; allowance: Allowance }) {
	const actionData = useActionData<typeof action>()
	const hydrated = useHydrated()
	const navigation = useNavigation()
	const [upgradeOpen, setUpgradeOpen] = useState(false)
	const submitting = navigation.state === 'submitting' && navigation.formAction?.endsWith(opportunityId)
	const upgradeFromServer = actionData?.upgrade === true
	// The server answered draft_limit_exceeded (it decides, whatever this page showed): offer the upgrade.
	const [answered, setAnswered] = useState(actionData)
	if (actionData !== answered) {
		setAnswered(actionData)
		if (upgradeFromServer) setUpgradeOpen(true)
	}
	return (
		<Card>
			<CardHeader>
				<CardTitle as="h2">Generate Draft</CardTitle>
				<CardDescription>
					{allowance.unlimited
						? 'Pro Plan - Unlimited Drafts'
						: `One AI-written answer per question, within each limit. Credits remaining: ${allowance.creditsRemaining}`}
				</CardDescription>
			</CardHeader>
			<CardContent>
				<Form
					method="post"
					className="grid gap-4"
					onSubmit={(event) => {
						if (allowance.canDraft) return
						event.preventDefault()
						setUpgradeOpen(true)
					}}
				>
					<fieldset className="grid gap-2">
						<legend className="mb-1 text-sm font-medium">Tone</legend>
						{TONE_CHOICES.map((tone) => (
							<label
								key={tone.value}
								className="flex cursor-pointer items-start gap-2.5 rounded-md border border-border px-3 py-2 text-sm hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
							>
								<input
									type="radio"
									name="tone"
									value={tone.value}
									defaultChecked={tone.value === 'neutral'}
									className="mt-0.5 size-4 accent-primary"
								/>
								<span>
									<span className="font-medium">{tone.label}</span>
									<span className="block text-xs text-muted-foreground">{tone.hint}</span>
								</span>
							</label>
						))}
					</fieldset>
					<Button type="submit" disabled={submitting}>
						<Wand2 aria-hidden className="size-4" />
						{submitting ? 'Generating...' : 'Generate Draft'}
					</Button>
					{actionData && !actionData.upgrade ? <ErrorList errors={[actionData.formError]} /> : null}
				</Form>
				{upgradeFromServer && !hydrated ? (
					<div className="mt-4">
						<UpgradePanel dismissTo={`/portal/opportunities/${opportunityId}`} />
					</div>
				) : null}
				<UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} />
			</CardContent>
		</Card>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
