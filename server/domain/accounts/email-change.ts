import type { AppContext } from '#server/context.ts'
import type { Prisma } from '#server/db/generated/client.ts'
import { invalidateAllSessions } from '#server/auth/session.server.ts'
import type { Actor } from '#server/domain/actor.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import { isUniqueViolation } from '#server/domain/ids.ts'
import { hashToken } from '#server/auth/tokens.ts'
import { limitRequests } from '#server/domain/rate-limit.ts'
import { ACCOUNT_MESSAGES, ChangeEmailInput, EmailTokenInput, LINK_INVALID_MESSAGE } from './accounts.schema.ts'
import { appUrl, claimEmailToken, findUsableEmailToken, issueEmailToken } from './email-tokens.ts'
import { emailChangeApproveMessage, emailChangeConfirmMessage, emailChangedMessage, emailInUseMessage } from './emails.ts'
import { startSession, type RequestMeta } from './sign-in.ts'

/*
 * Moving an account to another e-mail address (ADR 028). Both mailboxes must agree, in turn: the
 * current one first (whoever holds a borrowed session alone cannot move the account to an address
 * they own, then reset its password), then the new one (an address mistyped, or someone else's,
 * never becomes the account's). Whether the new address already has an account never shows on a
 * page: the new address is told instead. The move signs out every session, as a password reset does.
 */

/** Where both links lead: a page that shows what the link does, and a button that does it (a GET never uses a link up). */
export const EMAIL_CHANGE_PATH = '/account/email'

type Ctx = Pick<AppContext, 'db' | 'env' | 'jobs'>

const EMAIL_CHANGE_PURPOSES = ['email_change_approve', 'email_change_confirm'] as const

/** Ends every link of the account's e-mail change that still works; returns how many there were. */
async function endEmailChangeLinks(db: Pick<Prisma.TransactionClient, 'emailToken'>, userId: string, now = new Date()) {
	const { count } = await db.emailToken.updateMany({
		where: { userId, usedAt: null, expiresAt: { gt: now }, purpose: { in: [...EMAIL_CHANGE_PURPOSES] } },
		data: { usedAt: now },
	})
	return count
}

/*
 * Every step of a change (asking, agreeing, confirming, cancelling) first locks the account's user
 * row, so they take turns, in the order an account deletion locks too (the user row, then what
 * hangs from it): a cancel never misses the link an approval is issuing, and nothing deadlocks.
 */
async function lockAccount(tx: Prisma.TransactionClient, userId: string) {
	await tx.$executeRaw`SELECT 1 FROM users WHERE id = ${userId}::uuid FOR UPDATE`
}

/** lockAccount for the account a link belongs to, before the link is claimed (nothing, for an unknown link). */
async function lockAccountOfLink(tx: Prisma.TransactionClient, token: string) {
	await tx.$executeRaw`SELECT 1 FROM users u JOIN email_tokens t ON t.user_id = u.id WHERE t.token_hash = ${hashToken(token)} FOR UPDATE OF u`
}

/**
 * The move may wait for a checkout that is creating the artist's Stripe customer (it holds the
 * profile's row across Stripe's call, up to 30 s: billing/checkout.ts), so it gets as long.
 */
const MOVE_TRANSACTION = { maxWait: 15_000, timeout: 45_000 }

/** Asks to move the account: e-mails the current address a link to agree. Counted per account and client address. */
export async function requestEmailChange(ctx: Ctx, actor: Actor, input: ChangeEmailInput, meta: RequestMeta) {
	const { newEmail } = parseInput(ChangeEmailInput, input)
	const { email } = await ctx.db.user.findUniqueOrThrow({ where: { id: actor.id }, select: { email: true } })
	if (newEmail === email) throw new DomainError('INVALID', ACCOUNT_MESSAGES.sameEmail, { fieldErrors: { newEmail: [ACCOUNT_MESSAGES.sameEmail] } })
	await limitRequests(ctx, 'email-change', { email, ip: meta.ip, now: meta.now })
	await ctx.db.$transaction(async (tx) => {
		// Two requests at once (a double submit) take turns here, so the second ends the first's links.
		await lockAccount(tx, actor.id)
		// One change at a time: the links of an earlier one (a mistyped address, approved already) stop working.
		await endEmailChangeLinks(tx, actor.id, meta.now)
		const token = await issueEmailToken(tx, actor.id, 'email_change_approve', meta.now, newEmail)
		await ctx.jobs.send('email.send', emailChangeApproveMessage({ to: email, newEmail, url: appUrl(ctx.env, EMAIL_CHANGE_PATH, { token }) }), { tx })
	})
	return { email, newEmail }
}

/**
 * The current address agreed: e-mails the new one a link to confirm it, or, when it already has an
 * account, a notice that says so (the page says the same either way). Returns the new address.
 */
export async function approveEmailChange(ctx: Ctx, input: EmailTokenInput, now = new Date()) {
	const { token } = parseInput(EmailTokenInput, input)
	return ctx.db.$transaction(async (tx) => {
		await lockAccountOfLink(tx, token)
		const { userId, newEmail } = await claimEmailToken(tx, token, 'email_change_approve', now)
		if (!newEmail) throw new DomainError('INVALID', LINK_INVALID_MESSAGE)
		// Issued either way, so the account page shows the same waiting change (findPendingEmailChange);
		// only an address without an account gets it. Confirming the other would be refused as taken.
		const confirmation = await issueEmailToken(tx, userId, 'email_change_confirm', now, newEmail)
		const taken = await tx.user.findUnique({ where: { email: newEmail }, select: { id: true } })
		const message = taken
			? emailInUseMessage({ to: newEmail, signInUrl: appUrl(ctx.env, '/signin') })
			: emailChangeConfirmMessage({ to: newEmail, url: appUrl(ctx.env, EMAIL_CHANGE_PATH, { token: confirmation }) })
		await ctx.jobs.send('email.send', message, { tx })
		return { newEmail }
	})
}

/**
 * The new address confirmed: the account moves there, every session and every link still out ends,
 * the old address is told, the Stripe customer (if any) takes the new address, and this browser gets a fresh session (after the commit, as a password
 * reset's: if that fails, the move stands and the artist signs in with the new address). An address
 * taken since (another account signed up with it) changes nothing: INVALID, and the link stays unused.
 */
export async function confirmEmailChange(ctx: Ctx, input: EmailTokenInput, now = new Date()) {
	const { token } = parseInput(EmailTokenInput, input)
	let moved: { userId: string; newEmail: string }
	try {
		moved = await ctx.db.$transaction(async (tx) => {
			await lockAccountOfLink(tx, token)
			const { userId, newEmail } = await claimEmailToken(tx, token, 'email_change_confirm', now)
			if (!newEmail) throw new DomainError('INVALID', LINK_INVALID_MESSAGE)
			const { email: oldEmail } = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } })
			// A checkout creating the artist's Stripe customer holds this row: the move waits for it, and
			// one that starts now reads the new address (billing/checkout.ts, ensureCustomer).
			const [billing] = await tx.$queryRaw<{ stripe_customer_id: string | null }[]>`
				SELECT stripe_customer_id FROM profiles WHERE user_id = ${userId}::uuid FOR UPDATE`
			await tx.user.update({ where: { id: userId }, data: { email: newEmail, emailVerifiedAt: now } })
			await invalidateAllSessions(tx, userId)
			// Every link still out (a magic link or a reset sent to the old address, another change) stops working.
			await tx.emailToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } })
			await ctx.jobs.send('email.send', emailChangedMessage({ to: oldEmail, newEmail }), { tx })
			// Receipts and invoices follow the account.
			if (billing?.stripe_customer_id) await ctx.jobs.send('billing.customer-email', { userId }, { tx })
			return { userId, newEmail }
		}, MOVE_TRANSACTION)
	} catch (error) {
		if (isUniqueViolation(error)) throw new DomainError('INVALID', ACCOUNT_MESSAGES.emailTaken)
		throw error
	}
	return { newEmail: moved.newEmail, signedIn: await startSession(ctx, moved.userId, now) }
}

/** What an e-mail change link would do, without using it up: which step, and the address it moves to; null when it cannot work. */
export async function describeEmailChangeLink(ctx: Pick<AppContext, 'db'>, token: string, now = new Date()) {
	const parsed = EmailTokenInput.safeParse({ token })
	if (!parsed.success) return null
	const link = await findUsableEmailToken(ctx, parsed.data.token, now)
	if (!link?.newEmail) return null
	if (link.purpose === 'email_change_approve') return { step: 'approve' as const, newEmail: link.newEmail }
	if (link.purpose === 'email_change_confirm') return { step: 'confirm' as const, newEmail: link.newEmail }
	return null
}

/**
 * The change waiting for a link to be opened, for the account page: the address it moves to, and
 * whose mailbox holds the link (the current one's, then the new one's). Null when none is out.
 */
export async function findPendingEmailChange(ctx: Pick<AppContext, 'db'>, actor: Actor, now = new Date()) {
	const link = await ctx.db.emailToken.findFirst({
		where: { userId: actor.id, usedAt: null, expiresAt: { gt: now }, purpose: { in: [...EMAIL_CHANGE_PURPOSES] } },
		orderBy: { createdAt: 'desc' },
		select: { purpose: true, newEmail: true, createdAt: true },
	})
	if (!link?.newEmail) return null
	return { newEmail: link.newEmail, waitingFor: link.purpose === 'email_change_approve' ? ('current' as const) : ('new' as const), since: link.createdAt }
}

/** Cancels the change waiting, if any: its links stop working. Returns whether there was one. */
export async function cancelEmailChange(ctx: Pick<AppContext, 'db'>, actor: Actor, now = new Date()) {
	return ctx.db.$transaction(async (tx) => {
		await lockAccount(tx, actor.id)
		return (await endEmailChangeLinks(tx, actor.id, now)) > 0
	})
}
