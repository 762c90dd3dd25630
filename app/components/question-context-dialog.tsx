import { Link, useRevalidator } from '@remix-run/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import { TextareaField, type FieldErrors } from '#app/components/forms.tsx'
import { showToast } from '#app/components/toaster.tsx'
import { Button, ButtonLink, type ButtonProps } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '#app/components/ui/dialog.tsx'
import { FileText, MessageSquarePlus, Trash2, X } from '#app/components/ui/icons.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { cn } from '#app/utils/cn.ts'
import { focusNearest } from '#app/utils/focus.ts'
import { trpcErrorMessage, useTRPC } from '#app/utils/trpc.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import {
	CONTEXT_FILE_ACCEPT,
	CONTEXT_FILE_TYPES,
	CONTEXT_MESSAGES,
	contextPagePath,
	contextSavePath,
	ignoredFilesNote,
	MAX_FILE_BYTES,
	MAX_FILES,
	NOTES_MAX,
	notesRemaining,
	tooManyFilesMessage,
	type ContextSaveAnswer,
	type SavedContext,
} from '#server/domain/context/context.schema.ts'
import { claimsType } from '#server/domain/files/file-checks.ts'
import { describeTypes } from '#server/domain/files/sniff.ts'
import { formatBytes } from '#server/domain/profiles/choices.ts'

/*
 * "Add context for this question" (spec section 2): notes and files per application question, which
 * drafting reads. Hydrated, the button opens a dialog that loads and deletes over tRPC (context.get,
 * .deleteFile) and saves by posting the page's multipart form with fetch to the context's save
 * route, so files stream to storage instead of travelling as base64 JSON (ADR 024). Before hydration
 * or without JavaScript it is a link to the context page
 * (app/routes/portal.opportunities.$id_.context.$slug.tsx), which reuses the pieces exported here.
 */

type ContextTarget = { opportunityId: string; slug: string; draftId?: string }

export type QuestionContextButtonProps = ContextTarget & {
	/** The question's label, for the dialog's title and the button's accessible name. */
	label: string
	/** What the artist already added (listContextSummaries); the button then reads "Edit context". */
	summary?: { hasNotes: boolean; fileCount: number }
}

export function QuestionContextButton({ opportunityId, slug, draftId, label, summary }: QuestionContextButtonProps) {
	const hydrated = useHydrated()
	const [open, setOpen] = useState(false)
	// Closed with notes typed or files picked and not saved (Escape, Close, Cancel): asked first.
	const unsaved = useRef(false)
	const text = buttonText(summary)
	// Each question has one: the accessible name says which (and starts with the visible text).
	const props = { variant: 'outline', size: 'sm', 'aria-label': `${text}: ${label}` } as const
	const content = (
		<>
			<MessageSquarePlus aria-hidden />
			{text}
		</>
	)
	if (!hydrated) {
		return (
			<ButtonLink to={contextPagePath({ opportunityId, slug, draftId })} {...props}>
				{content}
			</ButtonLink>
		)
	}
	const close = () => {
		if (unsaved.current && !window.confirm(DISCARD_QUESTION)) return
		setOpen(false)
	}
	return (
		<Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
			<DialogTrigger asChild>
				<Button {...props}>{content}</Button>
			</DialogTrigger>
			<DialogContent className="max-w-2xl">
				<DialogHeader>
					<DialogTitle>Context for “{label}”</DialogTitle>
					<DialogDescription>{CONTEXT_DESCRIPTION}</DialogDescription>
				</DialogHeader>
				{open ? (
					<ContextDialogBody
						target={{ opportunityId, slug, draftId }}
						onUnsavedChange={(changed) => {
							unsaved.current = changed
						}}
						onDone={() => setOpen(false)}
						onCancel={close}
					/>
				) : null}
			</DialogContent>
		</Dialog>
	)
}

const DISCARD_QUESTION = 'Discard the notes and files you have not saved?'

export const CONTEXT_DESCRIPTION = 'Notes and files about this question that the AI reads when it drafts your answer.'

function buttonText(summary: QuestionContextButtonProps['summary']) {
	const files = summary?.fileCount ?? 0
	if (files) return `Edit context (${files} ${files === 1 ? 'file' : 'files'})`
	return summary?.hasNotes ? 'Edit context' : 'Add context for this question'
}

/** A failed save, with the words the toast shows. */
class ContextSaveError extends Error {}

/**
 * Posts the notes and the new files as the context page's form does (multipart: notes first, then
 * each file), and reads the JSON answer. Throws a ContextSaveError with the server's message for a
 * refusal, or "Failed to save context" when there is none to show.
 */
async function postContext(target: ContextTarget, notes: string, files: readonly File[]): Promise<SavedContext> {
	const form = new FormData()
	form.append('notes', notes)
	for (const file of files) form.append('files', file, file.name)
	let response: Response
	try {
		response = await fetch(contextSavePath(target), { method: 'POST', body: form, headers: { Accept: 'application/json' } })
	} catch {
		throw new ContextSaveError('Failed to save context')
	}
	const text = await response.text().catch(() => '')
	const body = parseAnswer(text)
	if (response.ok && body && !('error' in body)) return body
	if (response.status >= 500) throw new ContextSaveError('Failed to save context')
	if (body && 'error' in body) throw new ContextSaveError(body.error)
	// The server's own body and request limits answer with one plain sentence, worth showing; a
	// proxy's error page is not.
	const sentence = /^text\/plain/i.test(response.headers.get('Content-Type') ?? '') && text.length <= 300 ? text.trim() : ''
	throw new ContextSaveError(sentence || (response.status === 413 ? CONTEXT_MESSAGES.fileTooLarge : 'Failed to save context'))
}

function parseAnswer(text: string): ContextSaveAnswer | null {
	try {
		const value: unknown = JSON.parse(text)
		return typeof value === 'object' && value !== null ? (value as ContextSaveAnswer) : null
	} catch {
		return null
	}
}

type ContextDialogBodyProps = {
	target: ContextTarget
	/** Told whether the form holds what is not saved. */
	onUnsavedChange: (changed: boolean) => void
	/** Saved: close. */
	onDone: () => void
	/** Cancel: close, asking first when something is not saved. */
	onCancel: () => void
}

function ContextDialogBody({ target, onUnsavedChange, onDone, onCancel }: ContextDialogBodyProps) {
	const trpc = useTRPC()
	const queryClient = useQueryClient()
	const revalidator = useRevalidator()
	// What a previous opening read may be older than what was saved since (here, or in another tab):
	// each opening reads again, and the form waits for that read, so nothing stale is shown, or saved
	// over the newer.
	// (One retry: a refusal such as a session that ended is said after a second, not seven.)
	const query = useQuery({ ...trpc.context.get.queryOptions({ ...target, includeUrls: true }), refetchOnMount: 'always', retry: 1 })
	// The read of this opening is in when the data's time is not the one cached at the opening
	// (compared for difference, not order, so a clock set back cannot hold the form).
	const [cachedAt] = useState(query.dataUpdatedAt)
	const fresh = query.isSuccess && query.dataUpdatedAt !== cachedAt
	const [typedNotes, setTypedNotes] = useState<string | null>(null)
	const [picked, setPicked] = useState<File[]>([])
	const notes = typedNotes ?? query.data?.notes ?? ''
	const stored = useMemo(() => query.data?.files ?? [], [query.data])
	/** The stored file being deleted, and where it was in the list. */
	const [deleting, setDeleting] = useState<{ name: string; index: number } | null>(null)

	useEffect(() => {
		if (query.isError) showToast({ type: 'error', description: 'Failed to load context' })
	}, [query.isError])
	// The dialog opens while the context loads, with focus on its only control then: Close. Once the
	// form is there, focus its notes, unless the user has moved on.
	const formRef = useRef<HTMLFormElement>(null)
	useEffect(() => {
		const form = formRef.current
		const focused = document.activeElement
		if (!fresh || !form || form.contains(focused)) return
		const dialog = form.closest('[role="dialog"]')
		if (focused === dialog || focused?.matches('[data-dialog-close]')) form.querySelector('textarea')?.focus()
	}, [fresh])

	const refresh = () => {
		void queryClient.invalidateQueries({ queryKey: trpc.context.get.queryKey() })
		// The opportunity page's buttons say how many files each question has.
		void revalidator.revalidate()
	}
	const save = useMutation({
		mutationFn: () => postContext(target, notes, picked),
		onSuccess: (result) => {
			showToast({ title: 'Context saved successfully', description: ignoredFilesNote(result) })
			refresh()
			onDone()
		},
		onError: (error) =>
			showToast({ type: 'error', description: error instanceof ContextSaveError ? error.message : 'Failed to save context' }),
	})
	const remove = useMutation(
		trpc.context.deleteFile.mutationOptions({
			onSuccess: () => {
				showToast({ title: 'File deleted successfully' })
				refresh()
			},
			onError: (error) => {
				setDeleting(null)
				showToast({ type: 'error', description: trpcErrorMessage(error, 'Failed to delete file') })
			},
		}),
	)

	const changed = picked.length > 0 || (typedNotes !== null && typedNotes !== (query.data?.notes ?? ''))
	useEffect(() => onUnsavedChange(changed), [changed, onUnsavedChange])
	// A deleted file's button goes with it once the list is read again: focus the next one's (or the
	// last one's), else "Add files", rather than the dialog itself.
	useEffect(() => {
		const form = formRef.current
		if (!deleting || !form || stored.some((file) => file.name === deleting.name)) return
		setDeleting(null)
		focusNearest(form.querySelectorAll<HTMLElement>('[data-stored-files] button'), deleting.index, form.querySelector<HTMLElement>('input[type="file"]'))
	}, [stored, deleting])

	const problems = pickedFileProblems(picked, stored.length)
	const busy = save.isPending
	const canSave = fresh && notesRemaining(notes) >= 0 && problems.length === 0 && !busy

	// A double click submits twice before the button shows it is busy: the second is dropped here.
	const posting = useRef(false)
	function onSubmit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (!canSave || posting.current) return
		posting.current = true
		save.mutate(undefined, { onSettled: () => (posting.current = false) })
	}

	if (query.isError && !query.isFetching) {
		return (
			<div role="alert" className="grid justify-items-start gap-3 text-sm">
				<p>Failed to load context</p>
				<Button variant="outline" size="sm" onClick={() => void query.refetch()}>
					Try again
				</Button>
			</div>
		)
	}

	if (!fresh) {
		return (
			<p role="status" className="text-sm text-muted-foreground">
				{query.fetchStatus === 'paused' ? 'You are offline. The context loads once you are back online.' : 'Loading context...'}
			</p>
		)
	}

	return (
		<form ref={formRef} onSubmit={onSubmit} className="grid gap-5" aria-busy={busy}>
			<OpportunityContextNote
				target={target}
				context={query.data?.fromOpportunity}
				heading="h3"
				mayLeave={() => !changed || window.confirm(DISCARD_QUESTION)}
			/>
			<ContextNotesField notes={notes} onNotesChange={setTypedNotes} />
			<section aria-label="Attached files" data-stored-files className="grid gap-2">
				<h3 className="text-sm font-medium">Files</h3>
				<ContextFileList
					files={stored}
					action={(file) => (
						<DeleteFileButton
							fileName={file.name}
							disabled={remove.isPending}
							onClick={() => {
								setDeleting({ name: file.name, index: stored.indexOf(file) })
								remove.mutate({ ...target, name: file.name })
							}}
						/>
					)}
				/>
			</section>
			<FilePicker storedNames={stored.map((file) => file.name)} picked={picked} onPick={setPicked} problems={problems} />
			<DialogFooter>
				<Button variant="outline" onClick={onCancel}>
					Cancel
				</Button>
				<Button type="submit" disabled={!canSave}>
					{busy ? 'Saving...' : 'Save'}
				</Button>
			</DialogFooter>
		</form>
	)
}

/** Why the files picked in the dialog cannot be saved as they are (the server checks again, and the bytes). */
function pickedFileProblems(picked: readonly File[], storedCount: number) {
	const problems = picked.filter((file) => !looksAllowed(file)).map((file) => `${file.name}: ${CONTEXT_MESSAGES.fileType}`)
	problems.push(...picked.filter((file) => file.size > MAX_FILE_BYTES).map((file) => `${file.name}: ${CONTEXT_MESSAGES.fileTooLarge}`))
	if (storedCount + picked.length > MAX_FILES) problems.push(tooManyFilesMessage(storedCount))
	return problems
}

/** By the type the browser names or the file's extension: a file that is plainly not a JPG, PNG or PDF (the server still judges the bytes). */
const looksAllowed = (file: File) => claimsType(file, CONTEXT_FILE_TYPES)

function FilePicker({
	storedNames,
	picked,
	onPick,
	problems,
}: {
	storedNames: readonly string[]
	picked: File[]
	onPick: (files: File[]) => void
	problems: string[]
}) {
	const id = useId()
	const [notice, setNotice] = useState<string | null>(null)

	function add(event: ChangeEvent<HTMLInputElement>) {
		const input = event.currentTarget
		const chosen = Array.from(input.files ?? [])
		input.value = ''
		// Spec section 5: a file named like one already attached (or already chosen) is ignored.
		const names = new Set([...storedNames, ...picked.map((file) => file.name)])
		const fresh: File[] = []
		for (const file of chosen) {
			if (names.has(file.name)) continue
			names.add(file.name)
			fresh.push(file)
		}
		const skipped = chosen.filter((file) => !fresh.includes(file)).map((file) => file.name)
		setNotice(skipped.length ? `Skipped, a file of that name is already there: ${skipped.join(', ')}.` : null)
		onPick([...picked, ...fresh])
	}

	return (
		<div className="grid gap-2">
			<Label htmlFor={id}>Add files</Label>
			<Input
				id={id}
				type="file"
				multiple
				accept={CONTEXT_FILE_ACCEPT}
				onChange={add}
				aria-describedby={problems.length ? `${id}-hint ${id}-problems` : `${id}-hint`}
				aria-invalid={problems.length ? true : undefined}
				className="h-auto py-2"
			/>
			<p id={`${id}-hint`} className="text-sm text-muted-foreground">
				{filesHint(storedNames.length)}
			</p>
			{picked.length ? (
				<ul aria-label="Files to add" className="grid gap-2">
					{picked.map((file) => (
						<FileRow key={file.name} name={file.name} details={formatBytes(file.size)}>
							<Button
								variant="ghost"
								size="sm"
								onClick={(event) => {
									const list = event.currentTarget.closest('ul')
									const index = picked.indexOf(file)
									onPick(picked.filter((other) => other !== file))
									// Its button goes with it: the next file's, else the file input, keeps focus.
									requestAnimationFrame(() => focusNearest(list?.isConnected ? list.querySelectorAll('button') : undefined, index, document.getElementById(id)))
								}}
							>
								<X aria-hidden />
								Remove<span className="sr-only"> {file.name}</span>
							</Button>
						</FileRow>
					))}
				</ul>
			) : null}
			<p aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
				{notice}
			</p>
			<div id={`${id}-problems`} role="alert" className="text-sm font-medium text-destructive empty:hidden">
				{problems.map((problem) => (
					<p key={problem}>{problem}</p>
				))}
			</div>
		</div>
	)
}

/** "JPG, PNG, or PDF, up to 10 MB each. You can add 3 more." */
export function filesHint(stored: number) {
	const room = MAX_FILES - stored
	if (room <= 0) return `This question has ${MAX_FILES} files, the most it can keep. Delete one to add another.`
	return `${describeTypes(CONTEXT_FILE_TYPES)}, up to ${formatBytes(MAX_FILE_BYTES)} each. You can add ${room} more ${room === 1 ? 'file' : 'files'} (${MAX_FILES} at most).`
}

/** The notes with their live "characters remaining" counter, which goes negative past the limit. */
export function ContextNotesField({
	notes,
	onNotesChange,
	errors,
}: {
	notes: string
	onNotesChange: (notes: string) => void
	errors?: FieldErrors[string]
}) {
	const remaining = notesRemaining(notes)
	return (
		<div className="grid gap-1">
			<TextareaField
				label="Notes"
				errors={errors}
				hint={
					<span className={cn(remaining < 0 && 'font-medium text-destructive')}>
						{remaining} characters remaining
					</span>
				}
				textareaProps={{
					name: 'notes',
					rows: 8,
					// Over the limit it is refused before it is sent: marked so while it is.
					'aria-invalid': remaining < 0 ? true : undefined,
					value: notes,
					onChange: (event) => onNotesChange(event.currentTarget.value),
					placeholder: 'What should the draft mention? Projects, dates, names, the tone you want…',
				}}
			/>
			{/* Announced once when the notes cross the limit, not on every keystroke. */}
			<p aria-live="polite" className="sr-only">
				{remaining < 0 ? `Notes are over the ${NOTES_MAX}-character limit. Shorten them to save.` : ''}
			</p>
		</div>
	)
}

export type ContextFileView = { name: string; type: string; size: number; url?: string }

/** A file's name takes at least 10rem of its row: on a phone its size and button wrap below it rather than squeeze it to a few letters a line. */
function FileRow({ name, url, details, children }: { name: string; url?: string; details: string; children?: ReactNode }) {
	return (
		<li className="flex flex-wrap items-center gap-3 rounded-lg border border-border px-3 py-2">
			<FileText aria-hidden className="size-5 shrink-0 text-muted-foreground" />
			{url ? (
				<a href={url} target="_blank" rel="noopener" className="min-w-0 flex-[1_1_10rem] text-sm break-all text-primary underline-offset-4 hover:underline">
					{name}
				</a>
			) : (
				<span className="min-w-0 flex-[1_1_10rem] text-sm break-all">{name}</span>
			)}
			<span className="text-sm text-muted-foreground">{details}</span>
			{children}
		</li>
	)
}

/** The stored files, each with an action (a delete button, or a delete form on the page). */
export function ContextFileList({ files, action }: { files: readonly ContextFileView[]; action: (file: ContextFileView) => ReactNode }) {
	if (!files.length) return <p className="text-sm text-muted-foreground">No files attached yet.</p>
	return (
		<ul className="grid gap-2">
			{files.map((file) => (
				<FileRow key={file.name} name={file.name} url={file.url} details={`${describeTypes([file.type])} · ${formatBytes(file.size)}`}>
					{action(file)}
				</FileRow>
			))}
		</ul>
	)
}

/**
 * On a draft's context: what the artist added for the same question on the opportunity page, which
 * drafting reads beside the draft's own (ADR 020), shown read-only with the way to change it.
 * Nothing when there is none.
 */
export function OpportunityContextNote({
	target,
	context,
	heading: Heading,
	mayLeave = () => true,
}: {
	/** The draft's context this is shown on: the opportunity's context page then leads back to the draft. */
	target: Pick<ContextTarget, 'opportunityId' | 'slug' | 'draftId'>
	context: { notes: string; files: readonly ContextFileView[] } | undefined
	heading: 'h2' | 'h3'
	/** Asked before the link leaves (the dialog asks first when notes or files are not saved). */
	mayLeave?: () => boolean
}) {
	const id = useId()
	if (!context || (!context.notes.trim() && !context.files.length)) return null
	return (
		<section aria-labelledby={id} className="grid gap-2 rounded-lg border border-border bg-muted/40 p-3 text-sm">
			<Heading id={id} className="font-medium">
				Also read: your context from the opportunity page
			</Heading>
			<p className="text-muted-foreground">{OPPORTUNITY_CONTEXT_NOTE}</p>
			{context.notes.trim() ? (
				<p dir="auto" className="whitespace-pre-wrap break-words border-l-2 border-border pl-3">
					{context.notes}
				</p>
			) : null}
			{context.files.length ? <ContextFileList files={context.files} action={() => null} /> : null}
			<Link
				to={contextPagePath({ opportunityId: target.opportunityId, slug: target.slug, backToDraft: target.draftId })}
				onClick={(event) => {
					if (!mayLeave()) event.preventDefault()
				}}
				className="justify-self-start font-medium text-primary underline-offset-4 hover:underline">
				Change it on the opportunity page
			</Link>
		</section>
	)
}

export const OPPORTUNITY_CONTEXT_NOTE = 'The AI reads it with this draft’s own notes and files below whenever this answer is written again.'

export function DeleteFileButton({ fileName, ...props }: ButtonProps & { fileName: string }) {
	return (
		<Button variant="ghost" size="sm" {...props}>
			<Trash2 aria-hidden />
			Delete<span className="sr-only"> {fileName}</span>
		</Button>
	)
}
