import type { AppContext } from '#server/context.ts'
import type { Db } from '#server/db/client.ts'
import type { Prisma } from '#server/db/generated/client.ts'
import type { Actor } from '#server/domain/actor.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import { existingId } from '#server/domain/ids.ts'
import { DRAFT_MESSAGES, DraftIdInput, isDraftSettled } from './drafting.schema.ts'

/*
 * Live progress of a draft across processes: the worker that writes an answer sends a NOTIFY on
 * `draft_progress` with the draft's id; each web process LISTENs once and wakes the subscriptions
 * watching that draft, which re-read the rows. Nothing about a draft lives in process memory.
 */

export const DRAFT_CHANNEL = 'draft_progress'
/** Subscriptions re-read this often even without a notification (one sent while the connection was down is lost). */
const POLL_MS = 5_000

export async function notifyDraftChanged(db: Db | Prisma.TransactionClient, draftId: string) {
	await db.$executeRaw`SELECT pg_notify(${DRAFT_CHANNEL}, ${draftId})`
}

export type DraftProgress = {
	status: string
	/** Every answer's state and shown text (the artist's edit, else the model's). */
	answers: { id: string; status: string; text: string; error: string | null; hasUndo: boolean; undone: boolean; revision: number }[]
}

/** A draft's progress, for its owner only (anyone else: NOT_FOUND, as for an unknown id). */
export async function getDraftProgress(ctx: Pick<AppContext, 'db'>, actor: Actor, input: DraftIdInput): Promise<DraftProgress> {
	const { draftId } = parseInput(DraftIdInput, input)
	const draft = await ctx.db.draft.findFirst({
		where: { id: existingId(draftId, 'Draft'), userId: actor.id },
		select: {
			status: true,
			answers: { orderBy: { idx: 'asc' }, select: { id: true, status: true, modelAnswer: true, userEdit: true, error: true, previousText: true, undone: true, editRevision: true } },
		},
	})
	if (!draft) throw new DomainError('NOT_FOUND', DRAFT_MESSAGES.notFound)
	const answers = draft.answers.map((answer) => ({
		id: answer.id,
		status: answer.status,
		text: answer.userEdit ?? answer.modelAnswer ?? '',
		error: answer.error,
		hasUndo: answer.previousText !== null,
		undone: answer.undone,
		revision: Number(answer.editRevision),
	}))
	return { status: draft.status, answers }
}

/**
 * The draft's progress now, then each time it changes, until nothing is pending or the signal
 * aborts: the live draft page's subscription (tRPC over server-sent events). The first read happens
 * before the stream is returned, so an unknown or another's draft is refused as the call's own
 * error (NOT_FOUND), not as a failure inside the stream.
 */
export async function watchDraftProgress(
	ctx: Pick<AppContext, 'db' | 'notifications'>,
	actor: Actor,
	input: DraftIdInput,
	signal?: AbortSignal,
): Promise<AsyncGenerator<DraftProgress>> {
	const first = await getDraftProgress(ctx, actor, input)
	return followDraftProgress(ctx, actor, input, first, signal)
}

async function* followDraftProgress(
	ctx: Pick<AppContext, 'db' | 'notifications'>,
	actor: Actor,
	input: DraftIdInput,
	first: DraftProgress,
	signal?: AbortSignal,
): AsyncGenerator<DraftProgress> {
	let progress = first
	const { draftId } = parseInput(DraftIdInput, input)
	let wake: (() => void) | null = null
	const unsubscribe = await ctx.notifications.subscribe(DRAFT_CHANNEL, (payload) => {
		if (payload === draftId) wake?.()
	})
	const onAbort = () => wake?.()
	signal?.addEventListener('abort', onAbort)
	try {
		let last = ''
		while (!signal?.aborted) {
			const snapshot = JSON.stringify(progress)
			if (snapshot !== last) {
				last = snapshot
				yield progress
			}
			if (isDraftSettled(progress)) return
			await new Promise<void>((resolve) => {
				const timer = setTimeout(resolve, POLL_MS)
				wake = () => {
					clearTimeout(timer)
					resolve()
				}
			})
			wake = null
			if (signal?.aborted) return
			progress = await getDraftProgress(ctx, actor, input)
		}
	} finally {
		signal?.removeEventListener('abort', onAbort)
		unsubscribe()
	}
}
