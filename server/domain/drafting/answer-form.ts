import { z } from 'zod'
import { answerType } from './answer-fit.ts'
import { ANSWER_FIELD_MAX_CHARS } from './drafting.schema.ts'

/*
 * The draft page's one form without JavaScript (ADR 020, "One form for the page"). Every answer's
 * field belongs to it (the `form` attribute), and so do Save, Regenerate, Undo, Redo and the
 * status button, each naming what it does in `do`. A post saves every answer the artist changed
 * first, then does what was pressed: typing in one answer is no longer lost when another answer's
 * button is pressed. An answer counts as changed when what its field posts differs from what it
 * would post left as loaded (its `shown` fingerprint), so an answer changed in another tab since
 * the page loaded, and not touched here, is not saved back over. Browser-safe: the page computes
 * the fingerprints as it renders, the action compares them.
 */

export const DRAFT_FORM_ID = 'draft-answers'

/** The largest body the page's form may send (server/http/body-limit.ts refuses more, unread). */
export const DRAFT_FORM_MAX_BYTES = 8 * 1024 * 1024
/** The form is multipart: text travels as UTF-8, at most 3 bytes a UTF-16 unit. */
const BYTES_PER_UNIT = 3
/** A part's boundary and headers, and the small fields (ids, revision, fingerprint) each answer posts. */
const BYTES_PER_ANSWER = 1024
/** The page's own fields (the account, the pressed button) and the body's framing. */
const BYTES_PER_PAGE = 16 * 1024

/**
 * How many characters one answer's field takes without JavaScript (its maxlength) on a page of
 * `answers` answers: twice what an answer holds, unless so many answers would not fit the form's
 * limit together (beyond 27 answers, every field full of three-byte characters).
 */
export function answerFieldMaxChars(answers: number) {
	const count = Math.max(1, answers)
	const share = Math.floor((DRAFT_FORM_MAX_BYTES - BYTES_PER_PAGE - count * BYTES_PER_ANSWER) / count / BYTES_PER_UNIT)
	return Math.max(0, Math.min(ANSWER_FIELD_MAX_CHARS, share))
}

/** The names one answer's fields post under. */
export const answerField = {
	value: (answerId: string) => `value.${answerId}`,
	values: (answerId: string) => `values.${answerId}`,
	multi: (answerId: string) => `multi.${answerId}`,
	base: (answerId: string) => `base.${answerId}`,
	shown: (answerId: string) => `shown.${answerId}`,
}

/** A multi-select answer's choices (stored as a JSON array); text that is not one counts as none. */
export function parseChoices(value: string): string[] {
	try {
		const parsed: unknown = JSON.parse(value)
		return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : []
	} catch {
		return []
	}
}

/** A choice question's boxes, in page order: its options, then chosen values that are not among them. */
export function choicesOf(options: string[], chosen: string[]) {
	return [...options, ...chosen.filter((choice) => choice && !options.includes(choice))]
}

/** The ticked boxes of a multi-select as they post (page order), as the JSON array it is stored as. */
export function multiSelectText(options: string[], ticked: string[]) {
	return JSON.stringify(choicesOf(options, ticked).filter((choice) => ticked.includes(choice)))
}

/** Form posts send every line break as CRLF; answers store LF. */
export const normalizeNewlines = (text: string) => text.replace(/\r\n?/g, '\n')

/**
 * What an answer's control posts when left as the page loaded it, as the action reads it: a one-line
 * field drops line breaks (and a URL field the spaces around it), a multi-select posts its ticked
 * boxes, a radio group nothing when none is chosen.
 */
export function untouchedPost({ questionType, options, text: stored }: { questionType: string; options: string[]; text: string }) {
	// A multipart reader decodes each field as UTF-8 text, dropping a leading byte-order mark (pasted text can carry one).
	const text = stored.replace(/^\uFEFF/, '')
	switch (answerType(questionType)) {
		case 'multi_select':
			return multiSelectText(options, parseChoices(stored))
		case 'multiple_choice':
		case 'long_text':
			return normalizeNewlines(text)
		case 'url':
			return text.replace(/[\r\n]/g, '').replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '')
		default:
			return text.replace(/[\r\n]/g, '')
	}
}

/**
 * A 53-bit fingerprint of a text (cyrb53), in base 36: the same in the browser and on the server,
 * cheap over 100,000 characters. Not a secret: it only tells the action whether a field changed.
 */
export function fingerprint(text: string) {
	let h1 = 0xdeadbeef
	let h2 = 0x41c6ce57
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index)
		h1 = Math.imul(h1 ^ code, 2654435761)
		h2 = Math.imul(h2 ^ code, 1597334677)
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
	return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}

/** What the page's form may name in one post: far above any application's questions. */
export const MAX_POSTED_ANSWERS = 1000

const RecordId = z.string().min(1).max(100)

/** What a post of the draft page asks for, after saving the changed answers. */
export type DraftCommand =
	| { intent: 'save' | 'regenerate'; answerId: string }
	| { intent: 'undo'; answerId: string; direction: 'undo' | 'redo' | undefined }
	| { intent: 'status'; status: string }
	| { intent: 'file'; file: DraftFile }
	| { intent: 'none' }

/** The files the draft page offers, by their path under the draft's own. */
export const DRAFT_FILES = { download: 'download', 'export:pdf': 'export/pdf', 'export:docx': 'export/docx' } as const
export type DraftFile = (typeof DRAFT_FILES)[keyof typeof DRAFT_FILES]

/**
 * The button pressed (`do`): "save:{answerId}", "regenerate:…", "undo:…", "redo:…",
 * "status:completed|in_progress", "save" (the form's hidden default button: Enter in a one-line answer),
 * or a file: "download", "export:pdf", "export:docx" (saved first, then fetched by the page it comes back to).
 */
export const DraftPageCommand = z.string({ error: 'Choose what to do' }).transform((value, context): DraftCommand => {
	if (value === 'save') return { intent: 'save', answerId: '' }
	if (Object.hasOwn(DRAFT_FILES, value)) return { intent: 'file', file: DRAFT_FILES[value as keyof typeof DRAFT_FILES] }
	const [verb = '', target = '', ...rest] = value.split(':')
	if (rest.length === 0 && verb === 'status' && (target === 'completed' || target === 'in_progress')) return { intent: 'status', status: target }
	if (rest.length === 0 && RecordId.safeParse(target).success) {
		if (verb === 'save' || verb === 'regenerate') return { intent: verb, answerId: target }
		if (verb === 'undo' || verb === 'redo') return { intent: 'undo', answerId: target, direction: verb }
	}
	context.addIssue({ code: 'custom', message: 'Unknown action' })
	return z.NEVER
})

const PostedAnswer = z.object({
	answerId: RecordId,
	value: z.string().default(''),
	values: z.array(z.string()),
	multi: z.boolean(),
	base: z.unknown().transform((value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : undefined)),
	shown: z.string().max(20).default(''),
})

export type PostedAnswerEdit = { answerId: string; text: string; baseRevision: number | undefined }

/**
 * The page's post: the pressed button, and the answers whose field changed (text as posted, line
 * breaks as stored). Answers named twice count once; answers beyond MAX_POSTED_ANSWERS, or a field
 * that is not text (a file), make the post unreadable (null).
 */
export function readDraftPageForm(form: FormData): { command: DraftCommand; edits: PostedAnswerEdit[] } | null {
	const command = DraftPageCommand.safeParse(form.get('do') ?? undefined)
	if (!command.success) return null
	const ids = [...new Set(form.getAll('answer'))]
	if (ids.length > MAX_POSTED_ANSWERS) return null
	const edits: PostedAnswerEdit[] = []
	// A field not posted (a radio group with nothing chosen) reads as empty; a file is no answer.
	const field = (name: string) => form.get(name) ?? undefined
	for (const answerId of ids) {
		// A file posted as the id fails the schema below; its name here is only a lookup that finds nothing.
		const id = String(answerId)
		const posted = PostedAnswer.safeParse({
			answerId,
			value: field(answerField.value(id)),
			values: form.getAll(answerField.values(id)),
			multi: form.get(answerField.multi(id)) === '1',
			base: field(answerField.base(id)),
			shown: field(answerField.shown(id)),
		})
		if (!posted.success) return null
		const { value, values, multi, base, shown } = posted.data
		const answer = normalizeNewlines(multi ? JSON.stringify(values) : value)
		if (fingerprint(answer) !== shown) edits.push({ answerId: posted.data.answerId, text: answer, baseRevision: base })
	}
	return { command: command.data, edits }
}
