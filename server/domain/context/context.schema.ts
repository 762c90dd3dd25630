import { z } from 'zod'
import { fileTooLargeError } from '#server/domain/files/size-limit.ts'
import { describeTypes, type SniffedType } from '#server/domain/files/sniff.ts'

/*
 * Per-question context (spec section 5, "Question context"): the inputs of context-get,
 * context-upsert and context-delete-file (section 7), shared by the dialog, the no-JavaScript page,
 * the tRPC procedures and the domain functions. Free of server imports: the browser uses the limits
 * and messages too.
 */

export const NOTES_MAX = 2000
/** Files one question's context may hold, existing plus new. */
export const MAX_FILES = 5
/** 10 MB as the specification counts it. */
export const MAX_FILE_BYTES = 10_485_760
export const CONTEXT_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const satisfies readonly SniffedType[]
/** The file picker's hint; the server judges the bytes. */
export const CONTEXT_FILE_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf'

/** The longest base64 text of a MAX_FILE_BYTES file (4 characters per 3 bytes, padded). */
const MAX_BASE64_LENGTH = Math.ceil(MAX_FILE_BYTES / 3) * 4

export const CONTEXT_MESSAGES = {
	notesTooLong: `Notes must be at most ${NOTES_MAX} characters`,
	fileTooLarge: fileTooLargeError(MAX_FILE_BYTES).message,
	fileType: `Only ${describeTypes(CONTEXT_FILE_TYPES)} files are allowed.`,
	fileData: 'A file could not be read. Please choose it again.',
	fileName: 'Each file needs a name.',
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
	.pipe(z.string().max(NOTES_MAX, CONTEXT_MESSAGES.notesTooLong))

export const GetContextInput = z.object({
	...targetShape,
	/** Adds each file's download URL (the specification's `includeUrls=1`). */
	includeUrls: z.boolean().optional(),
})
export type GetContextInput = z.input<typeof GetContextInput>

/** One new file as the dialog sends it: its bytes as base64. `type` and `size` are the browser's claims; the bytes decide. */
export const ContextFileUpload = z.object({
	name: z.string({ error: CONTEXT_MESSAGES.fileName }).trim().min(1, CONTEXT_MESSAGES.fileName).max(1000, 'A file name is too long.'),
	type: z.string().max(255).default(''),
	size: z.number().int().min(0).max(MAX_FILE_BYTES, CONTEXT_MESSAGES.fileTooLarge).optional(),
	data: z.string({ error: CONTEXT_MESSAGES.fileData }).max(MAX_BASE64_LENGTH, CONTEXT_MESSAGES.fileTooLarge).pipe(z.base64(CONTEXT_MESSAGES.fileData)),
})
export type ContextFileUpload = z.input<typeof ContextFileUpload>

export const UpsertContextInput = z.object({
	...targetShape,
	notes: NotesInput.default(''),
	files: z.array(ContextFileUpload).max(MAX_FILES, tooManyFilesMessage(0)).default([]),
})
export type UpsertContextInput = z.input<typeof UpsertContextInput>

export const DeleteContextFileInput = z.object({
	...targetShape,
	name: z.string({ error: 'Choose a file to delete' }).min(1, 'Choose a file to delete').max(1000, 'A file name is too long.'),
})
export type DeleteContextFileInput = z.input<typeof DeleteContextFileInput>

/** Where a stored context file is served to its owner (app/routes/files.context.$fileId.tsx). */
export const contextFilePath = (fileId: string) => `/files/context/${fileId}`

/** The context page, the dialog's no-JavaScript twin (app/routes/portal.opportunities.$id_.context.$slug.tsx). */
export function contextPagePath({ opportunityId, slug, draftId }: { opportunityId: string; slug: string; draftId?: string | null }) {
	const path = `/portal/opportunities/${encodeURIComponent(opportunityId)}/context/${encodeURIComponent(slug)}`
	return draftId ? `${path}?${new URLSearchParams({ draftId })}` : path
}
