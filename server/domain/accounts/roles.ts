import { z } from 'zod'
import type { AppContext } from '#server/context.ts'
import { assertAdmin, type Actor } from '#server/domain/actor.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import { ACCOUNT_MESSAGES, EmailSchema } from './accounts.schema.ts'

export const RoleInput = z.enum(['user', 'admin'], { message: 'Role must be "user" or "admin"' })

export const SetUserRoleInput = z.object({ email: EmailSchema, role: RoleInput })
export type SetUserRoleInput = z.input<typeof SetUserRoleInput>

/**
 * Changes a user's role and records who did it. `actor` is null only when an
 * operator runs `npm run user:role` on the server; any other caller passes the
 * acting user, who must be an admin and cannot take away their own admin role
 * (the last admin would lock everyone out of /admin).
 */
export async function setUserRole(ctx: Pick<AppContext, 'db'>, input: SetUserRoleInput, actor: Actor | null = null) {
	if (actor) assertAdmin(actor)
	const { email, role } = parseInput(SetUserRoleInput, input)
	const user = await ctx.db.user.findUnique({ where: { email }, select: { id: true, profile: { select: { role: true } } } })
	if (!user) throw new DomainError('NOT_FOUND', `No account uses the e-mail address ${email}.`)
	if (actor?.id === user.id && role !== 'admin') throw new DomainError('CONFLICT', ACCOUNT_MESSAGES.ownAdminRole)
	const previous = user.profile?.role ?? 'user'
	await ctx.db.$transaction([
		ctx.db.profile.upsert({ where: { userId: user.id }, create: { userId: user.id, role }, update: { role } }),
		ctx.db.auditLogEntry.create({
			data: { actorId: actor?.id ?? null, targetUserId: user.id, action: 'role_changed', details: { from: previous, to: role } },
		}),
	])
	return { userId: user.id, previous, role }
}
