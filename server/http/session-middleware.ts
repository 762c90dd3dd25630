import type { RequestHandler } from 'express'
import type { Db } from '#server/db/client.ts'
import {
	readSessionToken,
	serializeClearedSessionCookie,
	serializeSessionCookie,
	validateSessionToken,
} from '#server/auth/session.server.ts'

/** Resolves the session cookie once per request into res.locals.session, renewing or clearing the cookie. */
export function sessionMiddleware(db: Db, { secure }: { secure: boolean }): RequestHandler {
	return async (req, res, next) => {
		res.locals.session = null
		const token = readSessionToken(req.get('cookie'))
		if (!token) return next()
		try {
			const session = await validateSessionToken(db, token)
			if (!session) {
				res.append('Set-Cookie', serializeClearedSessionCookie({ secure }))
			} else {
				res.locals.session = session
				if (session.renewed) res.append('Set-Cookie', serializeSessionCookie(token, session.expiresAt, { secure }))
			}
			next()
		} catch (error) {
			next(error)
		}
	}
}
