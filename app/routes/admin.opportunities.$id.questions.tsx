import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, Outlet, useLoaderData, useLocation, useNavigation, useRevalidator, useSearchParams } from '@remix-run/react'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ApplicationFormPreview } from '#app/components/questions/form-preview.tsx'
import { questionPath, questionsPath } from '#app/components/questions/paths.ts'
import { useSortable } from '#app/components/questions/use-sortable.ts'
import { FLASH_FOCUS, showToast, useFlashFocus, useFlashFocusKey } from '#app/components/toaster.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { ArrowDown, ArrowUp, BookmarkPlus, Check, FileDown, GripVertical, ListOrdered, Plus } from '#app/components/ui/icons.tsx'
import { opportunityNotFoundRedirect } from '#app/utils/admin-opportunity.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { opportunityTabTitleIn } from '#app/utils/opportunity-form.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useTRPC } from '#app/utils/trpc.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { requireAdmin } from '#server/auth/guards.ts'
import { isDomainError } from '#server/domain/errors.ts'
import { isRecordId } from '#server/domain/ids.ts'
import { limitLabel, questionTypeLabel } from '#server/domain/questions/display.ts'
import { listQuestions, moveQuestion } from '#server/domain/questions/questions.ts'
import type { MoveQuestionInput } from '#server/domain/questions/questions.schema.ts'
import { saveQuestionAsTemplate } from '#server/domain/templates/templates.ts'
import { logFailure } from '#server/logger.ts'

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: opportunityTabTitleIn(matches, 'Questions'), noindex: true })

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const actor = requireAdmin(request, context)
	const { app } = context
	const opportunityId = params.id ?? ''
	try {
		return { opportunityId, questions: await listQuestions(app, actor, { opportunityId }) }
	} catch (error) {
		if (isDomainError(error) && error.code === 'NOT_FOUND') {
			throw await opportunityNotFoundRedirect(app.env)
		}
		logFailure(app.logger, error, { opportunityId }, 'questions failed to load')
		throw await redirectWithToast('/admin', { type: 'error', description: 'Failed to load questions' }, app.env)
	}
}

/** The button a failed form of this tab returns focus to, when the form named one (anything else stays out of the cookie). */
function pressedButton(intent: FormDataEntryValue | null, questionId: string, direction: FormDataEntryValue | null) {
	if (!isRecordId(questionId)) return undefined
	if (intent !== 'move') return FLASH_FOCUS.template(questionId)
	return direction === 'up' || direction === 'down' ? FLASH_FOCUS.move(questionId, direction) : undefined
}

/** The tab's own forms: move up/down (reordering without JavaScript) and "Save as template". */
export async function action({ request, context, params }: ActionFunctionArgs) {
	const actor = requireAdmin(request, context)
	const { app } = context
	const base = questionsPath(params.id ?? '')
	const form = await readForm(request)
	const intent = form.get('intent')
	const questionId = String(form.get('questionId') ?? '')
	try {
		if (intent === 'move') {
			// The domain validates the direction again.
			const direction = String(form.get('direction')) as MoveQuestionInput['direction']
			await moveQuestion(app, actor, { questionId, opportunityId: params.id, direction })
			// Focus returns to the button pressed, so the next step is one more press (FLASH_FOCUS).
			const focus = FLASH_FOCUS.move(questionId, direction)
			return await redirectWithToast(`${base}?reorder=1`, { type: 'info', title: 'Question order saved', focus }, app.env)
		}
		if (intent === 'save-template') {
			const template = await saveQuestionAsTemplate(app, actor, { questionId })
			const title = template.alreadySaved ? `Already saved as template "${template.label}"` : `Saved as template "${template.label}"`
			return await redirectWithToast(base, { type: template.alreadySaved ? 'info' : 'success', title, focus: FLASH_FOCUS.template(questionId) }, app.env)
		}
	} catch (error) {
		logFailure(app.logger, error, { questionId, intent }, 'question tab action failed')
		const description = intent === 'move' ? 'Failed to save question order' : 'Failed to save template'
		const focus = pressedButton(intent, questionId, form.get('direction'))
		return redirectWithToast(intent === 'move' ? `${base}?reorder=1` : base, { type: 'error', description, focus }, app.env)
	}
	throw new Response('Unknown form.', { status: 400 })
}

type Question = ReturnType<typeof useLoaderData<typeof loader>>['questions'][number]

export default function QuestionsTab() {
	const { opportunityId, questions } = useLoaderData<typeof loader>()
	const [searchParams] = useSearchParams()
	const reordering = searchParams.has('reorder')
	const base = questionsPath(opportunityId)
	const hydrated = useHydrated()
	const navigation = useNavigation()
	const revalidator = useRevalidator()
	const loading =
		hydrated && (revalidator.state === 'loading' || (navigation.state === 'loading' && navigation.location.pathname === base))
	useFocusListWhenEditorCloses(base)

	return (
		<div className="grid gap-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h2 className="text-xl font-semibold">Application Questions</h2>
				<div className="flex flex-wrap gap-2">
					{reordering ? (
						<ButtonLink to={base} variant="outline" preventScrollReset>
							<Check aria-hidden />
							Done
						</ButtonLink>
					) : (
						<ButtonLink to={`${base}?reorder=1`} variant="outline" preventScrollReset>
							<ListOrdered aria-hidden />
							Reorder
						</ButtonLink>
					)}
					<ButtonLink to={`${base}/import`} variant="outline" preventScrollReset>
						<FileDown aria-hidden />
						Import Template
					</ButtonLink>
					<ButtonLink to={`${base}/new`} preventScrollReset>
						<Plus aria-hidden />
						Add Question
					</ButtonLink>
				</div>
			</div>

			<Outlet />

			<div className="grid items-start gap-6 xl:grid-cols-2">
				<section aria-labelledby="questions-title">
					<Card>
						<CardHeader className="flex-row items-center justify-between">
							<CardTitle as="h3" id="questions-title" tabIndex={-1} className="outline-none">
								Questions ({questions.length})
							</CardTitle>
							<p role="status" className="text-sm text-muted-foreground">
								{loading ? 'Loading...' : ''}
							</p>
						</CardHeader>
						<CardContent>
							{questions.length === 0 ? (
								<p className="text-sm text-muted-foreground">No questions added yet</p>
							) : reordering && hydrated ? (
								<SortableQuestions opportunityId={opportunityId} questions={questions} />
							) : (
								<ol className="grid gap-2">
									{questions.map((question, index) => (
										<QuestionRow
											key={question.id}
											question={question}
											position={index + 1}
											href={reordering ? null : questionPath(opportunityId, question.id)}
											actions={
												reordering ? (
													<MoveButtons question={question} first={index === 0} last={index === questions.length - 1} />
												) : (
													<SaveAsTemplate question={question} />
												)
											}
										/>
									))}
								</ol>
							)}
						</CardContent>
					</Card>
				</section>
				<ApplicationFormPreview questions={questions} />
			</div>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

type RowProps = {
	question: Question
	position: number
	/** The editor's URL; null in reorder mode, where rows do not open. */
	href: string | null
	actions?: React.ReactNode
	handle?: React.ReactNode
	rowRef?: (element: HTMLLIElement | null) => void
	dragging?: boolean
}

function QuestionRow({ question, position, href, actions, handle, rowRef, dragging }: RowProps) {
	const limit = limitLabel(question.limitType, question.limitValue)
	const details = [questionTypeLabel(question.type), question.section, limit].filter(Boolean)
	return (
		<li
			ref={rowRef}
			data-testid="question-row"
			className={`relative flex items-center gap-3 rounded-lg border border-border bg-card p-3 transition-colors ${
				href ? 'hover:bg-muted' : ''
			} ${dragging ? 'border-primary shadow-raised ring-2 ring-primary/30' : ''}`}
		>
			{handle}
			<span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold tabular-nums">
				<span className="sr-only">Position </span>
				{position}
			</span>
			<div className="min-w-0 flex-1">
				<div className="flex flex-wrap items-center gap-2">
					{href ? (
						<Link
							to={href}
							preventScrollReset
							data-testid="question-label"
							className="font-medium after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring"
						>
							{question.label}
						</Link>
					) : (
						<span data-testid="question-label" className="font-medium">
							{question.label}
						</span>
					)}
					{question.required ? <Badge variant="secondary">Required</Badge> : null}
				</div>
				<p className="mt-1 text-sm text-muted-foreground">{details.join(' · ')}</p>
			</div>
			{actions ? <div className="relative z-10 flex shrink-0 gap-1">{actions}</div> : null}
		</li>
	)
}

function SaveAsTemplate({ question }: { question: Question }) {
	const focusAfterPost = useFlashFocus(FLASH_FOCUS.template(question.id))
	return (
		<Form method="post" preventScrollReset>
			<input type="hidden" name="intent" value="save-template" />
			<input type="hidden" name="questionId" value={question.id} />
			<Button type="submit" variant="ghost" size="sm" autoFocus={focusAfterPost} aria-label={`Save as template: ${question.label}`}>
				<BookmarkPlus aria-hidden />
				<span className="hidden sm:inline">Save as template</span>
			</Button>
		</Form>
	)
}

/** Reordering without JavaScript: one post per step. */
function MoveButtons({ question, first, last }: { question: Question; first: boolean; last: boolean }) {
	// Back from a move, focus is on the button pressed, or on the other one once the question is at an end.
	const returning = useFlashFocusKey()
	const pressed = returning === FLASH_FOCUS.move(question.id, 'up') ? 'up' : returning === FLASH_FOCUS.move(question.id, 'down') ? 'down' : null
	const focused = (pressed === 'up' && first) || (pressed === 'down' && last) ? (pressed === 'up' ? 'down' : 'up') : pressed
	return (
		<Form method="post" preventScrollReset className="flex items-center gap-1">
			<GripVertical aria-hidden className="size-4 text-muted-foreground" />
			<input type="hidden" name="intent" value="move" />
			<input type="hidden" name="questionId" value={question.id} />
			<Button type="submit" name="direction" value="up" variant="ghost" size="icon" disabled={first} autoFocus={focused === 'up' || undefined} aria-label={`Move "${question.label}" up`}>
				<ArrowUp aria-hidden />
			</Button>
			<Button type="submit" name="direction" value="down" variant="ghost" size="icon" disabled={last} autoFocus={focused === 'down' || undefined} aria-label={`Move "${question.label}" down`}>
				<ArrowDown aria-hidden />
			</Button>
		</Form>
	)
}

/**
 * Reordering with JavaScript: drag and drop (pointer or keyboard), shown at once and saved through
 * the questions.reorder mutation; a failed save puts the previous order back.
 */
function SortableQuestions({ opportunityId, questions }: { opportunityId: string; questions: Question[] }) {
	const trpc = useTRPC()
	const revalidator = useRevalidator()
	const [optimistic, setOptimistic] = useState<string[] | null>(null)
	const [saved, setSaved] = useState(questions)
	if (saved !== questions) {
		// New loader data is the truth again.
		setSaved(questions)
		setOptimistic(null)
	}
	const byId = new Map(questions.map((question) => [question.id, question]))
	const reorder = useMutation(
		trpc.questions.reorder.mutationOptions({
			onSuccess: () => revalidator.revalidate(),
			onError: (error) => {
				setOptimistic(null)
				showToast({
					type: 'error',
					description: error.data?.code === 'CONFLICT' ? error.message : 'Failed to save question order',
				})
			},
		}),
	)
	const sortable = useSortable({
		ids: optimistic ?? questions.map((question) => question.id),
		nameOf: (id) => byId.get(id)?.label ?? 'Question',
		onReorder: (questionIds) => {
			setOptimistic(questionIds)
			reorder.mutate({ opportunityId, questionIds })
		},
	})

	return (
		<>
			<p id="reorder-help" className="mb-3 text-sm text-muted-foreground">
				Drag a question by its handle, or focus a handle and press Space to lift it, the arrow keys to move it, Space to drop it
				and Escape to cancel.
			</p>
			<div aria-live="assertive" className="sr-only">
				{sortable.announcement}
			</div>
			<ol className="grid gap-2">
				{sortable.order.map((id, index) => {
					const question = byId.get(id)
					if (!question) return null
					return (
						<QuestionRow
							key={id}
							question={question}
							position={index + 1}
							href={null}
							rowRef={sortable.rowRef(id)}
							dragging={sortable.draggingId === id}
							handle={
								<button
									type="button"
									{...sortable.handleProps(id)}
									aria-label={`Reorder "${question.label}"`}
									aria-describedby="reorder-help"
									className="flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing aria-pressed:bg-accent aria-pressed:text-accent-foreground"
								>
									<GripVertical aria-hidden className="size-5" />
								</button>
							}
						/>
					)
				})}
			</ol>
		</>
	)
}

/**
 * When the editor above the list closes (saved, deleted, cancelled), its controls go with it and the
 * keyboard's focus would fall to the page's body: it moves to the list's heading instead.
 */
function useFocusListWhenEditorCloses(base: string) {
	const { pathname } = useLocation()
	const previous = useRef(pathname)
	useEffect(() => {
		const closed = previous.current !== base && pathname === base
		previous.current = pathname
		if (closed && (document.activeElement === null || document.activeElement === document.body)) document.getElementById('questions-title')?.focus()
	}, [pathname, base])
}
