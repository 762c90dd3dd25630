import type { AppContext } from '#server/context.ts'
import { hashPassword } from '#server/auth/password.ts'
import { parseInput } from '#server/domain/errors.ts'
import { limitAttempts } from '#server/domain/rate-limit.ts'
import { EmailLinkRequestInput, ResetPasswordInput } from './accounts.schema.ts'
import { appUrl, consumeEmailToken, issueEmailToken } from './email-tokens.ts'
import { passwordResetMessage } from './emails.ts'
import { startSession, type RequestMeta } from './sign-in.ts'
import { markEmailVerified } from './sign-up.ts'

/** E-mails a link to choose a new password, valid for 1 hour; same answer for unknown addresses, which get nothing. */
export async function requestPasswordReset(
	ctx: Pick<AppContext, 'db' | 'env' | 'jobs'>,
	input: EmailLinkRequestInput,
	meta: RequestMeta,
): Promise<void> {
	const { email } = parseInput(EmailLinkRequestInput, input)
	await limitAttempts(ctx, 'password-reset', { email, ip: meta.ip, now: meta.now })
	const user = await ctx.db.user.findUnique({ where: { email }, select: { id: true } })
	if (!user) return
	const token = await issueEmailToken(ctx.db, user.id, 'password_reset', meta.now)
	await ctx.jobs.send('email.send', passwordResetMessage({ to: email, url: appUrl(ctx.env, '/reset-password', { token }) }))
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
		await tx.session.deleteMany({ where: { userId } })
		return userId
	})
	return startSession(ctx, userId, now)
}
