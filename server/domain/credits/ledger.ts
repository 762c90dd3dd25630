import type { Prisma } from '#server/db/generated/client.ts'
import type { CreditReason } from '#server/db/generated/enums.ts'
import { DomainError } from '#server/domain/errors.ts'

export type CreditChange = {
	userId: string
	/** Positive adds credits, negative spends them; never 0. */
	delta: number
	reason: CreditReason
	/** Who made the change, when a person did (an admin's adjustment). */
	actorId?: string | null
	draftId?: string | null
	stripeEventId?: string | null
	note?: string | null
}

const BALANCE_CHECK = 'profiles_credits_remaining_check'

/**
 * The one way credits change: the balance and its ledger row, inside the
 * caller's transaction so they commit together or not at all.
 *
 * The balance moves in a single UPDATE, so concurrent changes queue on the
 * row lock and each sees the balance the previous one left; the CHECK on
 * credits_remaining is the guard against spending what is not there. The
 * transaction is aborted by that violation, so callers cannot carry on with
 * it: the INVALID error is meant to end it.
 */
export async function changeCredits(tx: Prisma.TransactionClient, change: CreditChange): Promise<{ balanceAfter: number }> {
	const { userId, delta, reason } = change
	if (!Number.isInteger(delta) || delta === 0) throw new Error(`changeCredits needs a non-zero integer delta, got ${delta}`)
	let rows: { credits_remaining: number }[]
	try {
		rows = await tx.$queryRaw<{ credits_remaining: number }[]>`
			UPDATE profiles
			SET credits_remaining = credits_remaining + ${delta}, updated_at = now()
			WHERE user_id = ${userId}::uuid
			RETURNING credits_remaining`
	} catch (error) {
		if (violatesConstraint(error, BALANCE_CHECK)) {
			throw new DomainError('INVALID', 'Credits cannot go below 0.', { cause: error })
		}
		throw error
	}
	const [row] = rows
	if (!row) throw new DomainError('NOT_FOUND', `User ${userId} has no profile to hold credits.`)
	await tx.creditLedgerEntry.create({
		data: {
			userId,
			delta,
			balanceAfter: row.credits_remaining,
			reason,
			actorId: change.actorId ?? null,
			draftId: change.draftId ?? null,
			stripeEventId: change.stripeEventId ?? null,
			note: change.note ?? null,
		},
	})
	return { balanceAfter: row.credits_remaining }
}

/** A PostgreSQL CHECK violation (23514) of `constraint`, as Prisma's driver adapter reports it from a raw query. */
function violatesConstraint(error: unknown, constraint: string) {
	const cause = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; originalMessage?: unknown } } } })
		?.meta?.driverAdapterError?.cause
	return cause?.originalCode === '23514' && typeof cause.originalMessage === 'string' && cause.originalMessage.includes(`"${constraint}"`)
}
