import type { AppContext } from '#server/context.ts'
import { parseInput } from '#server/domain/errors.ts'
import { limitAttempts } from '#server/domain/rate-limit.ts'
import { EmailLinkRequestInput, EmailTokenInput } from './accounts.schema.ts'
import { appUrl, consumeEmailToken, issueEmailToken } from './email-tokens.ts'
import { magicLinkMessage } from './emails.ts'
import { startSession, type RequestMeta } from './sign-in.ts'
import { markEmailVerified } from './sign-up.ts'

/**
 * E-mails a sign-in link valid for 15 minutes. The answer is the same whether
 * or not the address has an account; without one, nothing is created or sent.
 */
export async function requestMagicLink(
	ctx: Pick<AppContext, 'db' | 'env' | 'jobs'>,
	input: EmailLinkRequestInput,
	meta: RequestMeta,
): Promise<void> {
	const { email } = parseInput(EmailLinkRequestInput, input)
	await limitAttempts(ctx, 'magic-link', { email, ip: meta.ip, now: meta.now })
	const user = await ctx.db.user.findUnique({ where: { email }, select: { id: true } })
	if (!user) return
	const token = await issueEmailToken(ctx.db, user.id, 'magic_link', meta.now)
	await ctx.jobs.send('email.send', magicLinkMessage({ to: email, url: appUrl(ctx.env, '/auth/magic', { token }) }))
}

/** Uses a magic link: signs the user in, and confirms the address it was sent to. */
export async function signInWithMagicLink(
	ctx: Pick<AppContext, 'db'>,
	input: EmailTokenInput,
	{ now = new Date() }: { now?: Date } = {},
) {
	const { token } = parseInput(EmailTokenInput, input)
	const userId = await ctx.db.$transaction(async (tx) => {
		const userId = await consumeEmailToken(tx, token, 'magic_link', now)
		await markEmailVerified(tx, userId, now)
		return userId
	})
	return startSession(ctx, userId, now)
}
