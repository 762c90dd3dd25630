import { z } from 'zod'

/*
 * The inputs of drafting (spec section 7: generate-draft, draft-answers/{answerId}; the draft
 * page's actions), shared by the Remix actions, the tRPC procedures, the domain functions and the
 * browser. Free of server imports.
 */

/** Draft tones (spec section 9): neutral is the default. Browser-safe. */
export const TONES = ['neutral', 'warm', 'confident'] as const
export type Tone = (typeof TONES)[number]

export const TONE_CHOICES: { value: Tone; label: string; hint: string }[] = [
	{ value: 'neutral', label: 'Neutral', hint: 'Clear and measured.' },
	{ value: 'warm', label: 'Warm', hint: 'Personal and inviting.' },
	{ value: 'confident', label: 'Confident', hint: 'Direct and assured.' },
]

/** The text the client looks for to open the upgrade dialog instead of a toast (spec section 4, "Drafting"). */
export const DRAFT_LIMIT_EXCEEDED = 'draft_limit_exceeded'
export const DRAFT_LIMIT_MESSAGE = `Free plan includes 1 draft. Upgrade to Pro for unlimited drafts. (${DRAFT_LIMIT_EXCEEDED})`
export const NO_QUESTIONS_MESSAGE = 'This opportunity has no application questions yet, so there is nothing to draft.'

/** Whether a failed call's message asks for the upgrade dialog. */
export const isDraftLimitError = (message: string | null | undefined) => Boolean(message?.includes(DRAFT_LIMIT_EXCEEDED))

/** Spec section 9: edits are saved 1 second after typing stops. */
export const AUTOSAVE_DELAY_MS = 1000
/** Far above any application's limit; keeps one request and one row bounded. */
export const ANSWER_MAX_CHARS = 50_000
/**
 * What an answer's field takes without JavaScript (its maxlength), twice what is saved: a paste a
 * little over is posted, refused with the reason and kept, not cut short without a word.
 */
export const ANSWER_FIELD_MAX_CHARS = 2 * ANSWER_MAX_CHARS
/** Drafts per page of the drafts list. */
export const DRAFTS_PAGE_SIZE = 20

export const DRAFT_MESSAGES = {
	notFound: 'Draft not found',
	answerTooLong: `An answer can be at most ${ANSWER_MAX_CHARS.toLocaleString('en-US')} characters.`,
	failed: 'We could not write this draft. Your credit has been returned.',
	answerFailed: 'We could not write this answer. Try Regenerate.',
	gaveUp: 'Drafting stopped after several failed attempts. Try Regenerate.',
	notWhileGenerating: 'Wait until the draft has been written.',
	noUndo: 'There is nothing to undo for this answer.',
	changedElsewhere: 'This answer was changed in another tab or window.',
	/** An autosave after the session ended. */
	signedOut: 'You were signed out. Sign in again (in another tab) to keep saving.',
	/** The page was shown to one account, and the browser has signed in to another since (in another tab). */
	otherAccount: "This browser is now signed in to another account. Sign back in to this draft's account to keep saving.",
	proOnly: 'Exports to PDF and Word are part of Pro.',
	/** A choice question's answer that is not among its options (a form or request made by hand). */
	notAnOption: "Choose from the question's options.",
	/** A multi-select's choices that are not among the question's options. */
	notOptions: (choices: string[]) => `Choose from the question's options: untick ${choices.map((choice) => `“${choice.slice(0, 200)}”`).join(', ')}.`,
} as const

/** The spec's generate-draft request: which opportunity, in which tone. */
export const GenerateDraftInput = z.object({
	opportunityId: z.string({ error: 'Choose an opportunity' }).trim().min(1, 'Choose an opportunity').max(100, 'Choose an opportunity'),
	tone: z.enum(TONES, { message: 'Choose a tone: neutral, warm or confident' }).default('neutral'),
})
export type GenerateDraftInput = z.input<typeof GenerateDraftInput>

const id = (what: string) => z.string({ error: `${what} id is required` }).trim().min(1, `${what} id is required`).max(100, `${what} not found`)

export const DraftIdInput = z.object({ draftId: id('Draft') })
export type DraftIdInput = z.input<typeof DraftIdInput>

/** The draft a page's form belongs to, when it names one: the answer must be one of that draft's. */
const InDraft = { draftId: id('Draft').optional() }

export const AnswerIdInput = z.object({ answerId: id('Answer'), ...InDraft })
export type AnswerIdInput = z.input<typeof AnswerIdInput>

/**
 * Undo or Redo of a Regenerate: `direction` is the button the page showed, so a page that is out
 * of date (another tab undid it already) is refused rather than doing the opposite.
 */
export const UndoRegenerateInput = AnswerIdInput.extend({ direction: z.enum(['undo', 'redo']).optional() })
export type UndoRegenerateInput = z.input<typeof UndoRegenerateInput>

/**
 * draft-answers/{answerId}: the artist's edit. `revision` grows with every edit on the page; a save
 * carrying an older revision than the stored one arrived late and changes nothing, so the last
 * edit wins whatever order the requests arrive in. A form post without JavaScript leaves it out.
 */
export const SaveAnswerInput = z.object({
	answerId: id('Answer'),
	...InDraft,
	userEdit: z
		.string({ error: 'The answer must be text' })
		.transform((text) => text.replace(/\r\n?/g, '\n'))
		.pipe(z.string().max(ANSWER_MAX_CHARS, DRAFT_MESSAGES.answerTooLong)),
	revision: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
	/** The revision the page's text started from: a newer one saved since by another page refuses the save. */
	baseRevision: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
	/** The page (browser tab) saving: a revision it wrote itself is never a conflict. */
	tab: z
		.string()
		.regex(/^[0-9a-f]{32}$/, 'Unknown page')
		.optional(),
	/** The account the page was shown to: when another has signed in since, the save says so, not "not found". */
	viewerId: z.string().max(64).optional(),
})
export type SaveAnswerInput = z.input<typeof SaveAnswerInput>

/** The statuses an artist sets by hand: "Mark as completed", and back. */
export const SetDraftStatusInput = z.object({
	draftId: id('Draft'),
	status: z.enum(['completed', 'in_progress'], { message: 'Choose completed or in progress' }),
})
export type SetDraftStatusInput = z.input<typeof SetDraftStatusInput>

/** The drafts list's URL: a search over title and organization, and the page. */
export const ListDraftsInput = z.object({
	q: z.string().trim().max(200, 'Search for at most 200 characters').default(''),
	page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
})
export type ListDraftsInput = z.input<typeof ListDraftsInput>

export const DRAFT_STATUS_LABELS: Record<string, string> = {
	generating: 'Generating',
	draft: 'Draft',
	in_progress: 'In Progress',
	completed: 'Completed',
	failed: 'Failed',
}

/** Spec section 4: known statuses by name, others capitalised. */
export function draftStatusLabel(status: string) {
	return DRAFT_STATUS_LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1)
}

/** Spec section 4: default for completed, outline for in_progress, secondary otherwise. */
export function draftStatusVariant(status: string): 'default' | 'outline' | 'secondary' {
	if (status === 'completed') return 'default'
	if (status === 'in_progress') return 'outline'
	return 'secondary'
}

export const draftPath = (draftId: string) => `/portal/drafts/${draftId}`
/** A new draft's page: it announces the draft when it is written ("Draft Created"), with or without JavaScript. */
export const watchDraftPath = (draftId: string) => `${draftPath(draftId)}?watching=1`

/** Whether nothing is being written any more: the draft itself, and every answer (a Regenerate). */
export function isDraftSettled(draft: { status: string; answers: readonly { status: string }[] }) {
	return draft.status !== 'generating' && draft.answers.every((answer) => answer.status !== 'pending')
}

/** "3 of 8 answers written" */
export function progressText(draft: { answers: readonly { status: string }[] }) {
	const written = draft.answers.filter((answer) => answer.status === 'written').length
	return `${written} of ${draft.answers.length} ${draft.answers.length === 1 ? 'answer' : 'answers'} written`
}
