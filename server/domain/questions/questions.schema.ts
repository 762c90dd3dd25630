import { z } from 'zod'
import { ANSWER_MAX_CHARS } from '#server/domain/drafting/drafting.schema.ts'
import { slugifyQuestionLabel } from '#server/domain/opportunities/slug.ts'
import { atLeastChars, atMostChars } from '#server/domain/text.ts'
import { acceptsLimit, acceptsOptions, DEFAULT_QUESTION_TYPE, LIMIT_TYPES, MIN_CHOICE_OPTIONS, QUESTION_TYPES } from './display.ts'

/*
 * The question editor's schema (spec section 5, "Question editor"), shared by the editor form's
 * resolver, the route actions and the domain functions. Ids are plain strings here: a malformed id is
 * "not found" (server/domain/ids.ts), not a validation message.
 */

export const QUESTION_MESSAGES = {
	labelRequired: 'Label is required',
	labelLength: 'Label must be 3-200 characters',
	slugRequired: 'Slug is required',
	slugTaken: 'Slug must be unique within this opportunity',
	/** A slug typed with no letter or digit ("!!!"), which leaves nothing to store. */
	slugInvalid: 'Slug must contain a letter (a–z) or a digit',
	typeRequired: 'Type is required',
	limitValue: 'Limit value must be greater than 0',
	limitWhole: 'Limit value must be a whole number',
	limitTooLarge: (limitType: 'words' | 'chars') =>
		`Limit value must be at most ${MAX_LIMIT_VALUE[limitType].toLocaleString('en-US')} ${limitType === 'words' ? 'words' : 'characters'}`,
	options: 'At least 2 options are required for choice types',
	optionsNote: 'Maximum 20 options allowed',
	orderChanged: 'The questions changed while you were reordering. Reload and try again.',
} as const

/**
 * The largest limits a question may set: an answer holds at most ANSWER_MAX_CHARS (50,000)
 * characters, which is about 10,000 words. Beyond, no answer could reach the limit, and the
 * database's integer could overflow.
 */
export const MAX_LIMIT_VALUE = { chars: ANSWER_MAX_CHARS, words: 10_000 } as const

/**
 * A typed slug as it is stored (normalised to the slug alphabet), or why it cannot be: it holds no
 * letter or digit, or another question of the opportunity has it. The editor says so as the field
 * is left; the domain refuses the save (resolveSlug).
 */
export function checkTypedSlug(typed: string, taken: readonly string[]): { slug: string; problem: null } | { slug: null; problem: string } {
	const slug = slugifyQuestionLabel(typed)
	if (!slug) return { slug: null, problem: QUESTION_MESSAGES.slugInvalid }
	if (taken.includes(slug)) return { slug: null, problem: QUESTION_MESSAGES.slugTaken }
	return { slug, problem: null }
}

/** Trimmed, without blanks and without repeats, in the order given. */
export function cleanOptions(options: readonly string[]): string[] {
	// "Yes" and "yes" are one option to an artist choosing: the first spelling is kept.
	const seen = new Set<string>()
	return options
		.map((option) => option.trim())
		.filter((option) => {
			const key = option.toLocaleLowerCase('en')
			if (!option || seen.has(key)) return false
			seen.add(key)
			return true
		})
}

const emptyToUndefined = (value: unknown) => {
	if (value === '' || value === null || (typeof value === 'number' && Number.isNaN(value))) return undefined
	return typeof value === 'string' ? Number(value.trim()) : value
}

const Id = z.string().trim()

/** What one question's options may hold at most. */
export const MAX_OPTIONS = 100
export const MAX_OPTION_CHARS = 200

const questionFieldShape = {
	section: z.string().trim().max(100, 'Section must be at most 100 characters').default(''),
	label: z
		.string({ error: QUESTION_MESSAGES.labelRequired })
		.trim()
		.min(1, { error: QUESTION_MESSAGES.labelRequired, abort: true })
		// In characters, as the database's CHECK counts them.
		.refine(atLeastChars(3), QUESTION_MESSAGES.labelLength)
		.refine(atMostChars(200), QUESTION_MESSAGES.labelLength),
	/** Empty: generated from the label (how the editor works without JavaScript). */
	slug: z.string().trim().max(200, 'Slug must be at most 200 characters').default(''),
	type: z.enum(QUESTION_TYPES, { error: QUESTION_MESSAGES.typeRequired }).default(DEFAULT_QUESTION_TYPE),
	required: z.boolean().default(false),
	helpText: z.string().trim().max(2000, 'Help text must be at most 2000 characters').default(''),
	limitType: z.enum(['none', ...LIMIT_TYPES]).default('none'),
	limitValue: z.preprocess(emptyToUndefined, z.number({ error: QUESTION_MESSAGES.limitWhole }).int(QUESTION_MESSAGES.limitWhole).optional()),
	// The spec only notes 20 ("adding more is not blocked"); these bound what a post can store.
	// Said on the options as a whole, where the editor shows its errors.
	options: z
		.array(z.string())
		.max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options`)
		.refine((options) => options.every((option) => option.length <= MAX_OPTION_CHARS), `Each option must be at most ${MAX_OPTION_CHARS} characters`)
		.default([]),
}

type QuestionFieldValues = z.output<z.ZodObject<typeof questionFieldShape>>

function checkQuestion(value: QuestionFieldValues, ctx: z.RefinementCtx) {
	if (acceptsLimit(value.type) && value.limitType !== 'none') {
		if (value.limitValue === undefined || !(value.limitValue > 0)) {
			ctx.addIssue({ code: 'custom', path: ['limitValue'], message: QUESTION_MESSAGES.limitValue })
		} else if (value.limitValue > MAX_LIMIT_VALUE[value.limitType]) {
			ctx.addIssue({ code: 'custom', path: ['limitValue'], message: QUESTION_MESSAGES.limitTooLarge(value.limitType) })
		}
	}
	if (acceptsOptions(value.type) && cleanOptions(value.options).length < MIN_CHOICE_OPTIONS) {
		ctx.addIssue({ code: 'custom', path: ['options'], message: QUESTION_MESSAGES.options })
	}
}

type StoredFields = {
	section: string | null
	helpText: string | null
	limitType: (typeof LIMIT_TYPES)[number] | null
	limitValue: number | null
	options: string[]
}

/** What is stored: limits only on text types, options only on choice types, blanks as null. */
function normalizeQuestion<T extends QuestionFieldValues>(value: T): Omit<T, keyof StoredFields> & StoredFields {
	const limited = acceptsLimit(value.type) && value.limitType !== 'none' && value.limitValue !== undefined
	return {
		...value,
		section: value.section || null,
		helpText: value.helpText || null,
		limitType: limited ? (value.limitType as (typeof LIMIT_TYPES)[number]) : null,
		limitValue: limited ? (value.limitValue ?? null) : null,
		options: acceptsOptions(value.type) ? cleanOptions(value.options) : [],
	}
}

/** The editor form: what react-hook-form validates in the browser. */
export const QuestionForm = z.object(questionFieldShape).superRefine(checkQuestion).transform(normalizeQuestion)
export type QuestionFormValues = z.input<typeof QuestionForm>
export type QuestionFields = z.output<typeof QuestionForm>

export const CreateQuestionInput = z
	.object({ opportunityId: Id, ...questionFieldShape })
	.superRefine(checkQuestion)
	.transform(normalizeQuestion)
export type CreateQuestionInput = z.input<typeof CreateQuestionInput>

/** `opportunityId`, when given (a page's URL names it), must be the question's own. */
const InOpportunity = { opportunityId: Id.optional() }

export const UpdateQuestionInput = z
	.object({ questionId: Id, ...InOpportunity, ...questionFieldShape })
	.superRefine(checkQuestion)
	.transform(normalizeQuestion)
export type UpdateQuestionInput = z.input<typeof UpdateQuestionInput>

export const OpportunityQuestionsInput = z.object({ opportunityId: Id })
export type OpportunityQuestionsInput = z.input<typeof OpportunityQuestionsInput>

export const QuestionIdInput = z.object({ questionId: Id, ...InOpportunity })
export type QuestionIdInput = z.input<typeof QuestionIdInput>

export const ReorderQuestionsInput = z.object({
	opportunityId: Id,
	questionIds: z.array(Id).max(1000, 'Too many questions'),
})
export type ReorderQuestionsInput = z.input<typeof ReorderQuestionsInput>

export const MoveQuestionInput = z.object({
	questionId: Id,
	...InOpportunity,
	direction: z.enum(['up', 'down'], { error: 'Choose up or down' }),
})
export type MoveQuestionInput = z.input<typeof MoveQuestionInput>
