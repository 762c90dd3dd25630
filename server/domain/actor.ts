import { DomainError } from '#server/domain/errors.ts'

/**
 * Who is acting, as domain functions see it. Every domain function that reads
 * or changes something a user owns (or that only admins may touch) takes the
 * actor and checks it itself, so no route, procedure or job can skip the check.
 */
export type Actor = { id: string; role: 'user' | 'admin' }

export function assertAdmin(actor: Actor | null | undefined): asserts actor is Actor & { role: 'admin' } {
	if (!actor) throw new DomainError('UNAUTHORIZED', 'User must be authenticated')
	if (actor.role !== 'admin') throw new DomainError('FORBIDDEN', 'Only admins can do this.')
}
