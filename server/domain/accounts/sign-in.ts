import type { AppContext } from '#server/context.ts'
import { hashPassword, verifyPassword } from '#server/auth/password.ts'
import { createSession, invalidateAllSessions, invalidateSession } from '#server/auth/session.server.ts'
import { grantFirstLoginCredit } from '#server/domain/credits/grant.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import { limitSignInFailures } from '#server/domain/rate-limit.ts'
import type { EmailTokenPurpose } from '#server/db/generated/enums.ts'
import { EmailTokenInput, SignInInput } from './accounts.schema.ts'
import { consumeEmailToken } from './email-tokens.ts'

/** Who is asking, for the attempt limits, and the clock (tests pass it in). */
export type RequestMeta = { ip: string; now?: Date }

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid login credentials'
export const EMAIL_NOT_CONFIRMED_MESSAGE =
	'Please confirm your e-mail address first: follow the link in the e-mail we sent you, or sign in with a magic link.'

export type SignedIn = {
	userId: string
	/** The new session's cookie token and expiry. */
	session: { token: string; expiresAt: Date }
	/** True when this sign-in was the first and granted the free draft. */
	grantedFreeDraft: boolean
	onboardingCompleted: boolean
	/** True when a sign-in link confirmed the address and so ended the password given at sign-up. */
	passwordDropped?: boolean
}

/** Told to whoever a sign-in link confirmed, whose sign-up password it ended. */
export const PASSWORD_DROPPED_MESSAGE = 'Your e-mail address is confirmed. To sign in with a password, choose one from your Account page.'

/** Every way of signing in ends here: a new session, and the free draft on the first sign-in. */
export async function startSession(ctx: Pick<AppContext, 'db'>, userId: string, now = new Date()): Promise<SignedIn> {
	const session = await createSession(ctx.db, userId, now)
	const grantedFreeDraft = await grantFirstLoginCredit(ctx, userId)
	const profile = await ctx.db.profile.findUnique({ where: { userId }, select: { onboardingCompleted: true } })
	return { userId, session, grantedFreeDraft, onboardingCompleted: profile?.onboardingCompleted ?? false }
}

/**
 * Signs in with the token of an e-mailed link (confirmation or magic link),
 * using it up. A link that reached the inbox proves the address, so it also
 * confirms it.
 */
export async function signInWithEmailToken(
	ctx: Pick<AppContext, 'db'>,
	input: EmailTokenInput,
	purpose: Extract<EmailTokenPurpose, 'confirm_email' | 'magic_link'>,
	now = new Date(),
) {
	const { token } = parseInput(EmailTokenInput, input)
	const { userId, passwordDropped } = await ctx.db.$transaction(async (tx) => {
		const userId = await consumeEmailToken(tx, token, purpose, now)
		const firstProof = await markEmailVerified(tx, userId, now)
		// The password of an account not yet confirmed was chosen by whoever signed up with the address,
		// who may not own it (someone can sign up with another's address first). Its owner proving it
		// with a sign-in link, which asks for no password (the confirmation link does), ends that
		// password and any session, as a reset would: the Account page sets one of theirs.
		if (!firstProof || purpose !== 'magic_link') return { userId, passwordDropped: false }
		const { count } = await tx.password.deleteMany({ where: { userId } })
		await invalidateAllSessions(tx, userId)
		return { userId, passwordDropped: count > 0 }
	})
	return { ...(await startSession(ctx, userId, now)), passwordDropped }
}

/** Any link that reached the inbox proves the address; the first proof is kept. True when this was it. */
export async function markEmailVerified(db: Pick<AppContext['db'], 'user'>, userId: string, now = new Date()) {
	const { count } = await db.user.updateMany({ where: { id: userId, emailVerifiedAt: null }, data: { emailVerifiedAt: now } })
	return count > 0
}

// Verifying against this when the e-mail is unknown costs the same time as a
// real check, so response times do not tell which addresses have accounts.
let dummyHash: Promise<string> | undefined

export async function signInWithPassword(ctx: Pick<AppContext, 'db'>, input: SignInInput, meta: RequestMeta): Promise<SignedIn> {
	const { email, password } = parseInput(SignInInput, input)
	const attempt = await limitSignInFailures(ctx, { email, ip: meta.ip, now: meta.now })
	const user = await ctx.db.user.findUnique({
		where: { email },
		select: { id: true, emailVerifiedAt: true, password: { select: { hash: true } } },
	})
	dummyHash ??= hashPassword('callboard-timing-equaliser')
	const valid = await verifyPassword(user?.password?.hash ?? (await dummyHash), password)
	if (!user?.password || !valid) throw new DomainError('UNAUTHORIZED', INVALID_CREDENTIALS_MESSAGE)
	// The right password: not a failure, whether or not the address is confirmed yet.
	await attempt.succeeded()
	// Said only to someone who knows the password, so it reveals nothing to anyone else.
	if (!user.emailVerifiedAt) throw new DomainError('FORBIDDEN', EMAIL_NOT_CONFIRMED_MESSAGE)
	return startSession(ctx, user.id, meta.now)
}

export async function signOut(ctx: Pick<AppContext, 'db'>, sessionId: string) {
	await invalidateSession(ctx.db, sessionId)
}

/** Signs a user out on every device (after a password reset, or on request). */
export async function revokeAllSessions(ctx: Pick<AppContext, 'db'>, userId: string) {
	await invalidateAllSessions(ctx.db, userId)
}
