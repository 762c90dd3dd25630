import type { Request, RequestHandler, Response } from 'express'
import pLimit from 'p-limit'

/*
 * Reads (GET and HEAD: pages, tRPC queries, downloads) are worked on a few at a time per process,
 * the others waiting their turn in order of arrival. Without a turn, every request in the process
 * was in progress at once: each of its steps (the session's statement, the page's, the render)
 * queued behind every other request's, so under load a request waited as many times as it had
 * steps and the slowest took twice the median. In turn, a request waits once, at the door, and
 * then runs through (ADR 026, decision 17).
 *
 * Writes are not held at the door: a body arrives at the client's pace, and a slow one must not
 * keep a turn from everyone else. Server-sent events are not either: they stay open for minutes.
 */

export const BUSY_MESSAGE = 'Callboard is very busy right now. Please try again in a moment.'

type Options = {
	/** Reads worked on at once. */
	concurrency: number
	/** Reads waiting for their turn at most; beyond, 503 at once with Retry-After. */
	maxWaiting: number
}

export function admitInTurn({ concurrency, maxWaiting }: Options): RequestHandler {
	const limit = pLimit(concurrency)
	return (req, res, next) => {
		if (!waitsItsTurn(req)) return next()
		if (limit.pendingCount >= maxWaiting) {
			res.status(503).set('Retry-After', '1').type('text/plain').send(BUSY_MESSAGE)
			return
		}
		// A response closed before it came here (a visitor who left while the page cache held it) has
		// fired its 'close' already: only `destroyed` says so.
		let gone = res.destroyed
		res.once('close', () => (gone = true))
		void limit(
			() =>
				new Promise<void>((release) => {
					// A visitor who left while waiting gives the turn straight to the next.
					if (gone || res.destroyed) return release()
					releaseWhenAnswered(res, release)
					next()
				}),
		)
	}
}

function waitsItsTurn(req: Request) {
	if (req.method !== 'GET' && req.method !== 'HEAD') return false
	return !req.get('accept')?.includes('text/event-stream')
}

/**
 * The turn ends when the response starts (its head is written; a page's whole body follows at
 * once), so a client that reads a large download slowly does not keep it. Or when the response
 * finishes or the connection closes first.
 */
function releaseWhenAnswered(res: Response, release: () => void) {
	let released = false
	const once = () => {
		if (released) return
		released = true
		release()
	}
	const writeHead = res.writeHead as (...args: unknown[]) => Response
	res.writeHead = function (this: Response, ...args: unknown[]) {
		once()
		return writeHead.apply(this, args)
	} as Response['writeHead']
	res.once('close', once)
	res.once('finish', once)
}
