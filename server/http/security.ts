import { randomBytes } from 'node:crypto'
import type { RequestHandler } from 'express'
import helmet from 'helmet'
import type { Env } from '#server/env.ts'

/** A fresh nonce per response; Remix's scripts carry it (app/entry.server.tsx). */
export const cspNonce: RequestHandler = (_req, res, next) => {
	res.locals.cspNonce = randomBytes(16).toString('base64')
	next()
}

/**
 * `checkoutOrigins`: where checkout and the billing portal live (Stripe's hosts, or the local fake's).
 * They are reached by a redirect after a form post, which form-action also governs.
 */
export function securityHeaders(env: Pick<Env, 'isProduction' | 'APP_URL'>, checkoutOrigins: readonly string[] = []): RequestHandler {
	const https = env.APP_URL.startsWith('https://')
	return helmet({
		contentSecurityPolicy: {
			useDefaults: false,
			directives: {
				'default-src': ["'self'"],
				// 'strict-dynamic' lets the nonce'd entry script load Remix's route modules.
				'script-src': [
					"'strict-dynamic'",
					"'self'",
					(_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`,
				],
				// React renders style attributes; inline styles cannot run code.
				'style-src': ["'self'", "'unsafe-inline'"],
				'img-src': ["'self'", 'data:', 'blob:'],
				'font-src': ["'self'", 'data:'],
				'connect-src': env.isProduction ? ["'self'"] : ["'self'", 'ws:'],
				'form-action': ["'self'", ...checkoutOrigins],
				'frame-ancestors': ["'none'"],
				'base-uri': ["'self'"],
				'object-src': ["'none'"],
				'upgrade-insecure-requests': https ? [] : null,
			},
		},
		crossOriginEmbedderPolicy: false,
		referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
		strictTransportSecurity: env.isProduction ? { maxAge: 63072000, includeSubDomains: true } : false,
		xFrameOptions: { action: 'deny' },
	})
}

/**
 * Refuses state-changing requests sent from another site (CSRF). Browsers
 * send Origin on every cross-site POST; a request without it (curl, Stripe's
 * webhook) is not a browser forging a form and is let through.
 */
export function sameOriginWrites(env: Pick<Env, 'APP_URL'>): RequestHandler {
	const trusted = new URL(env.APP_URL).origin
	return (req, res, next) => {
		if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
		const origin = req.get('origin')
		if (!origin || origin === trusted || origin === `${req.protocol}://${req.get('host')}`) return next()
		res.status(403).type('text/plain').send('Cross-site request refused.')
	}
}
