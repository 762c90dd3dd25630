import type { AppContext } from '#server/context.ts'

export const FIRST_LOGIN_GRANT_MESSAGE = "You've received 1 free draft!"

/**
 * The free draft of the Free plan: one credit on the first sign-in (spec
 * section 4). The guarded UPDATE is the whole decision: of two simultaneous
 * first requests, the second waits for the first's row lock, then finds
 * first_login_grant already true and changes nothing. The ledger row commits
 * with it or not at all. Returns whether this call granted the credit.
 */
export async function grantFirstLoginCredit(ctx: Pick<AppContext, 'db'>, userId: string): Promise<boolean> {
	return ctx.db.$transaction(async (tx) => {
		const [granted] = await tx.$queryRaw<{ credits_remaining: number }[]>`
			UPDATE profiles
			SET credits_remaining = credits_remaining + 1, first_login_grant = true, updated_at = now()
			WHERE user_id = ${userId}::uuid AND first_login_grant = false AND credits_remaining = 0
			RETURNING credits_remaining`
		if (!granted) return false
		await tx.creditLedgerEntry.create({
			data: { userId, delta: 1, balanceAfter: granted.credits_remaining, reason: 'first_login_grant' },
		})
		return true
	})
}
