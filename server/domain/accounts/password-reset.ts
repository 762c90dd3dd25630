import type { AppContext } from '#server/context.ts'
import { hashPassword } from '#server/auth/password.ts'
import { invalidateAllSessions } from '#server/auth/session.server.ts'
import { parseInput } from '#server/domain/errors.ts'
import { ResetPasswordInput, type EmailLinkRequestInput } from './accounts.schema.ts'
import { requestEmailLink } from './email-links.ts'
import { consumeEmailToken } from './email-tokens.ts'
import { markEmailVerified, startSession, type RequestMeta } from './sign-in.ts'

/** Asks for a link to choose a new password, valid for 1 hour; same answer and same work for unknown addresses, which get nothing. */
export async function requestPasswordReset(
	ctx: Pick<AppContext, 'db' | 'jobs'>,
	input: EmailLinkRequestInput,
	meta: RequestMeta,
): Promise<void> {
	await requestEmailLink(ctx, input, meta, 'password_reset')
}

/**
 * Sets a new password from a reset link. Every existing session ends (whoever
 * knew the old password is signed out), and the user gets a fresh one.
 */
export async function resetPassword(ctx: Pick<AppContext, 'db'>, input: ResetPasswordInput, { now = new Date() }: { now?: Date } = {}) {
	const { token, password } = parseInput(ResetPasswordInput, input)
	const hash = await hashPassword(password)
	const userId = await ctx.db.$transaction(async (tx) => {
		const userId = await consumeEmailToken(tx, token, 'password_reset', now)
		await tx.password.upsert({ where: { userId }, create: { userId, hash }, update: { hash } })
		await markEmailVerified(tx, userId, now)
		await invalidateAllSessions(tx, userId)
		return userId
	})
	return startSession(ctx, userId, now)
}
