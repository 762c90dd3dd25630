import { z } from 'zod'
import type { AppContext } from '#server/context.ts'
import { DomainError } from '#server/domain/errors.ts'
import { EmailSchema, PasswordSchema } from './accounts.schema.ts'
import { generateToken, hashToken } from '#server/auth/tokens.ts'
import { hashPassword } from '#server/auth/password.ts'

/**
 * The first admin. While no admin exists, every start-up prints a fresh
 * one-time link (/setup?token=…); whoever holds it may create the first admin
 * account. Older links die when a new one is printed, and every link dies once
 * an admin exists.
 */
export const CreateFirstAdminInput = z.object({
	token: z.string().min(16, 'This setup link is not valid.'),
	email: EmailSchema,
	password: PasswordSchema,
})
export type CreateFirstAdminInput = z.infer<typeof CreateFirstAdminInput>

export async function adminExists(ctx: Pick<AppContext, 'db'>) {
	return (await ctx.db.profile.count({ where: { role: 'admin' } })) > 0
}

/** Prints a new setup link when no admin exists; returns it (for tests and the CLI). */
export async function announceSetupLink(ctx: Pick<AppContext, 'db' | 'env' | 'logger'>): Promise<string | null> {
	if (await adminExists(ctx)) return null
	const token = generateToken(32)
	await ctx.db.$transaction([
		ctx.db.setupToken.deleteMany({ where: { usedAt: null } }),
		ctx.db.setupToken.create({ data: { tokenHash: hashToken(token) } }),
	])
	const url = new URL(`/setup?token=${token}`, ctx.env.APP_URL).toString()
	ctx.logger.warn({ setupUrl: url }, `No admin account exists yet. Create the first one at ${url}`)
	return url
}

/** True while the token may still be used to create the first admin. */
export async function isSetupTokenValid(ctx: Pick<AppContext, 'db'>, token: string) {
	if (!token) return false
	const row = await ctx.db.setupToken.findUnique({ where: { tokenHash: hashToken(token) }, select: { usedAt: true } })
	return Boolean(row && !row.usedAt) && !(await adminExists(ctx))
}

export async function createFirstAdmin(ctx: Pick<AppContext, 'db'>, input: CreateFirstAdminInput) {
	const passwordHash = await hashPassword(input.password)
	return ctx.db.$transaction(async (tx) => {
		// Serialises concurrent attempts: only one request can claim the token.
		const claimed = await tx.setupToken.updateMany({
			where: { tokenHash: hashToken(input.token), usedAt: null },
			data: { usedAt: new Date() },
		})
		if (claimed.count !== 1 || (await tx.profile.count({ where: { role: 'admin' } })) > 0) {
			throw new DomainError('FORBIDDEN', 'This setup link is no longer valid.')
		}
		if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
			// The first admin may already have an account: promote it rather than fail.
			const user = await tx.user.update({
				where: { email: input.email },
				data: {
					emailVerifiedAt: new Date(),
					password: { upsert: { create: { hash: passwordHash }, update: { hash: passwordHash } } },
					profile: { upsert: { create: { role: 'admin' }, update: { role: 'admin' } } },
				},
				select: { id: true },
			})
			return user
		}
		return tx.user.create({
			data: {
				email: input.email,
				emailVerifiedAt: new Date(),
				password: { create: { hash: passwordHash } },
				profile: { create: { role: 'admin' } },
			},
			select: { id: true },
		})
	})
}
