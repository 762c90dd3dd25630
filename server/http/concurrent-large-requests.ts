import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc'
import type { RequestHandler, Response } from 'express'
import type { ValidatedSession } from '#server/auth/session.server.ts'
import { BODY_LIMIT_MESSAGES, refuseUnreadBody } from './body-limit.ts'

/*
 * tRPC reads a body whole into memory before a procedure sees it, so its bodies are judged by
 * their declared length before a byte is read: too large or without a length, refused
 * (limitTrpcBodies); and since one signed-in user firing many large bodies at once could still
 * hold all of them, large requests are counted per user before their body is read, and released
 * when the response is sent or the connection closes (limitConcurrentLargeRequests).
 */

/**
 * A body over this is large: a quarter of tRPC's body limit. Only the autosave of a very long
 * answer comes near it, and the editor sends those one after another.
 */
export const LARGE_BODY_BYTES = 256 * 1024
export const MAX_CONCURRENT_LARGE_REQUESTS = 2

export const LARGE_REQUEST_MESSAGES = {
	tooMany: 'Too many large requests at once. Wait for one to finish, then try again.',
	// authedProcedure's words: no procedure takes anything from a signed-out visitor.
	signedOut: 'User must be authenticated',
} as const

/** tRPC's body limit (server/app.ts gives the adapter the same): a batch with the longest autosaved answer fits. */
export const MAX_TRPC_BODY_BYTES = 1024 * 1024

type Options = {
	maxPerUser?: number
	largeBodyBytes?: number
	/**
	 * How refusals are answered: in tRPC's shape (the default), or as a sentence for a page's form,
	 * whose signed-out visitor goes on to the route, which sends them to sign in without reading it.
	 */
	shape?: 'trpc' | 'form'
}

/**
 * Refuses, before anything reads it and whoever sends it, a tRPC body over `maxBodyBytes` (413
 * PAYLOAD_TOO_LARGE) or without a declared length (411; tRPC's clients always send one), in tRPC's
 * shape. Runs first in the chain: the adapter's own limit would read such a body to its end first.
 */
export function limitTrpcBodies({ maxBodyBytes = MAX_TRPC_BODY_BYTES }: { maxBodyBytes?: number } = {}): RequestHandler {
	return (req, res, next) => {
		// Node has already refused a malformed Content-Length.
		if (req.get('transfer-encoding') !== undefined) return refuseTrpc(res, 'BAD_REQUEST', 411, BODY_LIMIT_MESSAGES.lengthRequired)
		if (Number(req.get('content-length') ?? 0) > maxBodyBytes) return refuseTrpc(res, 'PAYLOAD_TOO_LARGE', 413, BODY_LIMIT_MESSAGES.tooLarge(maxBodyBytes))
		next()
	}
}

/**
 * Lets each signed-in user have at most `maxPerUser` large requests in flight (429 beyond), and a
 * signed-out visitor none (401), both answered without reading the body. The count lives in this
 * process's memory: behind a load balancer a user may have that many in each process, which is
 * enough, as the point is to bound each process's memory; nothing depends on it for correctness.
 * Runs after the session middleware, and after limitTrpcBodies, which refuses what has no length.
 */
export function limitConcurrentLargeRequests({ maxPerUser = MAX_CONCURRENT_LARGE_REQUESTS, largeBodyBytes = LARGE_BODY_BYTES, shape = 'trpc' }: Options = {}): RequestHandler {
	const inFlight = new Map<string, number>()
	return (req, res, next) => {
		if (Number(req.get('content-length') ?? 0) <= largeBodyBytes) return next()
		const userId = (res.locals.session as ValidatedSession | null | undefined)?.user.id
		if (!userId) return shape === 'form' ? next() : refuseTrpc(res, 'UNAUTHORIZED', 401, LARGE_REQUEST_MESSAGES.signedOut)
		const count = inFlight.get(userId) ?? 0
		if (count >= maxPerUser) {
			// The body is within its route's limit (bodyLimits ran first): read to its end and thrown away,
			// so the browser gets the sentence, not "connection reset" halfway through a slow upload.
			if (shape === 'form') {
				req.resume()
				return void res.status(429).type('text/plain').send(LARGE_REQUEST_MESSAGES.tooMany)
			}
			return refuseTrpc(res, 'TOO_MANY_REQUESTS', 429, LARGE_REQUEST_MESSAGES.tooMany)
		}

		inFlight.set(userId, count + 1)
		let released = false
		const release = () => {
			if (released) return
			released = true
			const left = (inFlight.get(userId) ?? 1) - 1
			if (left > 0) inFlight.set(userId, left)
			else inFlight.delete(userId)
		}
		res.once('finish', release)
		res.once('close', release)
		next()
	}
}

/** The error in tRPC's own shape, so the client shows its message (a batching client, for each of its calls). */
function refuseTrpc(res: Response, code: TRPC_ERROR_CODE_KEY, httpStatus: number, message: string) {
	refuseUnreadBody(res, httpStatus, {
		error: { message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus, fieldErrors: null } },
	})
}
