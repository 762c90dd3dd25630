import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { AnswerCard, ViewerField } from '#app/components/drafts/answer-card.tsx'
import { DeleteDraftButton } from '#app/components/drafts/delete-draft.tsx'
import { SavedFirstLink } from '#app/components/drafts/saved-first-link.tsx'
import { AnswerEditorsContext, DRAFT_GONE_MESSAGE, useAnswerEditors, useUnsavedAnswersGuard, type AnswerEditors } from '#app/components/drafts/use-autosave.ts'
import { useLiveDraft } from '#app/components/drafts/use-live-draft.ts'
import { CopyButton } from '#app/components/copy-button.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { showToast } from '#app/components/toaster.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { StatusPanel } from '#app/components/status-panel.tsx'
import { Button, ButtonLink, buttonVariants } from '#app/components/ui/button.tsx'
import { fieldClassName } from '#app/components/ui/field-styles.ts'
import { AlertCircle, ArrowLeft, CheckCircle2, CircleDot, Download, FileDown, FileText, SearchX, Trash2 } from '#app/components/ui/icons.tsx'
import { EXPORT_UPGRADE_MESSAGE, UpgradeDialog, UpgradePanel } from '#app/components/upgrade-dialog.tsx'
import { formatShortDate, toIsoDate } from '#server/domain/dates.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { readForm } from '#app/utils/read-form.server.ts'
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

type RefusedSave = { answerId: string; text: string; error: string; conflict?: true }

/** A save without JavaScript to a draft deleted since the page loaded: what was typed. */
type UnsavedText = { unsavedText?: string; reason?: 'other-account' }

/** A form of the page posted with JavaScript after another account signed in. */
type OtherAccount = { otherAccount: string }

/** The text a save form posted: one field, or a multi-select's values as the JSON it is stored as. */
function postedAnswer(form: FormData) {
	return form.get('multi') === '1' ? JSON.stringify(form.getAll('values').map(String)) : String(form.get('value') ?? '')
}

/** The page's forms without JavaScript (Save, Regenerate, Undo, the status); with it, only Regenerate, Undo and the status post here. */
export async function action({ request, context, params }: ActionFunctionArgs) {
	// Signed out: off to sign in before a byte of the body is read. (The portal's layout would send
	// the page there anyway, as for any of its forms: its loader runs before any page could show a
	// save's text.)
	const session = requireUser(request, context)
	const form = await readForm(request)
	const intent = form.get('intent')
	// Posted from a page shown to another account than the one signed in now (in another tab): said
	// so, with a save's text, not "not found".
	const viewerId = String(form.get('viewerId') ?? '')
	if (viewerId && session.id !== viewerId) {
		// With JavaScript the page stays, with every answer's text, and says so; a 4xx answer leaves
		// its loaders alone (they would read the draft as the other account: not found).
		if (form.get('script') === '1') return data<OtherAccount>({ otherAccount: DRAFT_MESSAGES.otherAccount }, { status: 403 })
		const unsavedText = intent === 'save' ? postedAnswer(form) : undefined
		throw data<UnsavedText>({ unsavedText, reason: 'other-account' }, { status: 403 })
	}
	const user = requireOnboardedUser(request, context)
	const { app } = context
	const answerId = String(form.get('answerId') ?? '')
	const back = draftPath(params.id ?? '')
	// Back to the answer only when the form named one: anything else posted as an id would come back
	// in the Location header (a 15 KB one overflowed the client's header limit).
	const toBack = (toast: ToastInput, hash = isRecordId(answerId) ? `#answer-${answerId}` : '') => redirectWithToast(`${back}${hash}`, toast, app.env)
	// Nothing found: the draft was deleted meanwhile, or the form named an answer that is not one of its own.
	const draftGone = async () => !(await ownsDraft(app, user, { draftId: params.id ?? '' }))
	try {
		switch (intent) {
			case 'save': {
				const text = postedAnswer(form)
				const base = String(form.get('baseRevision') ?? '')
				try {
					await saveAnswerEdit(app, user, { answerId, draftId: params.id, userEdit: text, baseRevision: /^\d{1,15}$/.test(base) ? Number(base) : undefined })
				} catch (error) {
					// Too long, or saved meanwhile in another tab: the page comes back with the text as typed
					// and why, so nothing is lost. The page it renders has the newer revision, so saving again keeps this text.
					if (isDomainError(error) && error.code === 'INVALID') return data<RefusedSave>({ answerId, text, error: error.message }, { status: 400 })
					if (isDomainError(error) && error.message === DRAFT_MESSAGES.changedElsewhere) {
						return data<RefusedSave>({ answerId, text, error: `${DRAFT_MESSAGES.changedElsewhere} Save again to keep yours.`, conflict: true }, { status: 409 })
					}
					// Deleted meanwhile (in another tab): no draft page to come back to, so the error page holds the text to copy.
					if (isDomainError(error) && error.code === 'NOT_FOUND' && (await draftGone())) throw data<UnsavedText>({ unsavedText: text }, { status: 404 })
					throw error
				}
				return await toBack({ title: 'Saved', description: 'Your answer was saved.' })
			}
			case 'regenerate':
				await regenerateAnswer(app, user, { answerId, draftId: params.id })
				return await toBack({ type: 'info', title: 'Regenerating', description: 'A new answer is being written. If it differs from the old one, Undo brings that back.' })
			case 'undo': {
				const direction = form.get('direction')
				const { undone } = await undoRegenerate(app, user, {
					answerId,
					draftId: params.id,
					direction: direction === 'undo' || direction === 'redo' ? direction : undefined,
				})
				return await toBack(
					undone
						? { title: 'Answer restored', description: 'The answer before Regenerate is back. Redo brings the new one back.' }
						: { title: 'Regenerated answer restored', description: 'The answer Regenerate wrote is back. Undo brings the one before it back.' },
				)
			}
			case 'status': {
				const { status } = await setDraftStatus(app, user, { draftId: params.id ?? '', status: String(form.get('status') ?? '') as 'completed' })
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

export default function DraftPage() {
	const loaded = useLoaderData<typeof loader>()
	const answered = useActionData<RefusedSave | OtherAccount>()
	const refused = answered && 'answerId' in answered ? answered : undefined
	useEffect(() => {
		if (answered && 'otherAccount' in answered) showToast({ type: 'error', title: 'Not done', description: answered.otherAccount })
	}, [answered])
	const { editors, edited } = useAnswerEditors(loaded.draft, loaded.viewerId)
	const live = useLiveDraft(loaded.draft)
	const draft = edited && live.status === 'draft' ? { ...live, status: 'in_progress' as const } : live
	const hydrated = useHydrated()
	useUnsavedAnswersGuard(editors)
	const settled = isDraftSettled(draft)
	const canRewrite = draft.status !== 'generating' && draft.status !== 'failed'
	const backTo = draft.opportunityAvailable && draft.opportunityId ? `/portal/opportunities/${draft.opportunityId}` : '/portal/drafts'

	return (
		<AnswerEditorsContext.Provider value={editors}>
			{settled ? null : (
				// Without JavaScript the page follows the writing by reloading itself; with it, the subscription does.
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
					<p className="text-lg text-muted-foreground">{[draft.opportunityTitle, draft.organization].filter(Boolean).join(' · ')}</p>
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

				{settled ? null : <ProgressBar draft={draft} />}
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

				<DraftToolbar draft={draft} editors={editors} pro={loaded.pro} hydrated={hydrated} offerUpgrade={loaded.offerExportUpgrade} />
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
									context={draft.opportunityAvailable && draft.opportunityId ? { opportunityId: draft.opportunityId } : null}
									refused={refused?.answerId === answer.id ? refused : undefined}
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

function ProgressBar({ draft }: { draft: DraftView }) {
	const written = draft.answers.filter((answer) => answer.status !== 'pending').length
	const total = draft.answers.length || 1
	return (
		<div className="grid gap-2 rounded-lg border border-border bg-card px-4 py-3 shadow-card">
			<p role="status" aria-live="polite" className="text-sm font-medium">
				{draft.status === 'generating' ? progressText(draft) : 'Writing a new answer…'}
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

/** Copy All, Download, the Pro exports, the status and Delete. */
function DraftToolbar({ draft, editors, pro, hydrated, offerUpgrade }: { draft: DraftView; editors: AnswerEditors; pro: boolean; hydrated: boolean; offerUpgrade: boolean }) {
	const navigation = useNavigation()
	// `?upgrade=export` (a free artist's export link, followed before the page was hydrated): the offer, as the dialog once it can open.
	const [upgradeOpen, setUpgradeOpen] = useState(offerUpgrade)
	const path = draftPath(draft.id)
	const changingStatus = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'status'
	const canMark = draft.status === 'draft' || draft.status === 'in_progress' || draft.status === 'completed'
	const written = draft.answers.some((answer) => answer.status === 'written')
	const exportLink = (format: 'pdf' | 'docx', label: string) =>
		pro || !hydrated ? (
			<SavedFirstLink editors={editors} href={`${path}/export/${format}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
				<FileDown aria-hidden />
				{label}
				{pro ? null : <span className="sr-only"> (Pro)</span>}
			</SavedFirstLink>
		) : (
			<Button variant="outline" size="sm" onClick={() => setUpgradeOpen(true)}>
				<FileDown aria-hidden />
				{label}
				<span className="sr-only"> (Pro)</span>
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
					<SavedFirstLink
						editors={editors}
						href={`${path}/download`}
						download
						className={buttonVariants({ variant: 'outline', size: 'sm' })}
						onFollow={() => showToast({ title: 'Downloaded', description: 'Draft saved as text file' })}
					>
						<Download aria-hidden />
						Download
					</SavedFirstLink>
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
						<Button type="submit" variant={draft.status === 'completed' ? 'outline' : 'default'} size="sm" disabled={changingStatus}>
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
		const { unsavedText, reason } = unsaved(error)
		if (reason !== 'other-account') return <GeneralErrorBoundary />
		return <UnsavedAnswer title="Signed in to another account" message={DRAFT_MESSAGES.otherAccount} text={unsavedText} />
	}
	return (
		<GeneralErrorBoundary
			statusHandlers={{
				403: otherAccount,
				404: ({ error }) => <DeletedDraft text={unsaved(error).unsavedText} />,
			}}
		/>
	)
}

/** The draft went while an answer was being saved without JavaScript. */
function DeletedDraft({ text }: { text: string | undefined }) {
	if (typeof text === 'string') return <UnsavedAnswer title={DRAFT_MESSAGES.notFound} message={DRAFT_GONE_MESSAGE} text={text} />
	return (
		<StatusPanel icon={SearchX} tone="primary" title={DRAFT_MESSAGES.notFound} actions={<ButtonLink to="/portal/drafts">Back to drafts</ButtonLink>}>
			<p>The draft you are looking for does not exist or was deleted.</p>
		</StatusPanel>
	)
}

/** A form of the page that could not be taken (draft gone, signed out, another account): why, and a save's text to copy. */
function UnsavedAnswer({ title, message, text }: { title: string; message: string; text?: string }) {
	return (
		<StatusPanel icon={SearchX} tone="primary" title={title} actions={<ButtonLink to="/portal/drafts">Back to drafts</ButtonLink>}>
			<div className="grid gap-3 text-left">
				<p>{message}</p>
				{typeof text === 'string' ? (
					<>
						<label htmlFor="unsaved-text" className="text-sm font-medium text-foreground">
							Your text
						</label>
						<textarea id="unsaved-text" readOnly value={text} rows={8} className={fieldClassName} />
					</>
				) : null}
			</div>
		</StatusPanel>
	)
}
