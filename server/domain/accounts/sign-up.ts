import type { AppContext } from '#server/context.ts'
import { hashPassword, verifyPassword } from '#server/auth/password.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import { limitRequests, limitSignInFailures } from '#server/domain/rate-limit.ts'
import { CONFIRM_PASSWORD_MESSAGE, ConfirmEmailInput, LINK_INVALID_MESSAGE, SignUpInput } from './accounts.schema.ts'
import { appUrl, findUsableEmailToken, issueEmailToken } from './email-tokens.ts'
import { accountExistsMessage, confirmEmailMessage } from './emails.ts'
import { signInWithEmailToken, type RequestMeta } from './sign-in.ts'

type Ctx = Pick<AppContext, 'db' | 'env' | 'jobs'>

/**
 * Creates an account (unconfirmed, with a profile) and e-mails a confirmation
 * link. An address that already has an account gets the same answer here and
 * an e-mail offering sign-in instead, so the form never tells a stranger which
 * addresses are registered.
 */
export async function signUp(ctx: Ctx, input: SignUpInput, meta: RequestMeta): Promise<void> {
	const { email, password } = parseInput(SignUpInput, input)
	await limitRequests(ctx, 'signup', { email, ip: meta.ip, now: meta.now })
	// Hashed before the lookup, so both answers take the same time.
	const hash = await hashPassword(password)
	const created = await createUnconfirmedUser(ctx, email, hash, meta.now)
	if (created) {
		const url = appUrl(ctx.env, '/auth/confirm', { token: created.token })
		await ctx.jobs.send('email.send', confirmEmailMessage({ to: email, url }))
	} else {
		const message = accountExistsMessage({
			to: email,
			signInUrl: appUrl(ctx.env, '/signin'),
			resetUrl: appUrl(ctx.env, '/forgot-password'),
		})
		await ctx.jobs.send('email.send', message)
	}
}

/** The new user and its confirmation token, or null when the address is taken (also by a concurrent sign-up). */
async function createUnconfirmedUser(ctx: Pick<AppContext, 'db'>, email: string, hash: string, now = new Date()) {
	try {
		return await ctx.db.$transaction(async (tx) => {
			const user = await tx.user.create({
				data: { email, password: { create: { hash } }, profile: { create: {} } },
				select: { id: true },
			})
			return { userId: user.id, token: await issueEmailToken(tx, user.id, 'confirm_email', now) }
		})
	} catch (error) {
		if ((error as { code?: unknown })?.code === 'P2002') return null
		throw error
	}
}

/**
 * Follows a confirmation link, given the password chosen at sign-up: confirms the address and signs
 * in. The link proves the mailbox; the password proves this is who signed up with it. Anyone can
 * sign up with someone else's address, and its owner, sent this link, would otherwise confirm an
 * account whose password a stranger holds. A wrong password counts as a failed sign-in and leaves
 * the link unused; who does not know it signs in with a magic link instead (which ends it).
 */
export async function confirmEmail(ctx: Pick<AppContext, 'db'>, input: ConfirmEmailInput, meta: RequestMeta) {
	const { token, password } = parseInput(ConfirmEmailInput, input)
	const now = meta.now ?? new Date()
	const link = await findUsableEmailToken(ctx, token, now)
	if (link?.purpose !== 'confirm_email') throw new DomainError('INVALID', LINK_INVALID_MESSAGE)
	const attempt = await limitSignInFailures(ctx, { email: link.email, ip: meta.ip, now })
	const account = await ctx.db.user.findUnique({ where: { email: link.email }, select: { password: { select: { hash: true } } } })
	if (!account?.password || !(await verifyPassword(account.password.hash, password))) {
		throw new DomainError('UNAUTHORIZED', CONFIRM_PASSWORD_MESSAGE, { fieldErrors: { password: [CONFIRM_PASSWORD_MESSAGE] } })
	}
	await attempt.succeeded()
	return signInWithEmailToken(ctx, { token }, 'confirm_email', now)
}
