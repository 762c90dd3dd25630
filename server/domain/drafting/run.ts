import pLimit from 'p-limit'
import type { AppContext } from '#server/context.ts'
import { tryAdvisoryLock, unheldAdvisoryLocks } from '#server/db/advisory-lock.ts'
import type { Prisma } from '#server/db/generated/client.ts'
import { changeCredits } from '#server/domain/credits/ledger.ts'
import type { AnswerResult } from '#server/integrations/ai/types.ts'
import { countIn, cutToLimit, isLimitedType, shapeAnswer } from './answer-fit.ts'
import { draftLockKey } from './draft-lock.ts'
import { DRAFT_MESSAGES } from './drafting.schema.ts'
import { loadAnswerContext, loadDraftRun, type DraftRun } from './grounding.ts'
import { notifyDraftChanged } from './progress.ts'

/*
 * The `draft.generate` job: writes a draft's pending answers (all of them for a new draft; one for
 * a Regenerate), several at once, then settles the draft's status.
 *
 * Only one process works on a draft at a time: it holds the draft's advisory lock on a connection of
 * its own for the whole run. If the process dies, PostgreSQL drops the lock with the connection, and
 * the `draft.recover` sweep (every minute, and when a worker starts) queues the draft again; the
 * next run picks up exactly the answers still pending. Each answer is written by a guarded UPDATE
 * (`status = 'pending'`), so none is written twice, and the credit is only ever refunded through
 * the `credit_spent` flag, so never twice.
 */

type Ctx = Pick<AppContext, 'db' | 'databaseUrl' | 'storage' | 'logger' | 'drafter' | 'jobs' | 'env'>

/** Runs a draft may start before it gives up and says so (a draft that crashes its worker must not loop forever). */
export const MAX_GENERATION_ATTEMPTS = 3
/** When another process holds the draft, look again after this long, in case it finished before seeing new work. */
const BUSY_RETRY_SECONDS = 5
/** Drafts one recovery sweep looks at; the next sweep takes the rest. */
const RECOVER_BATCH = 500

export type RunOutcome = 'done' | 'busy' | 'missing'

export async function runDraftGeneration(ctx: Ctx, draftId: string): Promise<RunOutcome> {
	const lock = await tryAdvisoryLock(ctx.databaseUrl, draftLockKey(draftId))
	if (!lock) {
		await ctx.jobs.send('draft.generate', { draftId }, { startAfterSeconds: BUSY_RETRY_SECONDS })
		return 'busy'
	}
	try {
		const started = await startAttempt(ctx, draftId)
		if (!started) return 'missing'
		if (started.generationAttempts > MAX_GENERATION_ATTEMPTS) {
			ctx.logger.error({ draftId, attempts: started.generationAttempts }, 'draft generation gave up after repeated failures')
			await ctx.db.draftAnswer.updateMany({ where: { draftId, status: 'pending' }, data: { status: 'failed', error: DRAFT_MESSAGES.gaveUp } })
		}
		// Answers asked for while this run works (a Regenerate) are picked up before the lock is let go.
		for (let round = 0; round < 10; round++) {
			const run = await loadDraftRun(ctx, draftId)
			if (!run) return 'missing'
			const pending = await ctx.db.draftAnswer.findMany({ where: { draftId, status: 'pending' }, orderBy: { idx: 'asc' }, select: { id: true, slug: true, previousText: true } })
			if (!pending.length) break
			const limit = pLimit(ctx.env.DRAFT_CONCURRENCY)
			await Promise.all(pending.map((answer) => limit(() => writeAnswer(ctx, run, answer))))
		}
		await settleDraft(ctx, draftId)
		await ctx.db.draft.updateMany({ where: { id: draftId }, data: { generationAttempts: 0 } })
		return 'done'
	} finally {
		await lock.release()
	}
}

/**
 * Counts this run against the draft's attempts (reset when a run settles it, so the count is of
 * runs in a row that never finished); null when the draft is gone.
 */
async function startAttempt(ctx: Ctx, draftId: string) {
	const [row] = await ctx.db.$queryRaw<{ generation_attempts: number }[]>`
		UPDATE drafts SET generation_attempts = generation_attempts + 1 WHERE id = ${draftId}::uuid
		RETURNING generation_attempts`
	return row ? { generationAttempts: row.generation_attempts } : null
}

async function writeAnswer(ctx: Ctx, run: DraftRun, answer: { id: string; slug: string; previousText: string | null }) {
	// By id: the slug read with the run may have changed since (an admin renamed the question; its
	// contexts moved with it, to the slug read with the answer).
	const questionIndex = run.answerIds.indexOf(answer.id)
	const question = run.grounding.questions[questionIndex]!
	let text: string
	let tokensUsed = 0
	let model: string
	try {
		const context = await loadAnswerContext(ctx, run, answer.slug)
		const request = { grounding: run.grounding, questionIndex, context, tier: run.tier, replacing: answer.previousText ?? undefined }
		const first = await ctx.drafter.writeAnswer(request)
		tokensUsed += first.tokensUsed
		model = first.model
		text = shapeAnswer(question, first.text, { urls: run.profileUrls })
		const { limitType, limitValue } = question
		if (limitType && limitValue && isLimitedType(question.type) && countIn(limitType, text) > limitValue) {
			// Over the limit: the model gets one chance to rewrite it, then it is cut at a sentence.
			const refit: AnswerResult = await ctx.drafter.refitAnswer({ ...request, answer: text, count: countIn(limitType, text) })
			tokensUsed += refit.tokensUsed
			text = cutToLimit(shapeAnswer(question, refit.text, { urls: run.profileUrls }), limitType, limitValue)
		}
	} catch (error) {
		ctx.logger.warn({ err: error, draftId: run.draftId, answerId: answer.id }, 'an answer could not be written')
		await ctx.db.draftAnswer.updateMany({
			where: { id: answer.id, status: 'pending' },
			data: { status: 'failed', error: DRAFT_MESSAGES.answerFailed, tokensUsed: { increment: tokensUsed } },
		})
		await notifyDraftChanged(ctx.db, run.draftId)
		return
	}
	// Guarded: a run that lost its lock (and was overtaken by another) cannot write an answer twice.
	const written = await ctx.db.draftAnswer.updateMany({
		where: { id: answer.id, status: 'pending' },
		// A new revision that no page wrote: a page still showing the text before it is refused, not saved over it.
		data: {
			status: 'written',
			modelAnswer: text,
			userEdit: null,
			error: null,
			tokensUsed: { increment: tokensUsed },
			editRevision: { increment: 1 },
			editTab: null,
			// A Regenerate that came back with the very text it replaced has nothing for Undo to bring back.
			...(text === answer.previousText ? { previousText: null } : {}),
		},
	})
	if (written.count) {
		ctx.logger.debug({ draftId: run.draftId, answerId: answer.id, model, tokensUsed }, 'answer written')
		await notifyDraftChanged(ctx.db, run.draftId)
	}
}

/**
 * Once nothing is pending, a draft still `generating` becomes `draft` (or `in_progress` when the
 * artist already edited an answer), or `failed` when no answer could be written, which gives its
 * credit back through the ledger (`draft_refund`), once.
 */
async function settleDraft(ctx: Ctx, draftId: string) {
	await ctx.db.$transaction(async (tx: Prisma.TransactionClient) => {
		const [draft] = await tx.$queryRaw<{ status: string; credit_spent: boolean; user_id: string }[]>`
			SELECT status, credit_spent, user_id FROM drafts WHERE id = ${draftId}::uuid FOR UPDATE`
		if (!draft || draft.status !== 'generating') return
		const answers = await tx.draftAnswer.findMany({ where: { draftId }, select: { status: true, userEdit: true } })
		if (answers.some((answer) => answer.status === 'pending')) return
		if (answers.some((answer) => answer.status === 'written')) {
			const edited = answers.some((answer) => answer.userEdit !== null)
			await tx.draft.update({ where: { id: draftId }, data: { status: edited ? 'in_progress' : 'draft', error: null } })
			return
		}
		await tx.draft.update({ where: { id: draftId }, data: { status: 'failed', error: DRAFT_MESSAGES.failed, creditSpent: false } })
		if (draft.credit_spent) await changeCredits(tx, { userId: draft.user_id, delta: 1, reason: 'draft_refund', draftId })
	})
	await notifyDraftChanged(ctx.db, draftId)
}

/**
 * The `draft.recover` job: queues again every draft with work left (still generating, or an answer
 * pending) that no process is working on, i.e. whose advisory lock nobody holds. Runs every minute
 * and when a worker starts, so a crash or a restart delays a draft by a minute at most.
 */
export async function recoverDrafts(ctx: Pick<AppContext, 'db' | 'jobs' | 'logger'>) {
	const rows = await ctx.db.$queryRaw<{ id: string }[]>`
		(SELECT id FROM drafts WHERE status = 'generating'
		 UNION
		 SELECT draft_id FROM draft_answers WHERE status = 'pending')
		LIMIT ${RECOVER_BATCH}`
	const free = new Set(await unheldAdvisoryLocks(ctx.db, rows.map((row) => draftLockKey(row.id))))
	const orphaned = rows.map((row) => row.id).filter((id) => free.has(draftLockKey(id)))
	// One queued job per draft at most (the queue's singleton key), however often this runs.
	for (const draftId of orphaned) await ctx.jobs.send('draft.generate', { draftId })
	if (orphaned.length) ctx.logger.info({ drafts: orphaned }, 'unfinished drafts queued again')
	return orphaned
}
