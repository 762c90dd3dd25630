import { z } from 'zod'
import type { AppContext } from '#server/context.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import { EmailSchema } from './accounts.schema.ts'

export const SetUserRoleInput = z.object({
	email: EmailSchema,
	role: z.enum(['user', 'admin'], { message: 'Role must be "user" or "admin"' }),
})
export type SetUserRoleInput = z.input<typeof SetUserRoleInput>

/**
 * Changes a user's role and records who did it. `actorId` is null when an
 * operator runs `npm run user:role` on the server.
 */
export async function setUserRole(ctx: Pick<AppContext, 'db'>, input: SetUserRoleInput, actorId: string | null = null) {
	const { email, role } = parseInput(SetUserRoleInput, input)
	const user = await ctx.db.user.findUnique({ where: { email }, select: { id: true, profile: { select: { role: true } } } })
	if (!user) throw new DomainError('NOT_FOUND', `No account uses the e-mail address ${email}.`)
	const previous = user.profile?.role ?? 'user'
	await ctx.db.$transaction([
		ctx.db.profile.upsert({ where: { userId: user.id }, create: { userId: user.id, role }, update: { role } }),
		ctx.db.auditLogEntry.create({
			data: { actorId, targetUserId: user.id, action: 'role_changed', details: { from: previous, to: role } },
		}),
	])
	return { userId: user.id, previous, role }
}
