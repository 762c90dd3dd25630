/**
 * The one error type domain code throws. Its code decides the HTTP status at
 * the edge (app/utils/errors.server.ts for Remix, server/trpc for tRPC); its
 * message is safe to show to the user.
 */
export const ERROR_STATUS = {
	INVALID: 400,
	UNAUTHORIZED: 401,
	FORBIDDEN: 403,
	NOT_FOUND: 404,
	CONFLICT: 409,
	LIMIT_EXCEEDED: 402,
	RATE_LIMITED: 429,
	/** A service we depend on (Stripe) failed; trying again later may work. */
	UNAVAILABLE: 503,
} as const

export type DomainErrorCode = keyof typeof ERROR_STATUS

export class DomainError extends Error {
	readonly code: DomainErrorCode
	/** Field-level messages for forms, keyed by field name. */
	readonly fieldErrors?: Record<string, string[]>

	constructor(code: DomainErrorCode, message: string, options?: { fieldErrors?: Record<string, string[]>; cause?: unknown }) {
		super(message, { cause: options?.cause })
		this.name = 'DomainError'
		this.code = code
		this.fieldErrors = options?.fieldErrors
	}

	get status(): number {
		return ERROR_STATUS[this.code]
	}
}

export function isDomainError(error: unknown): error is DomainError {
	return error instanceof DomainError
}

type Schema<T> = { safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }

/**
 * Validates a domain function's input. Bad input becomes an INVALID domain
 * error carrying the schema's own messages, field by field, so every edge
 * answers 400 with text a person can act on.
 */
export function parseInput<T>(schema: Schema<T>, input: unknown): T {
	const result = schema.safeParse(input)
	if (result.success) return result.data
	const fieldErrors: Record<string, string[]> = {}
	for (const issue of result.error.issues) {
		const key = issue.path.map(String).join('.') || 'form'
		const messages = (fieldErrors[key] ??= [])
		// Two rules can refuse one value with the same words (an address too long in all and before its @): said once.
		if (!messages.includes(issue.message)) messages.push(issue.message)
	}
	const first = result.error.issues[0]?.message ?? 'Invalid input'
	throw new DomainError('INVALID', first, { fieldErrors })
}
