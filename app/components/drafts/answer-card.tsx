import { Form, useNavigation, useSubmit } from '@remix-run/react'
import { useContext, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { CopyButton } from '#app/components/copy-button.tsx'
import { QuestionContextButton } from '#app/components/question-context-dialog.tsx'
import { QuestionSummary } from '#app/components/questions/question-summary.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { fieldClassName } from '#app/components/ui/field-styles.ts'
import { AlertCircle, LoaderCircle, Redo2, RefreshCw, Save, Undo2 } from '#app/components/ui/icons.tsx'
import { cn } from '#app/utils/cn.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { answerFormatProblem, answerType, isLimitedType, limitState } from '#server/domain/drafting/answer-fit.ts'
import { answerField, choicesOf, DRAFT_FORM_ID, fingerprint, normalizeNewlines, parseChoices, untouchedPost } from '#server/domain/drafting/answer-form.ts'
import { DRAFT_MESSAGES } from '#server/domain/drafting/drafting.schema.ts'
import { displayAnswer } from '#server/domain/drafting/export/document.ts'
import type { DraftView } from '#server/domain/drafting/drafts.ts'
import { AnswerEditorsContext, DRAFT_GONE_MESSAGE, useAutosave, type SaveState } from './use-autosave.ts'

export type AnswerView = DraftView['answers'][number]

/** No text, or no option chosen (a multi-select answer is a JSON array). */
const isEmptyAnswer = (text: string) => !text.trim() || text.trim() === '[]'

type AnswerCardProps = {
	number: number
	answer: AnswerView
	draftId: string
	/** Regenerate and Undo are not offered while the draft is generating or after it failed. */
	canRewrite: boolean
	/** Where the question's context lives (the opportunity must still be open to artists). */
	context: { opportunityId: string } | null
	/** What the no-JavaScript Save left on the page after a refused save (400, or 409 `conflict`), so nothing typed is lost. */
	refused?: { text: string; error: string; conflict?: true }
	/** This answer's save was the first refused: its field takes focus until hydrated. */
	focusRefused?: boolean
	/** The field's maxlength without JavaScript: the page's form carries every answer (answerFieldMaxChars). */
	fieldMaxChars: number
	/**
	 * Without JavaScript while the draft is being written: the page reloads itself every few seconds,
	 * which would lose anything typed, so the field cannot be typed in until it is done.
	 */
	readOnly?: boolean
}

/**
 * One question of a draft (spec section 2, "Draft detail"): its prompt, help text and limit, the
 * editable answer with its counter ("count / limit words|chars", "N over limit" in red, a warning
 * only), and its actions. With JavaScript edits save themselves, and Regenerate and Undo post small
 * forms of their own; without it the field, a Save button, Regenerate and Undo all belong to the
 * page's one form (DRAFT_FORM_ID), which saves every changed answer before it does what was pressed.
 */
export function AnswerCard({ number, answer, draftId, canRewrite, context, refused, focusRefused, fieldMaxChars, readOnly }: AnswerCardProps) {
	const hydrated = useHydrated()
	const id = useId()
	const navigation = useNavigation()
	const autosave = useAutosave({ answerId: answer.id, revision: answer.revision })
	const [text, setText] = useState(refused?.text ?? answer.text)
	// A new text from the server (written, regenerated, undone, redone) replaces the field's; the artist's
	// own typing is never overwritten by a progress update that only echoes an earlier save.
	const serverVersion = `${answer.status}:${answer.hasUndo}:${answer.undone}:${answer.status === 'written' ? '' : answer.text}`
	const [seenVersion, setSeenVersion] = useState(serverVersion)
	// Also a text written elsewhere without a state this page saw change: a Regenerate whose new
	// answer was written before the page looked again, another tab's save.
	const writtenElsewhere = answer.status === 'written' && autosave.isNewerElsewhere(answer.revision)
	if (serverVersion !== seenVersion || writtenElsewhere) {
		setSeenVersion(serverVersion)
		setText(answer.text)
		autosave.reset(answer.text, answer.revision)
	}
	const change = (next: string) => {
		setText(next)
		autosave.schedule(next)
	}
	const busy = (intent: string) => navigation.state !== 'idle' && navigation.formData?.get('intent') === intent && navigation.formData?.get('answerId') === answer.id
	const pending = answer.status === 'pending'
	const limit = isLimitedType(answer.questionType) ? limitState(text, answer.limitType, answer.limitValue) : null
	const formatProblem = answerFormatProblem(answer.questionType, text)
	const fieldId = `${id}-answer`
	// What the field posts left as loaded: the action saves the answer only when it posts something else.
	const shown = useMemo(() => fingerprint(untouchedPost(answer)), [answer])

	return (
		<Card className="gap-4 p-5 sm:p-6" aria-labelledby={`${id}-prompt`} id={`answer-${answer.id}`} role="group">
			<div className="grid gap-1.5">
				<QuestionSummary
					as="h2"
					size="base"
					id={`${id}-prompt`}
					number={number}
					label={answer.prompt}
					required={answer.required}
					type={answer.questionType}
					limitType={answer.limitType}
					limitValue={answer.limitValue}
					helpText={answer.helpText}
				/>
			</div>

			{pending ? (
				<>
					<p role="status" className="flex items-center gap-2 rounded-md border border-dashed border-border bg-muted/40 px-3 py-6 text-sm text-muted-foreground">
						<LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
						Writing this answer…
					</p>
					{refused ? (
						// Regenerated in another tab after this page loaded, with a save refused: the text typed here, to copy.
						<div className="grid gap-1.5">
							<p id={`${id}-refused`} className="flex items-start gap-2 text-sm font-medium text-destructive">
								<AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
								{refused.error}
							</p>
							<label htmlFor={fieldId} className="text-sm font-medium">
								Your text
							</label>
							<textarea id={fieldId} readOnly value={refused.text} rows={6} aria-describedby={`${id}-refused`} autoFocus={focusRefused && !hydrated ? true : undefined} className={fieldClassName} />
						</div>
					) : null}
				</>
			) : (
				<div className="grid gap-2">
					<input type="hidden" form={DRAFT_FORM_ID} name="answer" value={answer.id} />
					{/* Without JavaScript too, a save from a page older than another tab's save is refused (ADR 020). */}
					<input type="hidden" form={DRAFT_FORM_ID} name={answerField.base(answer.id)} value={answer.revision} />
					<input type="hidden" form={DRAFT_FORM_ID} name={answerField.shown(answer.id)} value={shown} />
					{answer.status === 'failed' && answer.error ? (
						<p role="alert" className="flex items-start gap-2 text-sm text-destructive">
							<AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
							{answer.error}
						</p>
					) : null}
					{refused ? (
						// Above the field, which takes focus: below a long answer it was off the screen.
						<p id={`${id}-refused`} className="flex items-start gap-2 text-sm font-medium text-destructive">
							<AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
							{refused.error}
						</p>
					) : null}
					<AnswerControl
						id={fieldId}
						answerId={answer.id}
						maxChars={fieldMaxChars}
						labelledBy={`${id}-prompt`}
						describedBy={`${refused ? `${id}-refused ` : ''}${id}-count ${id}-save`}
						type={answer.questionType}
						options={answer.options}
						value={text}
						onChange={change}
						hydrated={hydrated}
						// A save refused without JavaScript comes back as a new page: it opens at this answer, with its
						// reason just above, not at the page's top (a tester found the reason 3,300 px down, unseen).
						refused={refused ? (refused.conflict ? 'conflict' : 'invalid') : null}
						takeFocus={Boolean(focusRefused) && !hydrated}
						readOnly={Boolean(readOnly) && !hydrated}
					/>
					<div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
						<p id={`${id}-count`} className="text-muted-foreground">
							{limit ? (
								<>
									{limit.count} / {limit.limit} {limit.unit}
									{/* A space, not only a margin: a screen reader reads "165 / 100 chars, 65 over limit", not "chars65". */}
									{limit.over ? (
										<>
											{' '}
											<span className="ml-1 font-medium text-destructive">{limit.over} over limit</span>
										</>
									) : null}
								</>
							) : null}
							{formatProblem ? <span className="font-medium text-destructive">{formatProblem}</span> : null}
							{/* The drafter leaves empty what it had nothing to go on for (a nationality, a video link). */}
							{answer.status === 'written' && isEmptyAnswer(text) ? (
								<span className={cn('font-medium text-amber-700', limit && 'ml-2')}>{answer.required ? 'Required, and still empty: add your answer.' : 'Empty: add your answer, or leave it out.'}</span>
							) : null}
						</p>
						<p id={`${id}-save`} aria-live="polite" className="text-muted-foreground">
							{refused ? null : <SaveStatus number={number} state={autosave.state} onRetry={autosave.retry} onKeepMine={autosave.overwrite} />}
						</p>
					</div>
					{hydrated || readOnly ? null : (
						<div>
							{/* Saves every answer changed on the page, this one among them. */}
							<Button type="submit" form={DRAFT_FORM_ID} name="do" value={`save:${answer.id}`} variant="outline" size="sm">
								<Save aria-hidden />
								Save<span className="sr-only"> answer {number}</span>
							</Button>
						</div>
					)}
				</div>
			)}

			<div className="flex flex-wrap items-center gap-2 border-t border-border pt-4">
				{!pending && text ? <CopyButton value={displayAnswer(answer.questionType, text)} label={`Copy answer ${number}`} /> : null}
				{canRewrite ? (
					<AnswerActionForm answerId={answer.id} intent="regenerate" pageCommand={`regenerate:${answer.id}`} disabled={pending || busy('regenerate')} beforeSubmit={autosave.flush}>
						<RefreshCw aria-hidden className={cn(pending && 'animate-spin motion-reduce:animate-none')} />
						{pending ? 'Regenerating…' : 'Regenerate'}
						<span className="sr-only"> answer {number}</span>
					</AnswerActionForm>
				) : null}
				{canRewrite && answer.hasUndo && !pending ? (
					// Undo and Redo swap the answer before Regenerate and the regenerated one: an edit typed
					// since is saved first, and kept on the side that goes.
					<AnswerActionForm
						answerId={answer.id}
						intent="undo"
						direction={answer.undone ? 'redo' : 'undo'}
						pageCommand={`${answer.undone ? 'redo' : 'undo'}:${answer.id}`}
						disabled={busy('undo')}
						beforeSubmit={autosave.flush}
					>
						{answer.undone ? <Redo2 aria-hidden /> : <Undo2 aria-hidden />}
						{answer.undone ? 'Redo' : 'Undo'}
						<span className="sr-only"> regenerate of answer {number}</span>
					</AnswerActionForm>
				) : null}
				{context ? <QuestionContextButton opportunityId={context.opportunityId} slug={answer.slug} label={answer.prompt} draftId={draftId} /> : null}
			</div>
		</Card>
	)
}

type AnswerActionFormProps = {
	answerId: string
	intent: string
	/** Undo or Redo, as the page shows it: refused when the answer has gone the other way since (another tab). */
	direction?: 'undo' | 'redo'
	/** What the button asks of the page's one form without JavaScript (its `do`), saving typed answers first. */
	pageCommand: string
	disabled: boolean
	/**
	 * Runs before the form is sent, which it is only when this resolves true: Regenerate, Undo and
	 * Redo save the typed edit first, so that it is among the texts they keep.
	 */
	beforeSubmit?: () => Promise<boolean>
	children: ReactNode
}

/**
 * Regenerate or Undo. While it cannot act the button is marked disabled rather than made so: a
 * disabled button loses focus, and a keyboard user who pressed Regenerate found themselves at the
 * top of the page when the new answer came.
 */
function AnswerActionForm({ answerId, intent, direction, pageCommand, disabled, beforeSubmit, children }: AnswerActionFormProps) {
	const submit = useSubmit()
	const hydrated = useHydrated()
	// While the typed edit is being saved first, a second press does not send the form twice.
	const [preparing, setPreparing] = useState(false)
	const unavailable = disabled || preparing
	const send = (event: FormEvent<HTMLFormElement>) => {
		if (unavailable) return event.preventDefault()
		if (!beforeSubmit) return
		event.preventDefault()
		const form = event.currentTarget
		setPreparing(true)
		void beforeSubmit()
			.then((ready) => {
				if (ready) submit(form, { method: 'post', preventScrollReset: true })
			})
			.finally(() => setPreparing(false))
	}
	return (
		<Form method="post" preventScrollReset onSubmit={send}>
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="answerId" value={answerId} />
			{direction ? <input type="hidden" name="direction" value={direction} /> : null}
			<ViewerField />
			<Button
				type="submit"
				{...pageFormButton(hydrated, pageCommand)}
				variant="outline"
				size="sm"
				aria-disabled={unavailable || undefined}
				className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
			>
				{children}
			</Button>
		</Form>
	)
}

/**
 * A button's part in the page's one form, until hydrated: it belongs to that form (not the small
 * one around it) and names what it does, so the post saves what was typed first (answer-form.ts).
 * Once hydrated it is its small form's again, sent after the autosave.
 */
export function pageFormButton(hydrated: boolean, command: string) {
	return hydrated ? {} : { form: DRAFT_FORM_ID, name: 'do', value: command }
}

/**
 * The account the page was shown to, in each of its forms: posted after the browser signed in to
 * another account (or out), the page says so, and keeps a save's text, instead of "not found".
 */
export function ViewerField() {
	const editors = useContext(AnswerEditorsContext)
	const hydrated = useHydrated()
	if (!editors?.viewerId) return null
	return (
		<>
			<input type="hidden" name="viewerId" value={editors.viewerId} />
			{/* Sent by JavaScript: the page stays (with a toast) instead of a page in its place. */}
			{hydrated ? <input type="hidden" name="script" value="1" /> : null}
		</>
	)
}

function SaveStatus({ number, state, onRetry, onKeepMine }: { number: number; state: SaveState; onRetry: () => void; onKeepMine: () => void }) {
	if (state === 'saving' || state === 'pending') return <>Saving…</>
	if (state === 'saved') return <>Saved</>
	if (state === 'gone') return <span className="font-medium text-destructive">{DRAFT_GONE_MESSAGE}</span>
	if (state === 'too-long') return <span className="font-medium text-destructive">{DRAFT_MESSAGES.answerTooLong} Shorten it to save it.</span>
	if (state === 'conflict') {
		return (
			<span className="font-medium text-destructive">
				Changed in another tab or window; reload to see it.{' '}
				<button type="button" onClick={onKeepMine} className="underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring">
					Keep mine<span className="sr-only"> for answer {number}</span>
				</button>
			</span>
		)
	}
	if (state === 'error') {
		return (
			<span className="font-medium text-destructive">
				Save Failed.{' '}
				<button type="button" onClick={onRetry} className="underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring">
					Retry
				</button>
			</span>
		)
	}
	return null
}

type AnswerControlProps = {
	id: string
	answerId: string
	/** The field's maxlength without JavaScript. */
	maxChars: number
	labelledBy: string
	describedBy: string
	type: string
	options: string[]
	value: string
	onChange: (value: string) => void
	hydrated: boolean
	/**
	 * The page came back with this answer's save refused: the control is focused until hydrated, and
	 * marked invalid when its text was (not when another tab saved first).
	 */
	refused: 'invalid' | 'conflict' | null
	/** The first refused answer's control is focused until hydrated. */
	takeFocus: boolean
	readOnly: boolean
}

/**
 * The answer's control, by question type: choices as radio buttons or checkboxes (a multi-select
 * answer is stored as a JSON array string), one line for short text, URL and number, a text area
 * for long text and unknown types. Every control belongs to the page's one form and posts as
 * `value.{answerId}` (checkboxes as `values.{answerId}`).
 */
function AnswerControl({ id, answerId, maxChars, labelledBy, describedBy, type, options, value, onChange, hydrated, refused, takeFocus: focused, readOnly }: AnswerControlProps) {
	const shaped = answerType(type)
	const takeFocus = focused || undefined
	if (shaped === 'multiple_choice' || shaped === 'multi_select') {
		const multiple = shaped === 'multi_select'
		const chosen = multiple ? parseChoices(value) : [value]
		const choices = choicesOf(options, chosen)
		// A refused save's focus: the chosen option, else the first.
		const focusedChoice = chosen.find((choice) => choices.includes(choice)) ?? choices[0]
		const toggle = (option: string, checked: boolean) => {
			if (!multiple) return onChange(option)
			const next = checked ? [...chosen, option] : chosen.filter((choice) => choice !== option)
			onChange(JSON.stringify(options.filter((candidate) => next.includes(candidate))))
		}
		return (
			<fieldset className="grid gap-2" aria-labelledby={labelledBy} aria-describedby={describedBy}>
				{/* Without JavaScript the form posts the ticked boxes as `values`; this says to keep them as a list (none ticked: an empty one). */}
				{multiple ? <input type="hidden" form={DRAFT_FORM_ID} name={answerField.multi(answerId)} value="1" /> : null}
				{choices.map((option) => (
					<label
						key={option}
						className="flex min-h-10 cursor-pointer items-center gap-2.5 rounded-md border border-border bg-card px-3 py-2 text-sm hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring/40"
					>
						<input
							type={multiple ? 'checkbox' : 'radio'}
							form={DRAFT_FORM_ID}
							name={multiple ? answerField.values(answerId) : answerField.value(answerId)}
							value={option}
							checked={chosen.includes(option)}
							disabled={readOnly || undefined}
							onChange={(event) => toggle(option, event.currentTarget.checked)}
							autoFocus={option === focusedChoice ? takeFocus : undefined}
							className="checkbox shrink-0"
						/>
						{option}
					</label>
				))}
			</fieldset>
		)
	}
	const common = {
		id,
		form: DRAFT_FORM_ID,
		name: answerField.value(answerId),
		value,
		readOnly: readOnly || undefined,
		// With JavaScript the field takes any paste and the save line says when it is too long; without,
		// the post does (and keeps the text), up to twice what an answer holds.
		maxLength: hydrated ? undefined : maxChars,
		// Hebrew or Arabic answers read right to left, aligned and punctuated as written.
		dir: 'auto',
		autoFocus: takeFocus,
		'aria-invalid': refused === 'invalid' || undefined,
		'aria-labelledby': labelledBy,
		'aria-describedby': describedBy,
		className: fieldClassName,
	}
	if (shaped === 'long_text') {
		return (
			<textarea
				{...common}
				// A stored "\r\n" first line break would be lost to the HTML parser (React keeps a leading "\n" only).
				value={normalizeNewlines(value)}
				rows={Math.min(20, Math.max(6, Math.ceil(value.length / 90) + value.split('\n').length))}
				onChange={(event) => onChange(event.currentTarget.value)}
				className={cn(fieldClassName, 'min-h-32 py-2 leading-relaxed')}
			/>
		)
	}
	return (
		<input
			{...common}
			type={shaped === 'url' ? 'url' : 'text'}
			inputMode={shaped === 'number' ? 'decimal' : undefined}
			onChange={(event) => onChange(event.currentTarget.value)}
			className={cn(fieldClassName, 'h-10')}
		/>
	)
}
