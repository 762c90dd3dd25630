import type { AppContext } from '#server/context.ts'
import type { Prisma } from '#server/db/generated/client.ts'
import { literalLike } from '#server/db/like.ts'
import { assertAdmin, type Actor } from '#server/domain/actor.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import { existingId, isUniqueViolation } from '#server/domain/ids.ts'
import { acceptsLimit, acceptsOptions } from '#server/domain/questions/display.ts'
import { appendQuestion, lockOpportunity, withDroppedFiles } from '#server/domain/questions/questions.ts'
import { DeleteTemplateInput, ImportTemplateInput, ListTemplatesInput, SaveQuestionAsTemplateInput } from './templates.schema.ts'

type Ctx = Pick<AppContext, 'db'>

const templateSelect = {
	id: true,
	label: true,
	type: true,
	helpText: true,
	limitType: true,
	limitValue: true,
	options: true,
	tags: true,
} as const satisfies Prisma.QuestionTemplateSelect

/**
 * The reusable questions, ordered by label. `q` matches a label containing it or a tag equal to it,
 * ignoring case (tags are stored lowercase), like the admin list's search.
 */
export async function listTemplates(ctx: Ctx, actor: Actor, input: ListTemplatesInput) {
	assertAdmin(actor)
	const { q } = parseInput(ListTemplatesInput, input)
	return ctx.db.questionTemplate.findMany({
		where: q ? { OR: [{ label: { contains: literalLike(q), mode: 'insensitive' } }, { tags: { has: q.toLowerCase() } }] } : undefined,
		orderBy: [{ label: 'asc' }, { id: 'asc' }],
		select: templateSelect,
	})
}

/** A new question at the end of the opportunity's list, copied from the template, with a free slug. */
export async function importTemplate(ctx: Pick<AppContext, 'db' | 'storage' | 'logger'>, actor: Actor, input: ImportTemplateInput) {
	assertAdmin(actor)
	const parsed = parseInput(ImportTemplateInput, input)
	const opportunityId = existingId(parsed.opportunityId, 'Opportunity')
	const templateId = existingId(parsed.templateId, 'Template')
	return withDroppedFiles(ctx, () =>
		ctx.db.$transaction(async (tx) => {
			await lockOpportunity(tx, opportunityId)
			const template = await tx.questionTemplate.findUnique({ where: { id: templateId }, select: templateSelect })
			if (!template) throw new DomainError('NOT_FOUND', `Template ${templateId} not found.`)
			const limited = acceptsLimit(template.type) && template.limitType !== null && template.limitValue !== null
			return appendQuestion(tx, opportunityId, {
				section: null,
				label: template.label,
				// Generated from the label: -2, -3… when the opportunity already has it.
				slug: '',
				type: template.type,
				required: false,
				helpText: template.helpText,
				limitType: limited ? template.limitType : null,
				limitValue: limited ? template.limitValue : null,
				options: acceptsOptions(template.type) ? template.options : [],
			})
		}),
	)
}

/** "Label", "Label (2)", "Label (3)"…: the first not in `taken`. */
export function uniqueTemplateLabel(label: string, taken: Iterable<string>): string {
	const used = new Set(taken)
	if (!used.has(label)) return label
	let n = 2
	while (used.has(`${label} (${n})`)) n++
	return `${label} (${n})`
}

/**
 * Copies a question into the template library. Template labels are unique, so a clash gets the
 * first free " (2)", " (3)"… suffix instead of failing: the admin asked to keep this question, and
 * the new label says which copy it is. The question's section, lowercased, becomes its tag.
 */
export async function saveQuestionAsTemplate(ctx: Ctx, actor: Actor, input: SaveQuestionAsTemplateInput) {
	assertAdmin(actor)
	const questionId = existingId(parseInput(SaveQuestionAsTemplateInput, input).questionId, 'Question')
	const question = await ctx.db.opportunityQuestion.findUnique({ where: { id: questionId } })
	if (!question) throw new DomainError('NOT_FOUND', `Question ${questionId} not found.`)
	const fields = {
		type: question.type,
		helpText: question.helpText,
		limitType: question.limitType,
		limitValue: question.limitValue,
		options: question.options,
		tags: question.section ? [question.section.trim().toLowerCase()] : [],
	}
	// A concurrent save may take the chosen label between the read and the insert: try the next one.
	for (let attempt = 0; ; attempt++) {
		const clashing = await ctx.db.questionTemplate.findMany({
			where: { label: { startsWith: question.label } },
			select: templateSelect,
		})
		// Saved before, word for word (the label itself or a numbered copy of it): that one, not another copy.
		const same = clashing.find((template) => isCopyOf(template.label, question.label) && sameFields(template, fields))
		if (same) return { ...same, alreadySaved: true }
		const label = uniqueTemplateLabel(question.label, clashing.map((t) => t.label))
		try {
			const created = await ctx.db.questionTemplate.create({ data: { label, ...fields }, select: templateSelect })
			return { ...created, alreadySaved: false }
		} catch (error) {
			if (!isUniqueViolation(error) || attempt >= 4) throw error
		}
	}
}

/** Deletes a template; questions imported from it keep their own copy. Its label, for the toast. */
export async function deleteTemplate(ctx: Ctx, actor: Actor, input: DeleteTemplateInput) {
	assertAdmin(actor)
	const id = existingId(parseInput(DeleteTemplateInput, input).templateId, 'Template')
	const [deleted] = await ctx.db.$queryRaw<{ label: string }[]>`DELETE FROM opportunity_question_templates WHERE id = ${id}::uuid RETURNING label`
	if (!deleted) throw new DomainError('NOT_FOUND', `Template ${id} not found.`)
	return { label: deleted.label }
}

/** `label` itself, or a copy uniqueTemplateLabel numbered ("Budget (2)"). */
function isCopyOf(templateLabel: string, label: string) {
	return templateLabel === label || (templateLabel.startsWith(`${label} (`) && /^ \(\d+\)$/.test(templateLabel.slice(label.length)))
}

type TemplateFields = { type: string; helpText: string | null; limitType: string | null; limitValue: number | null; options: string[]; tags: string[] }

function sameFields(a: TemplateFields, b: TemplateFields) {
	const sameList = (x: string[], y: string[]) => x.length === y.length && x.every((item, index) => item === y[index])
	return a.type === b.type && a.helpText === b.helpText && a.limitType === b.limitType && a.limitValue === b.limitValue && sameList(a.options, b.options) && sameList(a.tags, b.tags)
}
