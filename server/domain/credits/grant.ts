import type { AppContext } from '#server/context.ts'
import { changeCredits } from './ledger.ts'

export const FIRST_LOGIN_GRANT_MESSAGE = "You've received 1 free draft!"

/**
 * The free draft of the Free plan: one credit on the first sign-in (spec
 * section 4). The guarded UPDATE that claims the grant is the whole decision:
 * of two simultaneous first requests, the second waits for the first's row
 * lock, then finds first_login_grant already true and changes nothing. The
 * credit and its ledger row commit with the claim or not at all. Returns
 * whether this call granted the credit.
 */
export async function grantFirstLoginCredit(ctx: Pick<AppContext, 'db'>, userId: string): Promise<boolean> {
	return ctx.db.$transaction(async (tx) => {
		const claimed = await tx.$executeRaw`
			UPDATE profiles
			SET first_login_grant = true
			WHERE user_id = ${userId}::uuid AND first_login_grant = false AND credits_remaining = 0`
		if (claimed === 0) return false
		await changeCredits(tx, { userId, delta: 1, reason: 'first_login_grant' })
		return true
	})
}
