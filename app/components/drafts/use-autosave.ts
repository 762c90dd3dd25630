import { useMutation } from '@tanstack/react-query'
import { TRPCClientError } from '@trpc/client'
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react'
import { showToast } from '#app/components/toaster.tsx'
import { useTRPC } from '#app/utils/trpc.tsx'
import { useLeaveGuard } from '#app/utils/use-discard-guard.ts'
import { ANSWER_MAX_CHARS, AUTOSAVE_DELAY_MS, DRAFT_MESSAGES } from '#server/domain/drafting/drafting.schema.ts'
import type { DraftView } from '#server/domain/drafting/drafts.ts'

/*
 * Autosave of the draft page's answers (spec section 9: 1 second after typing stops), through
 * draft-answers/{answerId} over tRPC. Each save carries a revision that only grows (the clock, and
 * never below the last one), so when requests arrive out of order the server keeps the newest edit.
 * A failed save keeps the text on the page, says "Save Failed", and is tried again on the next edit
 * or with "Retry". Leaving the page with unsaved text asks first.
 *
 * Each save also says which page sends it (a random id per page) and which revision the page
 * loaded. When another tab or window has saved the answer since, the server refuses instead of
 * overwriting it: the page stops saving that answer, keeps the text, and offers "Keep mine" (a save
 * that overwrites) or a reload (which shows theirs).
 */

/**
 * `conflict`: another tab or window saved this answer since the page's text was loaded; `gone`:
 * the draft was deleted (in another tab), so nothing can be saved, and the text stays to copy.
 */
export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error' | 'conflict' | 'gone' | 'too-long'

type DraftStatus = DraftView['status']

type Entry = { dirty: () => boolean; flush: () => Promise<boolean> }

/**
 * The page's answer editors: what each holds now (for Copy All, which copies what is on the page)
 * and whether any has unsaved text, so one guard covers them all.
 */
export class AnswerEditors {
	/** This page's id in its saves: the revisions it wrote are its own, whatever else it knows. */
	readonly tab = randomTab()
	#entries = new Map<string, Entry>()
	#texts = new Map<string, string>()
	#onDraftStatus: (status: DraftStatus) => void
	/**
	 * `viewerId`: the account the page was shown to, sent with each save. `onDraftStatus` hears the
	 * draft's status after each save (the first edit makes a draft in progress).
	 */
	constructor(
		readonly viewerId?: string,
		onDraftStatus: (status: DraftStatus) => void = () => {},
	) {
		this.#onDraftStatus = onDraftStatus
	}
	savedWithStatus(status: DraftStatus) {
		this.#onDraftStatus(status)
	}
	register(answerId: string, entry: Entry) {
		this.#entries.set(answerId, entry)
		return () => void this.#entries.delete(answerId)
	}
	setText(answerId: string, text: string) {
		this.#texts.set(answerId, text)
	}
	/** The text in an answer's field, when the artist changed it on this page. */
	textOf(answerId: string) {
		return this.#texts.get(answerId)
	}
	get dirty() {
		return [...this.#entries.values()].some((entry) => entry.dirty())
	}
	/** Saves every pending edit now; true when all of them were saved. */
	async flushAll() {
		const results = await Promise.all([...this.#entries.values()].filter((entry) => entry.dirty()).map((entry) => entry.flush()))
		return results.every(Boolean)
	}
}

export const AnswerEditorsContext = createContext<AnswerEditors | null>(null)

/**
 * The page's editors, and whether a save has made the draft in progress (the first edit does),
 * until the loader reads the draft again. That is the one change a save makes to the status, so a
 * save answered late never undoes a status set since ("Mark as completed").
 */
export function useAnswerEditors(loaded: DraftView, viewerId?: string) {
	const [edited, setEdited] = useState(false)
	const [editedOf, setEditedOf] = useState(loaded)
	if (editedOf !== loaded) {
		setEditedOf(loaded)
		setEdited(false)
	}
	const [editors] = useState(() => new AnswerEditors(viewerId, (status) => status === 'in_progress' && setEdited(true)))
	return { editors, edited }
}

/** What the page says when the draft it shows was deleted meanwhile. */
export const DRAFT_GONE_MESSAGE = 'This draft was deleted. Copy your text if you want to keep it.'

function randomTab() {
	// Not crypto.randomUUID: it exists only on secure origins, and a self-hosted server may be plain http.
	return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Why this answer's edits are not saved any more. */
function showStopped(reason: 'conflict' | 'gone') {
	showToast({ type: 'error', title: 'Save Failed', description: reason === 'conflict' ? DRAFT_MESSAGES.changedElsewhere : DRAFT_GONE_MESSAGE })
}

function isChangedElsewhere(error: unknown) {
	return error instanceof Error && error.message === DRAFT_MESSAGES.changedElsewhere
}

/** The tRPC error code of a failed call (NOT_FOUND, FORBIDDEN…), if it came from the server. */
function trpcCode(error: unknown) {
	return error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined
}

/** What a failed save says: signed out or into another account since the page loaded, or just failed. */
function saveFailure(error: unknown) {
	const code = trpcCode(error)
	if (code === 'UNAUTHORIZED') return DRAFT_MESSAGES.signedOut
	// The page's account differs from the session's, or the session's account has not finished
	// onboarding ("Complete your profile first."), which the draft's owner has: another account either way.
	if (code === 'FORBIDDEN') return DRAFT_MESSAGES.otherAccount
	return 'Failed to save changes'
}

function isNotFound(error: unknown) {
	return trpcCode(error) === 'NOT_FOUND'
}

const LEAVE_QUESTION = 'Some of your edits have not been saved yet. Leave this page anyway?'

/** Asks before a reload, a closed tab or a link leaves unsaved edits; an in-app link first tries to save them. */
export function useUnsavedAnswersGuard(unsaved: AnswerEditors) {
	useLeaveGuard({
		isDirty: useCallback(() => unsaved.dirty, [unsaved]),
		question: LEAVE_QUESTION,
		saveFirst: useCallback(() => unsaved.flushAll(), [unsaved]),
	})
}

export function useAutosave({ answerId, revision: loadedRevision }: { answerId: string; revision: number }) {
	const trpc = useTRPC()
	const editors = useContext(AnswerEditorsContext)
	const [state, setState] = useState<SaveState>('idle')
	const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
	const latest = useRef<{ text: string; revision: number } | null>(null)
	const lastRevision = useRef(loadedRevision)
	/** The newest revision this page knows from the server: the one loaded, or reset to. */
	const base = useRef(loadedRevision)
	/** Why nothing is sent any more: another tab's save (until the artist keeps their own text), or the draft is gone. */
	const stopped = useRef<'conflict' | 'gone' | null>(null)
	const inFlight = useRef(0)
	/** The newest save sent: a flush with nothing left to send waits for it. */
	const lastSend = useRef<Promise<boolean>>(Promise.resolve(true))
	/** `send`, for a save that has to send the next one (after "Keep mine"): send itself calls sendEdit. */
	const sendRef = useRef<() => Promise<boolean>>(() => Promise.resolve(true))
	const save = useMutation(trpc.drafts.saveAnswer.mutationOptions())

	/** Revisions only grow: the clock, and never below the last one this page made or saw. */
	const nextRevision = useCallback(() => {
		lastRevision.current = Math.max(Date.now(), lastRevision.current + 1)
		return lastRevision.current
	}, [])

	const sendEdit = useCallback(
		async (edit: { text: string; revision: number }, { overwrite }: { overwrite: boolean }): Promise<boolean> => {
			/** Nothing more is sent for this answer: another page's revision is newer, or the draft is gone. */
			const stop = (reason: 'conflict' | 'gone') => {
				stopped.current = reason
				// The newest edit is this one or one typed since: either way it is kept, unsaved.
				latest.current ??= edit
				setState(reason)
				showStopped(reason)
				return false
			}
			setState('saving')
			inFlight.current += 1
			try {
				const result = await save.mutateAsync({
					answerId,
					userEdit: edit.text,
					revision: edit.revision,
					baseRevision: overwrite ? undefined : base.current,
					tab: editors?.tab,
					viewerId: editors?.viewerId,
				})
				editors?.savedWithStatus(result.draftStatus)
				// The newest edit not saved: what is stored is newer still, and not this page's.
				if (!result.saved && latest.current === edit) return stop('conflict')
				if (overwrite) stopped.current = null
				// Only the newest edit decides what the page says; an older save finishing late does not.
				if (latest.current === edit) {
					latest.current = null
					setState('saved')
				} else if (overwrite && latest.current) {
					// Typed while "Keep mine" was on its way: that goes too.
					setState('pending')
					timer.current = setTimeout(() => void sendRef.current(), AUTOSAVE_DELAY_MS)
				}
				return true
			} catch (error) {
				if (isChangedElsewhere(error)) return stop('conflict')
				if (isNotFound(error)) return stop('gone')
				if (latest.current === edit) {
					// Kept, with Retry: signing back in (in another tab) lets the same edit through.
					setState('error')
					showToast({ type: 'error', title: 'Save Failed', description: saveFailure(error) })
				}
				return false
			} finally {
				inFlight.current -= 1
			}
		},
		[answerId, editors, save],
	)

	const send = useCallback(
		/** `asked`: a save first asked for (Regenerate, Download, a link), which says why it cannot be made. */
		({ overwrite = false, asked = false }: { overwrite?: boolean; asked?: boolean } = {}): Promise<boolean> => {
			clearTimeout(timer.current)
			const edit = latest.current
			if (!edit) return Promise.resolve(true)
			if (stopped.current === 'gone' || (stopped.current === 'conflict' && !overwrite)) {
				// Asked to save first (Regenerate, Download, an export) with nothing it can save: it says why.
				showStopped(stopped.current)
				return Promise.resolve(false)
			}
			// More than an answer holds: the field keeps it all (a paste is not cut short without a word,
			// as the browser's maxlength did) and says so; nothing is sent until it is short enough.
			if (edit.text.length > ANSWER_MAX_CHARS) {
				setState('too-long')
				if (asked) showToast({ type: 'error', title: 'Save Failed', description: DRAFT_MESSAGES.answerTooLong })
				return Promise.resolve(false)
			}
			// "Keep mine" sends the text again as a new revision, newer than whatever is stored.
			const sent = overwrite ? { text: edit.text, revision: nextRevision() } : edit
			if (overwrite) latest.current = sent
			lastSend.current = sendEdit(sent, { overwrite })
			return lastSend.current
		},
		[nextRevision, sendEdit],
	)
	useEffect(() => {
		sendRef.current = send
	}, [send])

	const schedule = useCallback(
		(text: string) => {
			editors?.setText(answerId, text)
			latest.current = { text, revision: nextRevision() }
			clearTimeout(timer.current)
			if (stopped.current) return setState(stopped.current)
			setState('pending')
			timer.current = setTimeout(() => void send(), AUTOSAVE_DELAY_MS)
		},
		[answerId, editors, nextRevision, send],
	)

	/** Saves the pending edit now, or waits for the save in flight; true once the newest edit is saved. */
	const flush = useCallback(() => (latest.current ? send({ asked: true }) : lastSend.current), [send])
	/** "Keep mine", after another tab saved the answer: this page's text is saved over theirs. */
	const overwrite = useCallback(() => void send({ overwrite: true }), [send])

	useEffect(() => {
		if (!editors) return
		return editors.register(answerId, { dirty: () => latest.current !== null || inFlight.current > 0, flush })
	}, [answerId, flush, editors])
	useEffect(() => () => clearTimeout(timer.current), [])

	/** Text that arrived from the server (a regenerated answer, an undo) replaces any edit not yet sent. */
	const reset = useCallback((text: string, revision?: number) => {
		clearTimeout(timer.current)
		editors?.setText(answerId, text)
		latest.current = null
		stopped.current = null
		// Whatever an earlier save said, there is nothing left to send for this text.
		lastSend.current = Promise.resolve(true)
		if (revision) {
			lastRevision.current = Math.max(lastRevision.current, revision)
			base.current = Math.max(base.current, revision)
		}
		setState('idle')
	}, [answerId, editors])

	/**
	 * Whether the server's `revision` was written by something else than this page (a Regenerate's
	 * job, an Undo, another tab) while this page has nothing of its own unsaved: its text is then the
	 * one to show. This page's own saves never count, whatever order their echoes arrive in.
	 */
	const isNewerElsewhere = useCallback((revision: number) => revision > lastRevision.current && latest.current === null && inFlight.current === 0, [])

	return { state, schedule, retry: flush, flush, overwrite, reset, isNewerElsewhere }
}
