/**
 * Question types and limits as people read them (spec section 3, "Question types", and section 5,
 * "Question limit label"). No server imports: the admin questions tab, the application form preview
 * and the applicant's opportunity page all render with these.
 */

export const QUESTION_TYPES = ['short_text', 'long_text', 'multiple_choice', 'multi_select', 'url', 'number'] as const
export type QuestionType = (typeof QUESTION_TYPES)[number]

export const DEFAULT_QUESTION_TYPE: QuestionType = 'long_text'

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
	short_text: 'Short Text',
	long_text: 'Long Text',
	multiple_choice: 'Multiple Choice',
	multi_select: 'Multi Select',
	url: 'URL',
	number: 'Number',
}

export const LIMIT_TYPES = ['chars', 'words'] as const
export type LimitType = (typeof LIMIT_TYPES)[number]

/** The editor's limit choices; "none" stands for no limit (stored as null). */
export const LIMIT_TYPE_CHOICES = [
	{ value: 'none', label: 'No limit' },
	{ value: 'chars', label: 'Characters' },
	{ value: 'words', label: 'Words' },
] as const

/** Limits apply to free-text answers only. */
export const LIMITED_TYPES: readonly QuestionType[] = ['short_text', 'long_text']
/** Types answered by picking from the question's options. */
export const CHOICE_TYPES: readonly QuestionType[] = ['multiple_choice', 'multi_select']
export const MIN_CHOICE_OPTIONS = 2
/** Past this many options the editor shows a note; more are still allowed (spec section 5). */
export const OPTIONS_NOTE_AT = 20

export function isQuestionType(value: unknown): value is QuestionType {
	return typeof value === 'string' && (QUESTION_TYPES as readonly string[]).includes(value)
}

export const acceptsLimit = (type: string) => (LIMITED_TYPES as readonly string[]).includes(type)
export const acceptsOptions = (type: string) => (CHOICE_TYPES as readonly string[]).includes(type)

/** The display name of a type; unknown types read as long text, as the draft view treats them. */
export function questionTypeLabel(type: string): string {
	return QUESTION_TYPE_LABELS[isQuestionType(type) ? type : DEFAULT_QUESTION_TYPE]
}

/** "Max 300 words" / "Max 500 characters"; null when either limit field is missing. */
export function limitLabel(limitType: string | null | undefined, limitValue: number | null | undefined): string | null {
	if (!limitType || limitValue == null) return null
	if (limitType === 'words') return `Max ${limitValue} words`
	if (limitType === 'chars') return `Max ${limitValue} characters`
	return null
}
