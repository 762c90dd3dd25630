import { DomainError } from '#server/domain/errors.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether `value` is shaped like a record id (it may still name nothing). */
export const isRecordId = (value: string) => UUID.test(value)

/**
 * A record id from a URL or a form. A malformed id names nothing, so it is NOT_FOUND like an unknown
 * one (and never reaches PostgreSQL, which would reject the cast with a 500).
 */
export function existingId(value: string, what: string): string {
	if (!isRecordId(value)) throw new DomainError('NOT_FOUND', `${what} ${JSON.stringify(value.slice(0, 60))} not found.`)
	return value.toLowerCase()
}

/** True for PostgreSQL's unique violation as Prisma reports it. */
export function isUniqueViolation(error: unknown): boolean {
	return (error as { code?: unknown } | null)?.code === 'P2002'
}
