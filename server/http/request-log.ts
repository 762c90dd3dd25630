import { randomUUID } from 'node:crypto'
import type { RequestHandler } from 'express'
import type { Logger } from 'pino'
import { withQueryStats, type QueryStats } from '#server/db/query-stats.ts'
import type { ValidatedSession } from '#server/auth/session.server.ts'
import { beforeHeaders } from './before-headers.ts'

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/

/**
 * The path as logged. A calendar feed's URL is its own credential (/calendar/{token}.ics, see
 * ADR 018), and logs travel further than the database: the token never reaches them.
 */
export function loggedPath(path: string): string {
	return path.replace(/^\/calendar\/[^/]+$/, '/calendar/[redacted].ics')
}

/**
 * Gives every request an id (kept from X-Request-Id when sane), counts the statements it sends to
 * the database (told in a Server-Timing header, `db;desc="2 queries";dur=1.4`, so a browser's
 * network panel and the bench see them) and logs it once finished, or once its connection closed
 * before the answer was complete (the client left, or a stream ended early). A signed-in request's
 * line names its user.
 */
export function requestLog(logger: Logger): RequestHandler {
	return (req, res, next) => {
		const incoming = req.get('x-request-id')
		const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID()
		res.locals.requestId = requestId
		res.setHeader('X-Request-Id', requestId)
		const started = process.hrtime.bigint()
		const queries: QueryStats = { count: 0, ms: 0 }
		beforeHeaders(res, () => {
			res.setHeader('Server-Timing', `db;desc="${queries.count} ${queries.count === 1 ? 'query' : 'queries'}";dur=${queries.ms.toFixed(1)}`)
		})
		const fields = () => ({
			requestId,
			method: req.method,
			path: loggedPath(req.path),
			status: res.statusCode,
			durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
			dbQueries: queries.count,
			// Whose request it was (resolved by the session middleware, which runs after this one).
			userId: (res.locals.session as ValidatedSession | null | undefined)?.user.id,
		})
		res.on('finish', () => logger[res.statusCode >= 500 ? 'error' : 'info'](fields(), 'request'))
		res.on('close', () => {
			// Before any answer, the status is only Node's default.
			if (!res.writableFinished) logger.info({ ...fields(), status: res.headersSent ? res.statusCode : null }, 'request closed before its answer was complete')
		})
		withQueryStats(queries, next)
	}
}
