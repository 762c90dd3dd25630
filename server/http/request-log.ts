import { randomUUID } from 'node:crypto'
import type { RequestHandler } from 'express'
import type { Logger } from 'pino'

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/

/**
 * The path as logged. A calendar feed's URL is its own credential (/calendar/{token}.ics, see
 * ADR 018), and logs travel further than the database: the token never reaches them.
 */
export function loggedPath(path: string): string {
	return path.replace(/^\/calendar\/[^/]+$/, '/calendar/[redacted].ics')
}

/** Gives every request an id (kept from X-Request-Id when sane) and logs it once finished. */
export function requestLog(logger: Logger): RequestHandler {
	return (req, res, next) => {
		const incoming = req.get('x-request-id')
		const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID()
		res.locals.requestId = requestId
		res.setHeader('X-Request-Id', requestId)
		const started = process.hrtime.bigint()
		res.on('finish', () => {
			const durationMs = Number(process.hrtime.bigint() - started) / 1e6
			const level = res.statusCode >= 500 ? 'error' : 'info'
			logger[level](
				{ requestId, method: req.method, path: loggedPath(req.path), status: res.statusCode, durationMs: Math.round(durationMs * 10) / 10 },
				'request',
			)
		})
		next()
	}
}
