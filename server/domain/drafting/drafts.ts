import type { AppContext } from '#server/context.ts'
import type { Prisma } from '#server/db/generated/client.ts'
import type { DraftStatus } from '#server/db/generated/enums.ts'
import { literalLike } from '#server/db/like.ts'
import type { Actor } from '#server/domain/actor.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import { deleteStoredObjects } from '#server/domain/files/delete-objects.ts'
import { existingId, isRecordId } from '#server/domain/ids.ts'
import { limitRegenerations } from '#server/domain/rate-limit.ts'
import {
	AnswerIdInput,
	UndoRegenerateInput,
	DRAFT_MESSAGES,
	DRAFTS_PAGE_SIZE,
	DraftIdInput,
	ListDraftsInput,
	SaveAnswerInput,
	SetDraftStatusInput,
} from './drafting.schema.ts'
import { draftDocument } from './export/document.ts'
import { notifyDraftChanged } from './progress.ts'

/*
 * An artist's drafts: the list, one draft's page, and what the artist does there (edit, regenerate,
 * undo, mark completed, delete, export). Every query is keyed by the actor's own id, so another
 * artist's draft or answer is simply not found, exactly as an id that does not exist.
 */

const notFound = () => new DomainError('NOT_FOUND', DRAFT_MESSAGES.notFound)

function draftId(input: unknown) {
	return existingId(parseInput(DraftIdInput, input).draftId, 'Draft')
}

/** Whether the draft is there and the actor's: an action that found no answer tells a deleted draft from a wrong answer id. */
export async function ownsDraft(ctx: Pick<AppContext, 'db'>, actor: Actor, input: { draftId: string }) {
	// Any string at all (it comes from the URL, in an error's handler): one that is no id is no draft.
	const id = input.draftId
	if (!isRecordId(id)) return false
	return (await ctx.db.draft.count({ where: { id: id.toLowerCase(), userId: actor.id } })) > 0
}

/** The drafts list (spec section 2): newest first, searched by title or organization, a page at a time. */
export async function listDrafts(ctx: Pick<AppContext, 'db'>, actor: Actor, input: ListDraftsInput) {
	const { q, page } = parseInput(ListDraftsInput, input)
	const text = literalLike(q)
	const where: Prisma.DraftWhereInput = {
		userId: actor.id,
		...(q
			? {
					OR: [
						{ title: { contains: text, mode: 'insensitive' } },
						{ organization: { contains: text, mode: 'insensitive' } },
						{ opportunityTitle: { contains: text, mode: 'insensitive' } },
					],
				}
			: {}),
	}
	const [total, drafts] = await Promise.all([
		ctx.db.draft.count({ where }),
		ctx.db.draft.findMany({
			where,
			orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
			skip: (page - 1) * DRAFTS_PAGE_SIZE,
			take: DRAFTS_PAGE_SIZE,
			select: {
				id: true,
				title: true,
				opportunityTitle: true,
				organization: true,
				status: true,
				model: true,
				createdAt: true,
				_count: { select: { answers: true } },
			},
		}),
	])
	return {
		q,
		page,
		pageCount: Math.max(1, Math.ceil(total / DRAFTS_PAGE_SIZE)),
		total,
		drafts: drafts.map(({ _count, createdAt, ...draft }) => ({ ...draft, createdAt: createdAt.toISOString(), answerCount: _count.answers })),
	}
}

/** One draft as its page shows it, readable from its snapshot whatever became of the opportunity. */
export async function getDraftForOwner(ctx: Pick<AppContext, 'db'>, actor: Actor, input: DraftIdInput) {
	const draft = await ctx.db.draft.findFirst({
		where: { id: draftId(input), userId: actor.id },
		select: {
			id: true,
			title: true,
			status: true,
			tone: true,
			model: true,
			error: true,
			createdAt: true,
			opportunityId: true,
			opportunityTitle: true,
			organization: true,
			deadline: true,
			opportunityUrl: true,
			opportunity: { select: { active: true, questions: { select: { slug: true } } } },
			answers: {
				orderBy: { idx: 'asc' },
				select: {
					id: true,
					slug: true,
					prompt: true,
					helpText: true,
					questionType: true,
					required: true,
					options: true,
					limitType: true,
					limitValue: true,
					status: true,
					modelAnswer: true,
					userEdit: true,
					previousText: true,
					undone: true,
					editRevision: true,
					error: true,
				},
			},
		},
	})
	if (!draft) throw notFound()
	const { opportunity, deadline, createdAt, answers, ...rest } = draft
	const liveSlugs = new Set(opportunity?.questions.map((question) => question.slug))
	return {
		...rest,
		createdAt: createdAt.toISOString(),
		deadline: deadline ? deadline.toISOString().slice(0, 10) : null,
		offline: draft.model === 'offline',
		/** Whether the opportunity's page (and its question context) can still be opened. */
		opportunityAvailable: Boolean(draft.opportunityId && opportunity?.active),
		answers: answers.map(({ modelAnswer, userEdit, previousText, editRevision, ...answer }) => ({
			...answer,
			text: userEdit ?? modelAnswer ?? '',
			/** Whether the opportunity still asks this question: only then has it a context to open. */
			questionAsked: liveSlugs.has(answer.slug),
			hasUndo: previousText !== null,
			revision: Number(editRevision),
		})),
	}
}
export type DraftView = Awaited<ReturnType<typeof getDraftForOwner>>

/** The draft a form named, as an id to match, or NOT_FOUND for the answer when it cannot be one. */
function namedDraft(draftId: string | undefined) {
	if (draftId === undefined) return undefined
	if (!isRecordId(draftId)) throw new DomainError('NOT_FOUND', 'Answer not found')
	return draftId.toLowerCase()
}

/** An answer of one of the actor's drafts (of `draftId`, when given), with its draft's status; NOT_FOUND otherwise. */
async function findOwnAnswer(ctx: Pick<AppContext, 'db'>, actor: Actor, { answerId, draftId }: { answerId: string; draftId?: string }) {
	const answer = await ctx.db.draftAnswer.findFirst({
		where: { id: existingId(answerId, 'Answer'), draftId: namedDraft(draftId), draft: { userId: actor.id } },
		select: { id: true, draftId: true, status: true, modelAnswer: true, userEdit: true, previousText: true, undone: true, editRevision: true, draft: { select: { status: true } } },
	})
	if (!answer) throw new DomainError('NOT_FOUND', 'Answer not found')
	return answer
}

/**
 * draft-answers/{answerId}: saves the artist's edit (`user_edit`). The UPDATE only applies a
 * revision newer than the stored one, so when autosaves arrive out of order the last edit still
 * wins; a late, older save returns `saved: false` and changes nothing. With `baseRevision` (the
 * revision the page loaded) a newer revision stored since by another page (`tab`: the one
 * that wrote it is kept beside it) refuses the save with CONFLICT rather than overwriting what
 * was saved there. The first edit of a draft makes it `in_progress` (PRODUCT.md, "Drafts"). An
 * answer still being written cannot be edited; a failed one can be written by hand.
 */
export async function saveAnswerEdit(ctx: Pick<AppContext, 'db'>, actor: Actor, input: SaveAnswerInput) {
	const { answerId, draftId, userEdit, revision, baseRevision, tab, viewerId } = parseInput(SaveAnswerInput, input)
	// Before any lookup: it tells nothing about the answer, only that the session is not the page's.
	if (viewerId !== undefined && viewerId !== actor.id) throw new DomainError('FORBIDDEN', DRAFT_MESSAGES.otherAccount)
	const id = existingId(answerId, 'Answer')
	const inDraft = namedDraft(draftId) ?? null
	const chosen = choicesIn(userEdit)
	// One statement, as autosave calls it every few seconds while someone types: find the answer
	// among this artist's own, save a newer revision, and mark the draft in progress on its first edit.
	const [row] = await ctx.db.$queryRaw<
		{
			answer_status: string
			draft_status: string
			stored_revision: bigint
			stored_tab: string | null
			shape_ok: boolean
			options: string[]
			question_type: string
			revision: bigint | null
			saved_draft_status: string | null
		}[]
	>`
		WITH own AS (
			SELECT a.id, a.draft_id, a.status::text AS answer_status, d.status::text AS draft_status,
			       a.edit_revision AS stored_revision, a.edit_tab AS stored_tab, a.options, a.question_type::text AS question_type,
			       -- A choice question takes its own options only (stored as the page sends them: one
			       -- option, or a JSON array of options), or nothing.
			       COALESCE(CASE a.question_type::text
			         WHEN 'multiple_choice' THEN ${userEdit} = '' OR ${userEdit} = ANY(a.options)
			         WHEN 'multi_select' THEN ${userEdit} = '' OR ${chosen}::text[] <@ a.options
			         ELSE true END, false) AS shape_ok
			FROM draft_answers a JOIN drafts d ON d.id = a.draft_id
			WHERE a.id = ${id}::uuid AND d.user_id = ${actor.id}::uuid AND (${inDraft}::uuid IS NULL OR a.draft_id = ${inDraft}::uuid)
			-- The row as the UPDATE will see it, when two saves race.
			FOR UPDATE OF a
		), saved AS (
			UPDATE draft_answers a
			SET user_edit = ${userEdit}, status = 'written', error = NULL, updated_at = now(),
				edit_revision = COALESCE(${revision ?? null}::bigint, a.edit_revision + 1), edit_tab = ${tab ?? null}
			FROM own
			WHERE a.id = own.id AND a.status <> 'pending' AND own.shape_ok
				AND (${revision ?? null}::bigint IS NULL OR a.edit_revision < ${revision ?? null}::bigint)
				AND (${baseRevision ?? null}::bigint IS NULL OR a.edit_revision <= ${baseRevision ?? null}::bigint OR a.edit_tab = ${tab ?? null})
			RETURNING a.edit_revision, a.draft_id
		), draft AS (
			UPDATE drafts d
			SET status = CASE WHEN d.status = 'draft' THEN 'in_progress'::draft_status ELSE d.status END, updated_at = now()
			FROM saved
			WHERE d.id = saved.draft_id
			RETURNING d.status::text AS status
		)
		SELECT own.answer_status, own.draft_status, own.stored_revision, own.stored_tab, own.shape_ok, own.options, own.question_type, (SELECT edit_revision FROM saved) AS revision,
		       (SELECT status FROM draft) AS saved_draft_status
		FROM own`
	if (!row) throw new DomainError('NOT_FOUND', 'Answer not found')
	if (row.answer_status === 'pending') throw new DomainError('CONFLICT', 'This answer is being written. Edit it once it appears.')
	if (!row.shape_ok) {
		// A multi-select holding a choice that is no longer an option (the admin renamed it): which to untick.
		const strays = row.question_type === 'multi_select' ? (chosen ?? []).filter((choice) => !row.options.includes(choice)) : []
		throw new DomainError('INVALID', strays.length ? DRAFT_MESSAGES.notOptions(strays) : DRAFT_MESSAGES.notAnOption)
	}
	if (row.revision === null) {
		// Not saved: another page's newer revision, or an older edit of this page arriving late (changes nothing).
		const ownRevision = tab !== undefined && row.stored_tab === tab
		if (!ownRevision && baseRevision !== undefined && row.stored_revision > BigInt(baseRevision)) throw new DomainError('CONFLICT', DRAFT_MESSAGES.changedElsewhere)
		return { saved: false as const, draftStatus: row.draft_status as DraftStatus }
	}
	return { saved: true as const, revision: Number(row.revision), draftStatus: (row.saved_draft_status ?? row.draft_status) as DraftStatus }
}

/** The options a multi_select answer names (a JSON array of strings), or null when it is not one. */
function choicesIn(text: string): string[] | null {
	try {
		const value: unknown = JSON.parse(text)
		return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : null
	} catch {
		return null
	}
}

function assertCanRewrite(status: string) {
	if (status === 'generating') throw new DomainError('CONFLICT', DRAFT_MESSAGES.notWhileGenerating)
	if (status === 'failed') {
		throw new DomainError('CONFLICT', 'This draft could not be written and its credit was returned. Generate a new draft from the opportunity.')
	}
}

/**
 * Regenerate one answer (no credit: PRODUCT.md). The text it replaces is kept for Undo; the
 * `draft.generate` job writes the new one, with the question's context from the opportunity and
 * from this draft's page. Regenerating again an answer nobody edited since keeps what Undo had:
 * two Regenerates in a row must not put a model's text where the artist's own words were.
 */
export async function regenerateAnswer(ctx: Pick<AppContext, 'db' | 'jobs'>, actor: Actor, input: AnswerIdInput) {
	const answer = await findOwnAnswer(ctx, actor, parseInput(AnswerIdInput, input))
	assertCanRewrite(answer.draft.status)
	if (answer.status === 'pending') return { answerId: answer.id, draftId: answer.draftId }
	await limitRegenerations(ctx, actor.id)
	const shown = answer.userEdit ?? answer.modelAnswer
	// An unedited regenerated answer (the model's, as it wrote it) gives way; what Undo brings back stays.
	const regeneratedAsWritten = answer.userEdit === null && answer.previousText !== null && !answer.undone
	const keep = answer.status === 'written' && shown !== null && !regeneratedAsWritten
	const started = await ctx.db.$transaction(async (tx) => {
		// Only the answer as read: a save or an Undo from another tab in between would otherwise be
		// replaced by the new text with nothing keeping it. Every write to an answer moves its revision.
		const { count } = await tx.draftAnswer.updateMany({
			where: { id: answer.id, status: answer.status, editRevision: answer.editRevision },
			data: { status: 'pending', error: null, undone: false, ...(keep ? { previousText: shown } : {}) },
		})
		if (count) await ctx.jobs.send('draft.generate', { draftId: answer.draftId }, { tx })
		return count > 0
	})
	if (!started) {
		// Pressed twice at once: the other press started it, which is what this one asked for.
		const now = await ctx.db.draftAnswer.findUnique({ where: { id: answer.id }, select: { status: true } })
		if (now?.status === 'pending') return { answerId: answer.id, draftId: answer.draftId }
		throw new DomainError('CONFLICT', DRAFT_MESSAGES.changedElsewhere)
	}
	await notifyDraftChanged(ctx.db, answer.draftId)
	return { answerId: answer.id, draftId: answer.draftId }
}

/**
 * Undo a Regenerate, and Redo it: the two texts change places, so neither is lost (the regenerated
 * one may have been edited since, and the artist's own words may be either). The text that comes
 * back is the artist's edit, in a revision no page wrote (so a page still showing the other one is
 * refused rather than saving over it). `undone` says which of the two the answer shows.
 */
export async function undoRegenerate(ctx: Pick<AppContext, 'db'>, actor: Actor, input: UndoRegenerateInput) {
	const { direction, ...which } = parseInput(UndoRegenerateInput, input)
	const answer = await findOwnAnswer(ctx, actor, which)
	if (answer.status !== 'written' || answer.previousText === null) throw new DomainError('CONFLICT', DRAFT_MESSAGES.noUndo)
	if (direction && (direction === 'redo') !== answer.undone) throw new DomainError('CONFLICT', DRAFT_MESSAGES.changedElsewhere)
	// The right-hand sides read the row as it was: a swap. A text that is the model's as it wrote it
	// comes back as the model's (no edit), so a Regenerate after Redo still keeps the other for Undo.
	// Only the answer as read: two presses at once, or a Regenerate or a save in between, change
	// places once or not at all.
	const swapped = await ctx.db.$executeRaw`
		UPDATE draft_answers
		SET user_edit = NULLIF(previous_text, model_answer), previous_text = COALESCE(user_edit, model_answer), undone = NOT undone,
			edit_revision = edit_revision + 1, edit_tab = NULL, updated_at = now()
		WHERE id = ${answer.id}::uuid AND status = 'written' AND edit_revision = ${answer.editRevision}`
	if (!swapped) throw new DomainError('CONFLICT', DRAFT_MESSAGES.changedElsewhere)
	await notifyDraftChanged(ctx.db, answer.draftId)
	return { answerId: answer.id, text: answer.previousText, undone: !answer.undone }
}

/** "Mark as completed", and back to in progress. */
export async function setDraftStatus(ctx: Pick<AppContext, 'db'>, actor: Actor, input: SetDraftStatusInput) {
	const { status } = parseInput(SetDraftStatusInput, input)
	const id = draftId(input)
	const draft = await ctx.db.draft.findFirst({ where: { id, userId: actor.id }, select: { status: true } })
	if (!draft) throw notFound()
	assertCanRewrite(draft.status)
	await ctx.db.draft.update({ where: { id }, data: { status } })
	return { draftId: id, status }
}

/** Deletes a draft with its answers and its own question context, stored files included. */
export async function deleteDraft(ctx: Pick<AppContext, 'db' | 'storage' | 'logger'>, actor: Actor, input: DraftIdInput) {
	const id = draftId(input)
	const files = await ctx.db.contextFile.findMany({ where: { context: { draftId: id, userId: actor.id } }, select: { storagePath: true } })
	const { count } = await ctx.db.draft.deleteMany({ where: { id, userId: actor.id } })
	if (!count) throw notFound()
	await deleteStoredObjects(
		ctx,
		files.map((file) => file.storagePath),
	)
	return { draftId: id }
}

/** What the text download and the exports print; PDF and Word are Pro's (PRODUCT.md, "Pro-only"). */
export async function getDraftDocument(ctx: Pick<AppContext, 'db'>, actor: Actor, input: DraftIdInput, { format }: { format: 'text' | 'pdf' | 'docx' }) {
	const draft = await getDraftForOwner(ctx, actor, input)
	if (format !== 'text') {
		const profile = await ctx.db.profile.findUnique({ where: { userId: actor.id }, select: { plan: true } })
		if (profile?.plan !== 'pro') throw new DomainError('LIMIT_EXCEEDED', DRAFT_MESSAGES.proOnly)
	}
	return draftDocument(draft)
}
