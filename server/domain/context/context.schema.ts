import { z } from 'zod'
import { fileTooLargeMessage, fileTypeMessage } from '#server/domain/files/file-checks.ts'
import type { SniffedType } from '#server/domain/files/sniff.ts'

/*
 * Per-question context (spec section 5, "Question context"): the inputs of context-get,
 * context-upsert and context-delete-file (section 7), shared by the dialog, the no-JavaScript page,
 * the tRPC procedures and the domain functions. Free of server imports: the browser uses the limits
 * and messages too. context-upsert's files are not a schema here: they arrive as a multipart form,
 * streamed into storage one by one (ADR 024).
 */

export const NOTES_MAX = 2000
/** Files one question's context may hold, existing plus new. */
export const MAX_FILES = 5
/** 10 MB as the specification counts it. */
export const MAX_FILE_BYTES = 10_485_760
/**
 * Context images are for the drafting model, and Anthropic refuses an image more than 8,000 pixels
 * wide or tall, with the whole request (the answer): refused at upload, left out when drafting.
 */
export const MAX_IMAGE_SIDE = 8_000
export const CONTEXT_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const satisfies readonly SniffedType[]
/** The file picker's hint; the server judges the bytes. */
export const CONTEXT_FILE_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf'

export const CONTEXT_MESSAGES = {
	notesTooLong: `Notes must be at most ${NOTES_MAX} characters`,
	fileTooLarge: fileTooLargeMessage(MAX_FILE_BYTES),
	fileType: fileTypeMessage(CONTEXT_FILE_TYPES),
	notesNul: 'Notes cannot contain a NUL character.',
	formIncomplete: 'The form arrived incomplete, so nothing was saved. Please try again.',
} as const

/**
 * The refusal when a save would leave more than MAX_FILES files (the specification skips such a save
 * silently; this product says why, and saves nothing).
 */
export function tooManyFilesMessage(existing: number) {
	const has = existing ? `; this one already has ${existing}` : ''
	return `A question can have at most ${MAX_FILES} files${has}. Nothing was saved: choose fewer files or delete one first.`
}

/** "-12 characters remaining" goes negative past the limit: the counter under the notes field. */
export function notesRemaining(notes: string) {
	return NOTES_MAX - normalizeNotes(notes).length
}

/** Browsers submit a textarea's line breaks as CRLF; counted as one character, as the field shows them. */
function normalizeNotes(notes: string) {
	return notes.replace(/\r\n?/g, '\n')
}

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)

/** Which context: the opportunity, the question's slug and, for a draft's own context, the draft. */
const targetShape = {
	opportunityId: z.string({ error: 'Opportunity id is required' }).trim().min(1, 'Opportunity id is required'),
	slug: z.string({ error: 'Question slug is required' }).trim().min(1, 'Question slug is required').max(200, 'Question slug is too long'),
	draftId: z.preprocess(blankToUndefined, z.string().trim().optional()),
}

export const ContextTargetInput = z.object(targetShape)
export type ContextTargetInput = z.input<typeof ContextTargetInput>

export const NotesInput = z
	.string({ error: 'Notes must be text' })
	.transform((notes) => normalizeNotes(notes).trim())
	// PostgreSQL's text cannot hold NUL; nobody types one.
	.pipe(z.string().max(NOTES_MAX, CONTEXT_MESSAGES.notesTooLong).refine((notes) => !notes.includes('\u0000'), CONTEXT_MESSAGES.notesNul))

export const GetContextInput = z.object({
	...targetShape,
	/** Adds each file's download URL (the specification's `includeUrls=1`). */
	// `true`, or 1 as in the specification's query string (`includeUrls=1`); 0 and false leave them out.
	includeUrls: z.union([z.boolean(), z.literal([0, 1, '0', '1'])]).optional().transform((value) => (value === undefined ? undefined : value === true || value === 1 || value === '1')),
})
export type GetContextInput = z.input<typeof GetContextInput>

export const DeleteContextFileInput = z.object({
	...targetShape,
	name: z.string({ error: 'Choose a file to delete' }).min(1, 'Choose a file to delete').max(1000, 'A file name is too long.'),
})
export type DeleteContextFileInput = z.input<typeof DeleteContextFileInput>

/** Where a stored context file is served to its owner (app/routes/files.context.$fileId.tsx). */
export const contextFilePath = (fileId: string) => `/files/context/${fileId}`

type TargetPath = { opportunityId: string; slug: string; draftId?: string | null }

function targetPath({ opportunityId, slug, draftId }: TargetPath, suffix = '', query: Record<string, string> = {}) {
	const path = `/portal/opportunities/${encodeURIComponent(opportunityId)}/context/${encodeURIComponent(slug)}${suffix}`
	const search = new URLSearchParams(draftId ? { draftId, ...query } : query).toString()
	return search ? `${path}?${search}` : path
}

/**
 * The context page, the dialog's no-JavaScript twin (app/routes/portal.opportunities.$id_.context.$slug.tsx).
 * `backToDraft`, on the opportunity's own context, is the draft it was opened from: the page goes
 * back there, not to the opportunity.
 */
export const contextPagePath = ({ backToDraft, ...target }: TargetPath & { backToDraft?: string | null }) =>
	targetPath(target, '', !target.draftId && backToDraft ? { backTo: backToDraft } : {})

/** An id as the context's addresses carry it: anything else names nothing. */
export const Uuid = z.uuid()

/** The draft the opportunity's own context page was opened from (`contextPagePath`'s `backToDraft`), when it names one. */
export function backToDraftOf(url: URL) {
	const backTo = url.searchParams.get('backTo')
	return !url.searchParams.has('draftId') && backTo && Uuid.safeParse(backTo).success ? backTo : null
}

/**
 * Where the dialog posts its multipart save and gets JSON back
 * (app/routes/portal.opportunities.$id_.context.$slug_.save.ts).
 */
export const contextSavePath = (target: TargetPath) => targetPath(target, '/save')

/** What a save answers the dialog: the context as saved, and the new files skipped as duplicates. */
export type SavedContext = {
	notes: string
	files: { name: string; type: string; size: number }[]
	/** New files skipped because a file of that name was already there (spec: "ignored"). */
	ignored: string[]
}

/** What contextSavePath answers: the saved context (200), or why nothing was saved (4xx, 500). */
export type ContextSaveAnswer = SavedContext | { error: string; fieldErrors?: Record<string, string[]> }

/** The "Context saved successfully" toast's description: the new files skipped as duplicates, if any. */
export function ignoredFilesNote({ ignored }: Pick<SavedContext, 'ignored'>) {
	return ignored.length ? `Already attached, so skipped: ${ignored.join(', ')}.` : undefined
}
