import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useState, type ComponentProps, type ReactNode } from 'react'
import { AnswerCard, pageFormButton, ViewerField } from '#app/components/drafts/answer-card.tsx'
import { DeleteDraftButton } from '#app/components/drafts/delete-draft.tsx'
import { SavedFirstLink } from '#app/components/drafts/saved-first-link.tsx'
import { AnswerEditorsContext, DRAFT_GONE_MESSAGE, useAnswerEditors, useUnsavedAnswersGuard, type AnswerEditors } from '#app/components/drafts/use-autosave.ts'
import { useLiveDraft } from '#app/components/drafts/use-live-draft.ts'
import { CopyButton } from '#app/components/copy-button.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { showToast, useFlashFile } from '#app/components/toaster.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { StatusPanel } from '#app/components/status-panel.tsx'
import { Button, ButtonLink, buttonVariants } from '#app/components/ui/button.tsx'
import { fieldClassName } from '#app/components/ui/field-styles.ts'
import { AlertCircle, ArrowLeft, CheckCircle2, CircleDot, Download, FileDown, FileText, SearchX, Trash2 } from '#app/components/ui/icons.tsx'
import { EXPORT_UPGRADE_MESSAGE, UpgradeDialog, UpgradePanel } from '#app/components/upgrade-dialog.tsx'
import { formatShortDate, toIsoDate } from '#server/domain/dates.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { FORM_MESSAGES, readForm } from '#app/utils/read-form.server.ts'
import { redirectWithToast, type ToastInput } from '#app/utils/toast.server.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { viewerAccount } from '#app/utils/viewer-account.server.ts'
import { requireOnboardedUser, requireUser } from '#server/auth/guards.ts'
import {
	DRAFT_MESSAGES,
	draftPath,
	draftStatusLabel,
	draftStatusVariant,
	isDraftSettled,
	progressText,
	watchDraftPath,
} from '#server/domain/drafting/drafting.schema.ts'
import { getDraftForOwner, ownsDraft, regenerateAnswer, saveAnswerEdit, setDraftStatus, undoRegenerate, type DraftView } from '#server/domain/drafting/drafts.ts'
import { answerFieldMaxChars, DRAFT_FORM_ID, readDraftPageForm, type DraftCommand, type DraftFile, type PostedAnswerEdit } from '#server/domain/drafting/answer-form.ts'
import { draftDocument, PDF_CANNOT_SHOW } from '#server/domain/drafting/export/document.ts'
import { draftAsText } from '#server/domain/drafting/export/text.ts'
import { isDomainError } from '#server/domain/errors.ts'
import { isRecordId } from '#server/domain/ids.ts'
import { logFailure } from '#server/logger.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta({ title: data?.draft.title ?? 'Draft' })

/** Without JavaScript the page reloads itself this often while answers are being written. */
const REFRESH_SECONDS = 3

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const user = requireOnboardedUser(request, context)
	const { app } = context
	let draft: DraftView
	try {
		draft = await getDraftForOwner(app, user, { draftId: params.id ?? '' })
	} catch (error) {
		// Spec section 8: back to the list with "Not Found" / "Draft not found", or "Failed to load draft".
		if (isDomainError(error) && error.code === 'NOT_FOUND') {
			throw await redirectWithToast('/portal/drafts', { type: 'error', title: 'Not Found', description: DRAFT_MESSAGES.notFound }, app.env)
		}
		logFailure(app.logger, error, { draftId: params.id }, 'draft failed to load')
		throw await redirectWithToast('/portal/drafts', { type: 'error', description: 'Failed to load draft' }, app.env)
	}
	const url = new URL(request.url)
	// The self-refreshing page (no JavaScript) says once that the draft it watched is done.
	if (url.searchParams.has('watching') && draft.status !== 'generating') {
		const done: ToastInput =
			draft.status === 'failed'
				? { type: 'error', description: 'Failed to generate draft' }
				: { title: 'Draft Created', description: 'Your draft has been generated successfully!' }
		throw await redirectWithToast(draftPath(draft.id), done, app.env)
	}
	const { plan } = await viewerAccount(request, context, user)
	return { draft, viewerId: user.id, pro: plan === 'pro', offerExportUpgrade: url.searchParams.get('upgrade') === 'export' && plan !== 'pro' }
}

/** A save refused without JavaScript: the text as posted, and why (a 409 `conflict`: changed in another tab; else the text is at fault). */
type RefusedSave = { answerId: string; text: string; error: string; conflict?: true }

/** The page's post without JavaScript, when an answer could not be saved: nothing else was done (`skipped`, the button pressed). */
type RefusedSaves = { refused: RefusedSave[]; skipped: string | null }

/** A post without JavaScript to a draft deleted since the page loaded, or from another account's page: what was typed. */
type UnsavedText = { unsavedTexts?: string[]; reason?: 'other-account' }

/** A form of the page posted with JavaScript after another account signed in. */
type OtherAccount = { otherAccount: string }

/**
 * What a post asks for. Without JavaScript the page's one form names it in `do` (answer-form.ts);
 * with it, Regenerate, Undo and the status post their own small forms (`intent`).
 */
function commandOf(form: FormData): DraftCommand {
	const answerId = String(form.get('answerId') ?? '')
	const direction = form.get('direction')
	switch (form.get('intent')) {
		case 'save':
			return { intent: 'save', answerId }
		case 'regenerate':
			return { intent: 'regenerate', answerId }
		case 'undo':
			return { intent: 'undo', answerId, direction: direction === 'undo' || direction === 'redo' ? direction : undefined }
		case 'status':
			return { intent: 'status', status: String(form.get('status') ?? '') }
		default:
			return { intent: 'none' }
	}
}

/**
 * Regenerate, Undo or Redo, the status, and without JavaScript Save, which first saves every
 * answer changed on the page (ADR 020, "One form for the page").
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
	// Signed out: off to sign in before a byte of the body is read. (The portal's layout would send
	// the page there anyway, as for any of its forms: its loader runs before any page could show a
	// save's text.)
	const session = requireUser(request, context)
	const form = await readForm(request)
	const page = form.has('do') ? readDraftPageForm(form) : undefined
	if (page === null) throw new Response(FORM_MESSAGES.unreadable, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
	const edits = page?.edits ?? legacySave(form)
	// Posted from a page shown to another account than the one signed in now (in another tab): said
	// so, with what was typed, not "not found".
	const viewerId = String(form.get('viewerId') ?? '')
	if (viewerId && session.id !== viewerId) {
		// With JavaScript the page stays, with every answer's text, and says so; a 4xx answer leaves
		// its loaders alone (they would read the draft as the other account: not found).
		if (form.get('script') === '1') return data<OtherAccount>({ otherAccount: DRAFT_MESSAGES.otherAccount }, { status: 403 })
		throw data<UnsavedText>({ unsavedTexts: edits.map((edit) => edit.text), reason: 'other-account' }, { status: 403 })
	}
	const user = requireOnboardedUser(request, context)
	const { app } = context
	const draftId = params.id ?? ''
	const command = page?.command ?? commandOf(form)
	const answerId = 'answerId' in command ? command.answerId : ''
	const back = draftPath(draftId)
	// Back to the answer only when the form named one: anything else posted as an id would come back
	// in the Location header (a 15 KB one overflowed the client's header limit).
	const toBack = (toast: ToastInput, hash = isRecordId(answerId) ? `#answer-${answerId}` : '') => redirectWithToast(`${back}${hash}`, toast, app.env)
	// Nothing found: the draft was deleted meanwhile, or the form named an answer that is not one of its own.
	const draftGone = async () => !(await ownsDraft(app, user, { draftId }))
	try {
		const refused: RefusedSave[] = []
		let saved = 0
		for (const edit of edits) {
			try {
				if ((await saveAnswerEdit(app, user, { answerId: edit.answerId, draftId, userEdit: edit.text, baseRevision: edit.baseRevision })).saved) saved++
			} catch (error) {
				if (!isDomainError(error)) throw error
				// Deleted meanwhile (in another tab): no draft page to come back to, so the error page holds the text to copy.
				if (error.code === 'NOT_FOUND' && (await draftGone())) throw data<UnsavedText>({ unsavedTexts: edits.map(({ text }) => text) }, { status: 404 })
				if (error.code === 'NOT_FOUND') throw error
				// Too long, or saved meanwhile in another tab: the page comes back with the text as typed and
				// why, so nothing is lost. The page it renders has the newer revision, so saving again keeps this text.
				const changedElsewhere = error.message === DRAFT_MESSAGES.changedElsewhere
				refused.push({
					answerId: edit.answerId,
					text: edit.text,
					error: changedElsewhere ? `${error.message} Save again to keep yours.` : error.message,
					...(error.code === 'INVALID' ? {} : { conflict: true as const }),
				})
			}
		}
		// Nothing else is done until every change is saved, as with JavaScript (Regenerate saves first).
		if (refused.length) return data<RefusedSaves>({ refused, skipped: skippedLabel(command) }, { status: refused.every((save) => save.conflict) ? 409 : 400 })
		switch (command.intent) {
			case 'save':
				return await toBack({ title: 'Saved', description: savedText(saved) })
			case 'regenerate':
				await regenerateAnswer(app, user, { answerId, draftId })
				return await toBack({ type: 'info', title: 'Regenerating', description: 'A new answer is being written. If it differs from the old one, Undo brings that back.' })
			case 'undo': {
				const { undone } = await undoRegenerate(app, user, { answerId, draftId, direction: command.direction })
				return await toBack(
					undone
						? { title: 'Answer restored', description: 'The answer before Regenerate is back. Redo brings the new one back.' }
						: { title: 'Regenerated answer restored', description: 'The answer Regenerate wrote is back. Undo brings the one before it back.' },
				)
			}
			case 'file':
				// The page it comes back to fetches the file, now made from every answer as typed.
				return await toBack(command.file === 'download' ? { title: 'Downloaded', description: 'Draft saved as text file', file: `${back}/download` } : exportToast(command.file, saved, back), '')
			case 'status': {
				const { status } = await setDraftStatus(app, user, { draftId, status: command.status as 'completed' })
				return await toBack({ title: status === 'completed' ? 'Marked as completed' : 'Marked as in progress' }, '')
			}
			default:
				return redirect(back)
		}
	} catch (error) {
		if (!isDomainError(error)) throw error
		if (error.code === 'NOT_FOUND') {
			if (await draftGone()) return redirectWithToast('/portal/drafts', { type: 'error', title: 'Not Found', description: DRAFT_MESSAGES.notFound }, app.env)
			return await toBack({ type: 'error', title: 'Not Found', description: 'Answer not found' }, '')
		}
		return await toBack({ type: 'error', description: error.message })
	}
}

/** A Save posted by a page from before the page's one form (`intent=save`, one answer): saved as it was then. */
function legacySave(form: FormData): PostedAnswerEdit[] {
	if (form.get('intent') !== 'save') return []
	const text = form.get('multi') === '1' ? JSON.stringify(form.getAll('values').map(String)) : String(form.get('value') ?? '')
	const base = String(form.get('baseRevision') ?? '')
	return [{ answerId: String(form.get('answerId') ?? ''), text, baseRevision: /^\d{1,15}$/.test(base) ? Number(base) : undefined }]
}

/** The button whose action a refused save held back, as the page names it. */
function skippedLabel(command: DraftCommand) {
	switch (command.intent) {
		case 'regenerate':
			return 'Regenerate'
		case 'undo':
			return command.direction === 'redo' ? 'Redo' : 'Undo'
		case 'status':
			return command.status === 'completed' ? 'Mark as completed' : 'Mark as in progress'
		case 'file':
			return command.file === 'download' ? 'Download' : command.file === 'export/pdf' ? 'Export PDF' : 'Export Word'
		default:
			return null
	}
}

/** An export asked for without JavaScript: saved, and the file on its way. */
function exportToast(file: DraftFile, saved: number, back: string): ToastInput {
	const format = file === 'export/pdf' ? 'PDF' : 'Word file'
	return { type: 'info', title: 'Exporting', description: `${saved ? `${savedText(saved)} ` : ''}The ${format} downloads in a moment.`, file: `${back}/${file}` }
}

/** Save's toast without JavaScript: how many answers it saved. */
function savedText(count: number) {
	if (count === 0) return 'Your answers were already saved.'
	return count === 1 ? 'Your answer was saved.' : `Your ${count} answers were saved.`
}

export default function DraftPage() {
	const loaded = useLoaderData<typeof loader>()
	const answered = useActionData<RefusedSaves | OtherAccount>()
	const refused = answered && 'refused' in answered ? answered.refused : []
	const skipped = answered && 'refused' in answered ? answered.skipped : null
	useEffect(() => {
		if (answered && 'otherAccount' in answered) showToast({ type: 'error', title: 'Not done', description: answered.otherAccount })
	}, [answered])
	const { editors, edited } = useAnswerEditors(loaded.draft, loaded.viewerId)
	const live = useLiveDraft(loaded.draft)
	const draft = edited && live.status === 'draft' ? { ...live, status: 'in_progress' as const } : live
	const hydrated = useHydrated()
	useUnsavedAnswersGuard(editors)
	const fileToFetch = useFlashFile()
	const settled = isDraftSettled(draft)
	// Without JavaScript, while anything is being written: the page reloads itself, so nothing can be typed or posted.
	const frozen = !settled && !hydrated
	const canRewrite = draft.status !== 'generating' && draft.status !== 'failed' && !frozen
	const fieldMaxChars = answerFieldMaxChars(draft.answers.length)
	// The call's title once: a draft's title starts with it ("{call} · {date}"), unless the call was renamed since.
	const subtitle = [draft.title.startsWith(`${draft.opportunityTitle} · `) ? null : draft.opportunityTitle, draft.organization].filter(Boolean).join(' · ')
	const backTo = draft.opportunityAvailable && draft.opportunityId ? `/portal/opportunities/${draft.opportunityId}` : '/portal/drafts'

	return (
		<AnswerEditorsContext.Provider value={editors}>
			{fileToFetch ? (
				// A no-JavaScript Download or export, after the page's answers were saved: the browser fetches the
				// file and stays on this page.
				<noscript>
					<meta httpEquiv="refresh" content={`0;url=${fileToFetch}`} />
				</noscript>
			) : null}
			{settled || refused.length ? null : (
				// Without JavaScript the page follows the writing by reloading itself, and its fields are read-only
				// meanwhile, so nothing typed is lost to a reload; with it, the subscription does. (Not while it
				// shows a refused save's text, which a reload would lose.)
				<noscript>
					<meta httpEquiv="refresh" content={`${REFRESH_SECONDS};url=${draft.status === 'generating' ? watchDraftPath(draft.id) : draftPath(draft.id)}`} />
				</noscript>
			)}
			<div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6">
				<Link
					to={backTo}
					className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
				>
					<ArrowLeft aria-hidden className="size-4" />
					{draft.opportunityAvailable ? 'Back to opportunity' : 'Back to drafts'}
				</Link>

				<header className="grid gap-2">
					<div className="flex flex-wrap items-center gap-2">
						<Badge variant={draftStatusVariant(draft.status)}>{draftStatusLabel(draft.status)}</Badge>
						{draft.offline ? (
							<Badge variant="outline" title="Written on this server without an AI model. Edit it freely.">
								Offline draft
							</Badge>
						) : null}
					</div>
					<h1 className="text-2xl font-semibold text-balance sm:text-3xl">{draft.title}</h1>
					{subtitle ? <p className="text-lg text-muted-foreground">{subtitle}</p> : null}
					<p className="text-sm text-muted-foreground">
						Created {formatShortDate(toIsoDate(new Date(draft.createdAt)))}
						{draft.deadline ? ` · Deadline ${formatShortDate(draft.deadline)}` : ''}
					</p>
					{draft.offline ? (
						<p className="text-sm text-muted-foreground">
							Offline draft: composed on this server from your profile, the call and your notes, without an AI model. Edit it freely.
						</p>
					) : null}
				</header>

				{settled ? null : <ProgressBar draft={draft} hydrated={hydrated} />}
				{draft.status === 'failed' ? (
					<div role="alert" className="flex items-start gap-3 rounded-lg border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm">
						<AlertCircle aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
						<div className="grid gap-1">
							<p className="font-semibold">{draft.error ?? DRAFT_MESSAGES.failed}</p>
							{draft.opportunityAvailable && draft.opportunityId ? (
								<Link to={`/portal/opportunities/${draft.opportunityId}`} className="font-medium text-primary underline-offset-4 hover:underline">
									Try again from the opportunity
								</Link>
							) : null}
						</div>
					</div>
				) : null}

				{/* Without JavaScript every answer's field and button belongs to this form (answer-form.ts); with it, it is never sent. */}
				{/* noValidate: an answer that is no web address yet (the URL field) must not stop every button of the page.
				    Not there while something is written without JavaScript: nothing on the page can be posted then. */}
				{frozen ? null : (
				<Form id={DRAFT_FORM_ID} method="post" encType="multipart/form-data" noValidate preventScrollReset hidden onSubmit={(event) => event.preventDefault()}>
					{/* The default button, first of the form's: Enter in a one-line answer saves, and does nothing else. */}
					<button type="submit" name="do" value="save" hidden tabIndex={-1} />
					<ViewerField />
				</Form>
				)}
				{refused.length ? <RefusedSummary refused={refused} skipped={skipped} /> : null}
				<DraftToolbar draft={draft} editors={editors} pro={loaded.pro} hydrated={hydrated} frozen={frozen} offerUpgrade={loaded.offerExportUpgrade} />
				{loaded.offerExportUpgrade && !hydrated ? <UpgradePanel dismissTo={draftPath(draft.id)} message={EXPORT_UPGRADE_MESSAGE} proOnly /> : null}

				{draft.answers.length ? (
					<ol className="grid gap-5">
						{draft.answers.map((answer, index) => (
							<li key={answer.id}>
								<AnswerCard
									number={index + 1}
									answer={answer}
									draftId={draft.id}
									canRewrite={canRewrite}
									context={draft.opportunityAvailable && draft.opportunityId && answer.questionAsked ? { opportunityId: draft.opportunityId } : null}
									refused={refused.find((save) => save.answerId === answer.id)}
									// The first refused answer takes focus (without JavaScript the page comes back at its top).
									focusRefused={refused[0]?.answerId === answer.id}
									fieldMaxChars={fieldMaxChars}
									readOnly={!settled}
								/>
							</li>
						))}
					</ol>
				) : (
					<div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-14 text-center">
						<FileText aria-hidden className="size-8 text-muted-foreground" />
						<p className="text-muted-foreground">No questions have been generated for this draft yet.</p>
					</div>
				)}
			</div>
		</AnswerEditorsContext.Provider>
	)
}

/** Without JavaScript, what a refused post left undone: every other change was saved, the button's own action waits. */
function RefusedSummary({ refused, skipped }: { refused: RefusedSave[]; skipped: string | null }) {
	const count = refused.length === 1 ? 'One answer' : `${refused.length} answers`
	return (
		<div role="alert" className="flex items-start gap-3 rounded-lg border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm">
			<AlertCircle aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
			<p>
				{count} could not be saved; each says why below, with your text kept. The others were saved.
				{skipped ? ` ${skipped} was not done: press it again once these are saved.` : ''}
			</p>
		</div>
	)
}

function ProgressBar({ draft, hydrated }: { draft: DraftView; hydrated: boolean }) {
	const written = draft.answers.filter((answer) => answer.status !== 'pending').length
	const total = draft.answers.length || 1
	const writing = draft.status === 'generating'
	return (
		<div className="grid gap-2 rounded-lg border border-border bg-card px-4 py-3 shadow-card">
			<p role="status" aria-live="polite" className="text-sm font-medium">
				{writing ? progressText(draft) : 'Writing a new answer…'}
				{hydrated ? null : <span className="font-normal text-muted-foreground"> This page updates itself; answers can be edited once it is written.</span>}
			</p>
			<div
				role="progressbar"
				aria-label="Answers written"
				aria-valuemin={0}
				aria-valuemax={draft.answers.length}
				aria-valuenow={written}
				className="h-2 overflow-hidden rounded-full bg-muted"
			>
				<div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${(written / total) * 100}%` }} />
			</div>
		</div>
	)
}

/** On an export a free artist cannot use yet: "Pro" to see, "(Pro)" in the button's name. */
function ProMark() {
	return (
		<>
			<Badge aria-hidden variant="secondary" className="px-1.5 py-0 text-[0.6875rem] leading-4">
				Pro
			</Badge>
			<span className="sr-only"> (Pro)</span>
		</>
	)
}

/** Copy All, Download, the Pro exports, the status and Delete. */
function DraftToolbar({
	draft,
	editors,
	pro,
	hydrated,
	frozen,
	offerUpgrade,
}: {
	draft: DraftView
	editors: AnswerEditors
	pro: boolean
	hydrated: boolean
	/** Without JavaScript while something is written: the status cannot be posted. */
	frozen: boolean
	offerUpgrade: boolean
}) {
	const navigation = useNavigation()
	// `?upgrade=export` (a free artist's export link, followed before the page was hydrated): the offer, as the dialog once it can open.
	const [upgradeOpen, setUpgradeOpen] = useState(offerUpgrade)
	const path = draftPath(draft.id)
	const changingStatus = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'status'
	const canMark = (draft.status === 'draft' || draft.status === 'in_progress' || draft.status === 'completed') && !frozen
	const written = draft.answers.some((answer) => answer.status === 'written')
	// A file made from the saved answers. Without JavaScript a button of the page's one form: it saves
	// every changed answer, and the page it comes back to fetches the file (useFlashFile).
	const fileAction = (command: string, href: string, content: ReactNode, link?: Pick<ComponentProps<typeof SavedFirstLink>, 'download' | 'onFollow'>) =>
		hydrated || frozen ? (
			<SavedFirstLink editors={editors} href={href} className={buttonVariants({ variant: 'outline', size: 'sm' })} {...link}>
				{content}
			</SavedFirstLink>
		) : (
			<button type="submit" {...pageFormButton(hydrated, command)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
				{content}
			</button>
		)
	const exportLink = (format: 'pdf' | 'docx', label: string) =>
		pro || !hydrated ? (
			fileAction(
				`export:${format}`,
				`${path}/export/${format}`,
				<>
					<FileDown aria-hidden />
					{label}
					{pro ? null : <ProMark />}
				</>,
			)
		) : (
			<Button variant="outline" size="sm" onClick={() => setUpgradeOpen(true)}>
				<FileDown aria-hidden />
				{label}
				<ProMark />
			</Button>
		)

	return (
		<div className="flex flex-wrap items-center gap-2 border-y border-border py-3">
			{written ? (
				<>
					<CopyButton
						value={() => draftAsText(draftDocument(draft, (answer) => editors.textOf(answer.id)))}
						copied={{ title: 'All answers copied to clipboard' }}
						failed="Failed to copy all answers"
					>
						Copy All
					</CopyButton>
					{fileAction(
						'download',
						`${path}/download`,
						<>
							<Download aria-hidden />
							Download
						</>,
						{ download: true, onFollow: () => showToast({ title: 'Downloaded', description: 'Draft saved as text file' }) },
					)}
					{exportLink('pdf', 'Export PDF')}
					{exportLink('docx', 'Export Word')}
				</>
			) : null}
			{written && pro && draft.answers.some((answer) => PDF_CANNOT_SHOW.test(answer.text)) ? (
				<p className="order-last w-full text-xs text-muted-foreground">
					The PDF leaves out Chinese, Japanese and Korean characters and emoji, which its font lacks; Export Word, Copy and Download keep them.
				</p>
			) : null}
			<div className="ml-auto flex flex-wrap items-center gap-2">
				{canMark ? (
					<Form method="post" preventScrollReset>
						<input type="hidden" name="intent" value="status" />
						<ViewerField />
						<input type="hidden" name="status" value={draft.status === 'completed' ? 'in_progress' : 'completed'} />
						<Button
							type="submit"
							{...pageFormButton(hydrated, `status:${draft.status === 'completed' ? 'in_progress' : 'completed'}`)}
							variant={draft.status === 'completed' ? 'outline' : 'default'}
							size="sm"
							disabled={changingStatus}
						>
							{draft.status === 'completed' ? <CircleDot aria-hidden /> : <CheckCircle2 aria-hidden />}
							{draft.status === 'completed' ? 'Mark as in progress' : 'Mark as completed'}
						</Button>
					</Form>
				) : null}
				<DeleteDraftButton draftId={draft.id} title={draft.title}>
					<Trash2 aria-hidden />
					Delete
				</DeleteDraftButton>
			</div>
			<UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} message={EXPORT_UPGRADE_MESSAGE} proOnly />
		</div>
	)
}

export function ErrorBoundary() {
	const unsaved = (error: { data: unknown }) => (error.data as UnsavedText | null) ?? {}
	// A page posted from after another account signed in (the action's own answer carries the reason).
	const otherAccount = ({ error }: { error: { status: number; data: unknown } }) => {
		const { unsavedTexts, reason } = unsaved(error)
		if (reason !== 'other-account') return <GeneralErrorBoundary />
		return <UnsavedAnswers title="Signed in to another account" message={DRAFT_MESSAGES.otherAccount} texts={unsavedTexts} />
	}
	return (
		<GeneralErrorBoundary
			statusHandlers={{
				403: otherAccount,
				404: ({ error }) => <DeletedDraft texts={unsaved(error).unsavedTexts} />,
			}}
		/>
	)
}

/** The draft went while answers were being saved without JavaScript. */
function DeletedDraft({ texts }: { texts: string[] | undefined }) {
	if (texts?.length) return <UnsavedAnswers title={DRAFT_MESSAGES.notFound} message={DRAFT_GONE_MESSAGE} texts={texts} />
	return (
		<StatusPanel icon={SearchX} tone="primary" title={DRAFT_MESSAGES.notFound} actions={<ButtonLink to="/portal/drafts">Back to drafts</ButtonLink>}>
			<p>The draft you are looking for does not exist or was deleted.</p>
		</StatusPanel>
	)
}

/** A post of the page that could not be taken (draft gone, another account): why, and each changed answer's text to copy. */
function UnsavedAnswers({ title, message, texts = [] }: { title: string; message: string; texts?: string[] }) {
	return (
		<StatusPanel icon={SearchX} tone="primary" title={title} actions={<ButtonLink to="/portal/drafts">Back to drafts</ButtonLink>}>
			<div className="grid gap-3 text-left">
				<p>{message}</p>
				{texts.map((text, index) => (
					<div key={index} className="grid gap-1.5">
						<label htmlFor={`unsaved-text-${index}`} className="text-sm font-medium text-foreground">
							{texts.length === 1 ? 'Your text' : `Your text (${index + 1} of ${texts.length})`}
						</label>
						<textarea id={`unsaved-text-${index}`} readOnly value={text} rows={8} className={fieldClassName} />
					</div>
				))}
			</div>
		</StatusPanel>
	)
}
