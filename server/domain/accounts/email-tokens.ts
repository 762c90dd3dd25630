import type { AppContext } from '#server/context.ts'
import type { Prisma } from '#server/db/generated/client.ts'
import type { EmailTokenPurpose } from '#server/db/generated/enums.ts'
import { generateToken, hashToken } from '#server/auth/tokens.ts'
import { DomainError } from '#server/domain/errors.ts'
import { LINK_INVALID_MESSAGE } from './accounts.schema.ts'

/*
 * Single-use links sent by e-mail (confirmation, magic sign-in, password
 * reset). The e-mail carries a random token; the database keeps only its
 * SHA-256, so a leaked table holds no usable link.
 */

const MINUTE = 60 * 1000

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
	confirm_email: 24 * 60 * MINUTE,
	magic_link: 15 * MINUTE,
	password_reset: 60 * MINUTE,
	// ADR 028: the current address's approval is asked at once; the new address may be read later.
	email_change_approve: 60 * MINUTE,
	email_change_confirm: 24 * 60 * MINUTE,
}

type DbOrTx = Pick<Prisma.TransactionClient, 'emailToken'>

/** Issues a link's token; an e-mail change's carries the address it moves the account to. */
export async function issueEmailToken(db: DbOrTx, userId: string, purpose: EmailTokenPurpose, now = new Date(), newEmail?: string) {
	const token = generateToken(32)
	await db.emailToken.create({
		data: { tokenHash: hashToken(token), purpose, userId, expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]), newEmail },
	})
	return token
}

/**
 * Uses up a token and returns its user. Claiming is one conditional UPDATE,
 * so two requests with the same link cannot both succeed.
 */
export async function consumeEmailToken(db: DbOrTx, token: string, purpose: EmailTokenPurpose, now = new Date()) {
	return (await claimEmailToken(db, token, purpose, now)).userId
}

/** Uses up a token, as consumeEmailToken, and returns its user and the address it names (an e-mail change's). */
export async function claimEmailToken(db: DbOrTx, token: string, purpose: EmailTokenPurpose, now = new Date()) {
	const [claimed] = await db.emailToken.updateManyAndReturn({
		where: { tokenHash: hashToken(token), purpose, usedAt: null, expiresAt: { gt: now } },
		data: { usedAt: now },
		select: { userId: true, newEmail: true },
	})
	if (!claimed) throw new DomainError('INVALID', LINK_INVALID_MESSAGE)
	return claimed
}

/**
 * A link that would still work, read without using it up (a GET must not consume: mail scanners
 * follow links): its purpose, its account's address, and the address an e-mail change names. Null
 * when it would not work.
 */
export async function findUsableEmailToken(ctx: Pick<AppContext, 'db'>, token: string, now = new Date()) {
	if (!token) return null
	const row = await ctx.db.emailToken.findUnique({
		where: { tokenHash: hashToken(token) },
		select: { purpose: true, usedAt: true, expiresAt: true, newEmail: true, user: { select: { email: true } } },
	})
	return row && !row.usedAt && row.expiresAt > now ? { purpose: row.purpose, newEmail: row.newEmail, email: row.user.email } : null
}

/** Whether a link of `purpose` would still work, without using it up. */
export async function isEmailTokenUsable(ctx: Pick<AppContext, 'db'>, token: string, purpose: EmailTokenPurpose, now = new Date()) {
	return (await findUsableEmailToken(ctx, token, now))?.purpose === purpose
}

/** The absolute URL of a page of this app, for e-mails. */
export function appUrl(env: Pick<AppContext['env'], 'APP_URL'>, path: string, params?: Record<string, string>) {
	const url = new URL(path, env.APP_URL)
	for (const [name, value] of Object.entries(params ?? {})) url.searchParams.set(name, value)
	return url.toString()
}
