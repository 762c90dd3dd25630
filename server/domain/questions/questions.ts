import type { AppContext } from '#server/context.ts'
import type { Prisma } from '#server/db/generated/client.ts'
import { assertAdmin, type Actor } from '#server/domain/actor.ts'
import { moveQuestionSlug, releaseQuestionSlug } from '#server/domain/context/question-slugs.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import { deleteStoredObjects } from '#server/domain/files/delete-objects.ts'
import { existingId, isUniqueViolation } from '#server/domain/ids.ts'
import { slugifyQuestionLabel, uniqueSlug } from '#server/domain/opportunities/slug.ts'
import {
	checkTypedSlug,
	CreateQuestionInput,
	MoveQuestionInput,
	OpportunityQuestionsInput,
	QUESTION_MESSAGES,
	QuestionIdInput,
	ReorderQuestionsInput,
	UpdateQuestionInput,
	type QuestionFields,
} from './questions.schema.ts'

type Ctx = Pick<AppContext, 'db'>
/** Writes that drop artists' context files delete them from storage once committed. */
type WriteCtx = Pick<AppContext, 'db' | 'storage' | 'logger'>
type Tx = Prisma.TransactionClient

/*
 * An opportunity's application questions. Positions (order_index) are always exactly 0..n-1: every
 * write that adds, removes or moves a question runs in one transaction that first locks the
 * opportunity's row, so two admins editing the same list at once take turns instead of both reading
 * the old positions.
 */

export const questionSelect = {
	id: true,
	section: true,
	label: true,
	slug: true,
	type: true,
	required: true,
	helpText: true,
	limitType: true,
	limitValue: true,
	options: true,
	orderIndex: true,
} as const satisfies Prisma.OpportunityQuestionSelect

/** An opportunity's questions in the order the admin arranged (ties, before positions existed, by age). */
export const questionOrder: Prisma.OpportunityQuestionOrderByWithRelationInput[] = [{ orderIndex: 'asc' }, { createdAt: 'asc' }]

export type QuestionRow = Prisma.OpportunityQuestionGetPayload<{ select: typeof questionSelect }>

const slugTaken = () => new DomainError('INVALID', QUESTION_MESSAGES.slugTaken, { fieldErrors: { slug: [QUESTION_MESSAGES.slugTaken] } })

/** Takes the opportunity's write lock for this transaction; NOT_FOUND when there is no such opportunity. */
export async function lockOpportunity(tx: Tx, opportunityId: string) {
	const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM opportunities WHERE id = ${opportunityId}::uuid FOR UPDATE`
	if (!rows.length) throw new DomainError('NOT_FOUND', `Opportunity ${opportunityId} not found.`)
}

/** The opportunity's questions in order, read after the lock. */
async function orderedQuestions(tx: Tx, opportunityId: string) {
	return tx.opportunityQuestion.findMany({
		where: { opportunityId },
		orderBy: questionOrder,
		select: { id: true, slug: true },
	})
}

/** Writes positions 0..n-1 (and the legacy idx) in the given order, in one statement. */
async function writePositions(tx: Tx, questionIds: string[]) {
	if (!questionIds.length) return
	await tx.$executeRaw`
		UPDATE opportunity_questions AS q
		SET order_index = v.ord - 1, idx = v.ord - 1, updated_at = now()
		FROM unnest(${questionIds}::uuid[]) WITH ORDINALITY AS v(id, ord)
		WHERE q.id = v.id AND (q.order_index <> v.ord - 1 OR q.idx <> v.ord - 1)`
}

/**
 * The slug to store: the one typed (normalised to the slug alphabet), which must be free; or, when
 * none was typed, one generated from the label with -2, -3… until free (spec section 5).
 */
export function resolveSlug(typed: string, label: string, taken: readonly string[]): string {
	if (typed) {
		const { slug, problem } = checkTypedSlug(typed, taken)
		if (problem !== null) throw new DomainError('INVALID', problem, { fieldErrors: { slug: [problem] } })
		return slug
	}
	const base = slugifyQuestionLabel(label)
	if (!base) throw new DomainError('INVALID', QUESTION_MESSAGES.slugRequired, { fieldErrors: { slug: [QUESTION_MESSAGES.slugRequired] } })
	return uniqueSlug(base, taken)
}

/** The stored columns of a question's content, with the legacy duplicates (spec section 3). */
export function questionData(fields: Omit<QuestionFields, 'slug'>, orderIndex: number) {
	return {
		section: fields.section,
		label: fields.label,
		type: fields.type,
		required: fields.required,
		helpText: fields.helpText,
		limitType: fields.limitType,
		limitValue: fields.limitValue,
		options: fields.options,
		orderIndex,
		prompt: fields.label,
		idx: orderIndex,
		charLimit: fields.limitType === 'chars' ? fields.limitValue : null,
	}
}

/** Runs a write; the unique index on (opportunity_id, slug) answers the slug message, never a 500. */
async function mapSlugClash<T>(write: () => Promise<T>): Promise<T> {
	try {
		return await write()
	} catch (error) {
		if (isUniqueViolation(error)) throw slugTaken()
		throw error
	}
}

/**
 * Adds a question at the end of the list inside a transaction holding the opportunity's lock.
 * Returns it, and the storage keys of context files left at its slug by a deleted question
 * (dropped with their rows; the caller deletes them once committed).
 */
export async function appendQuestion(tx: Tx, opportunityId: string, fields: QuestionFields) {
	const existing = await orderedQuestions(tx, opportunityId)
	const slug = resolveSlug(fields.slug, fields.label, existing.map((q) => q.slug))
	// Positions are 0..n-1 under the lock, so "highest plus one" is the count.
	const question = await tx.opportunityQuestion.create({
		data: { opportunityId, slug, ...questionData(fields, existing.length) },
		select: questionSelect,
	})
	return { result: question, droppedFiles: await releaseQuestionSlug(tx, opportunityId, slug) }
}

/** Runs an admin's question write, then deletes the context files it dropped (ADR 017). */
export async function withDroppedFiles<T>(ctx: WriteCtx, write: () => Promise<{ result: T; droppedFiles: string[] }>): Promise<T> {
	const { result, droppedFiles } = await write()
	await deleteStoredObjects(ctx, droppedFiles)
	return result
}

export async function listQuestions(ctx: Ctx, actor: Actor, input: OpportunityQuestionsInput): Promise<QuestionRow[]> {
	assertAdmin(actor)
	const opportunityId = existingId(parseInput(OpportunityQuestionsInput, input).opportunityId, 'Opportunity')
	const opportunity = await ctx.db.opportunity.findUnique({
		where: { id: opportunityId },
		select: { questions: { orderBy: questionOrder, select: questionSelect } },
	})
	if (!opportunity) throw new DomainError('NOT_FOUND', `Opportunity ${opportunityId} not found.`)
	return opportunity.questions
}

export async function getQuestion(ctx: Ctx, actor: Actor, input: QuestionIdInput) {
	assertAdmin(actor)
	const questionId = existingId(parseInput(QuestionIdInput, input).questionId, 'Question')
	const question = await ctx.db.opportunityQuestion.findUnique({
		where: { id: questionId },
		select: { ...questionSelect, opportunityId: true },
	})
	if (!question) throw new DomainError('NOT_FOUND', `Question ${questionId} not found.`)
	return question
}

export async function createQuestion(ctx: WriteCtx, actor: Actor, input: CreateQuestionInput) {
	assertAdmin(actor)
	const { opportunityId: rawId, ...fields } = parseInput(CreateQuestionInput, input)
	const opportunityId = existingId(rawId, 'Opportunity')
	return withDroppedFiles(ctx, () =>
		mapSlugClash(() =>
			ctx.db.$transaction(async (tx) => {
				await lockOpportunity(tx, opportunityId)
				return appendQuestion(tx, opportunityId, fields)
			}),
		),
	)
}

/**
 * The questions of `questionId`'s opportunity, read once its row is locked; NOT_FOUND when the
 * question is gone (also once the lock is held) or is not one of `opportunityId`'s (when given).
 */
async function lockQuestionsOf(tx: Tx, questionId: string, opportunityId?: string) {
	const question = await tx.opportunityQuestion.findUnique({ where: { id: questionId }, select: { opportunityId: true } })
	if (!question || (opportunityId !== undefined && question.opportunityId !== opportunityId.toLowerCase())) {
		throw new DomainError('NOT_FOUND', `Question ${questionId} not found.`)
	}
	await lockOpportunity(tx, question.opportunityId)
	const questions = await orderedQuestions(tx, question.opportunityId)
	const index = questions.findIndex((q) => q.id === questionId)
	if (index < 0) throw new DomainError('NOT_FOUND', `Question ${questionId} not found.`)
	return { opportunityId: question.opportunityId, questions, index }
}

export async function updateQuestion(ctx: WriteCtx, actor: Actor, input: UpdateQuestionInput) {
	assertAdmin(actor)
	const { questionId: rawId, opportunityId, ...fields } = parseInput(UpdateQuestionInput, input)
	const questionId = existingId(rawId, 'Question')
	return withDroppedFiles(ctx, () =>
		mapSlugClash(() =>
			ctx.db.$transaction(async (tx) => {
				const { opportunityId: owner, questions, index } = await lockQuestionsOf(tx, questionId, opportunityId)
				const others = questions.filter((q) => q.id !== questionId).map((q) => q.slug)
				// Left empty, the slug stays as it is.
				const before = questions[index]!.slug
				const slug = fields.slug ? resolveSlug(fields.slug, fields.label, others) : before
				const result = await tx.opportunityQuestion.update({
					where: { id: questionId },
					data: { slug, ...questionData(fields, index) },
					select: questionSelect,
				})
				// The artists' notes and files, and their drafts' answers, follow the question to its new slug.
				return { result, droppedFiles: await moveQuestionSlug(tx, owner, before, slug) }
			}),
		),
	)
}

/** Deletes a question and closes the gap, so positions stay 0..n-1. */
export async function deleteQuestion(ctx: WriteCtx, actor: Actor, input: QuestionIdInput) {
	assertAdmin(actor)
	const parsed = parseInput(QuestionIdInput, input)
	const questionId = existingId(parsed.questionId, 'Question')
	await withDroppedFiles(ctx, () =>
		ctx.db.$transaction(async (tx) => {
			const { opportunityId, questions, index } = await lockQuestionsOf(tx, questionId, parsed.opportunityId)
			await tx.opportunityQuestion.delete({ where: { id: questionId } })
			await writePositions(
				tx,
				questions.filter((q) => q.id !== questionId).map((q) => q.id),
			)
			// The artists' notes and files for it go with it (drafts keep their answers' text).
			return { result: undefined, droppedFiles: await releaseQuestionSlug(tx, opportunityId, questions[index]!.slug) }
		}),
	)
}

/**
 * Saves the order the admin arranged. The list must be exactly the current questions: one added,
 * removed or repeated meanwhile is a CONFLICT, never a half-applied order.
 */
export async function reorderQuestions(ctx: Ctx, actor: Actor, input: ReorderQuestionsInput) {
	assertAdmin(actor)
	const parsed = parseInput(ReorderQuestionsInput, input)
	const opportunityId = existingId(parsed.opportunityId, 'Opportunity')
	const questionIds = parsed.questionIds.map((id) => id.toLowerCase())
	await ctx.db.$transaction(async (tx) => {
		await lockOpportunity(tx, opportunityId)
		const current = new Set((await orderedQuestions(tx, opportunityId)).map((q) => q.id))
		const sameSet = questionIds.length === current.size && new Set(questionIds).size === current.size && questionIds.every((id) => current.has(id))
		if (!sameSet) throw new DomainError('CONFLICT', QUESTION_MESSAGES.orderChanged)
		await writePositions(tx, questionIds)
	})
}

/** Moves a question one place up or down (the reorder without JavaScript); at either end nothing changes. */
export async function moveQuestion(ctx: Ctx, actor: Actor, input: MoveQuestionInput) {
	assertAdmin(actor)
	const parsed = parseInput(MoveQuestionInput, input)
	const questionId = existingId(parsed.questionId, 'Question')
	await ctx.db.$transaction(async (tx) => {
		const { questions, index } = await lockQuestionsOf(tx, questionId, parsed.opportunityId)
		const ids = questions.map((q) => q.id)
		const target = parsed.direction === 'up' ? index - 1 : index + 1
		if (target >= 0 && target < ids.length) [ids[index], ids[target]] = [ids[target]!, ids[index]!]
		await writePositions(tx, ids)
	})
}
