import type { AppContext } from '#server/context.ts'
import { hashPassword } from '#server/auth/password.ts'
import { parseInput } from '#server/domain/errors.ts'
import { limitRequests } from '#server/domain/rate-limit.ts'
import { type EmailTokenInput, SignUpInput } from './accounts.schema.ts'
import { appUrl, issueEmailToken } from './email-tokens.ts'
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

/** Follows a confirmation link: confirms the address and signs the user in. */
export async function confirmEmail(ctx: Pick<AppContext, 'db'>, input: EmailTokenInput, { now = new Date() }: { now?: Date } = {}) {
	return signInWithEmailToken(ctx, input, 'confirm_email', now)
}
