import type { RequestHandler } from 'express'

/*
 * The NUL character: PostgreSQL's text cannot hold one (a query with it fails, a 500), and no
 * person types one. Wherever client text enters (URLs here, forms in app/utils/read-form.server.ts,
 * tRPC inputs in server/trpc/trpc.ts), it is refused as the client's mistake: 400.
 */

export const NUL = '\u0000'

export const NUL_MESSAGES = {
	url: 'The address contains a character that cannot be used (NUL).',
	input: 'The request contains a character that cannot be stored (NUL).',
} as const

/** A URL with an encoded NUL (`%00`) in its path or query: 400 before a route searches for it or stores it. */
export const rejectNulInUrl: RequestHandler = (req, res, next) => {
	if (!req.originalUrl.includes('%00')) return next()
	res.status(400).type('text/plain').send(NUL_MESSAGES.url)
}

/**
 * Whether a parsed JSON value holds a NUL in any string, object keys included. Walks with a list
 * instead of recursion, so a deeply nested body cannot overflow the stack.
 */
export function containsNul(value: unknown): boolean {
	const pending: unknown[] = [value]
	while (pending.length > 0) {
		const item = pending.pop()
		if (typeof item === 'string') {
			if (item.includes(NUL)) return true
		} else if (Array.isArray(item)) {
			for (const entry of item) pending.push(entry)
		} else if (item !== null && typeof item === 'object') {
			for (const [key, entry] of Object.entries(item)) {
				if (key.includes(NUL)) return true
				pending.push(entry)
			}
		}
	}
	return false
}
