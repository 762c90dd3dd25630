import { randomBytes } from 'node:crypto'
import type { RequestHandler } from 'express'
import helmet from 'helmet'
import type { Logger } from 'pino'
import type { Env } from '#server/env.ts'

/**
 * A fresh nonce per response; Remix's scripts carry it (app/entry.server.tsx). A page served from
 * the page cache has brought the nonce its body was rendered with (page-cache.ts).
 */
export const cspNonce: RequestHandler = (_req, res, next) => {
	res.locals.cspNonce ??= randomBytes(16).toString('base64')
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

export const SAME_ORIGIN_MESSAGES = {
	crossSite: 'Cross-site request refused.',
	hostMismatch:
		'Request refused: its Origin does not match the host it was sent to. If Callboard runs behind a proxy, the proxy must pass the original host in X-Forwarded-Host.',
} as const

type TrustProxy = (address: string | undefined, hop: number) => boolean

/**
 * X-Forwarded-Host carries the host the browser used when a proxy in front rewrites Host. Express
 * believes it only from the proxies TRUST_PROXY declares (req.hostname), but Remix reads the raw
 * header: for the URL its loaders and actions see (the port) and for its own Origin check before
 * every action. From anyone else the header is removed here, so Remix agrees with Express.
 */
export const dropUntrustedForwardedHost: RequestHandler = (req, _res, next) => {
	const trust = req.app.get('trust proxy fn') as TrustProxy
	if (!trust(req.socket.remoteAddress, 0)) delete req.headers['x-forwarded-host']
	next()
}

/**
 * Refuses state-changing requests sent from another site (CSRF). Browsers
 * send Origin on every cross-site POST; a request without it (curl, Stripe's
 * webhook) is not a browser forging a form and is let through, unless what it
 * does send names another site (`Sec-Fetch-Site: cross-site`, or a Referer of
 * another origin): defence in depth for a client that leaves Origin out.
 *
 * Remix checks once more before every action that Origin's host is the host the request was sent
 * to (X-Forwarded-Host, else Host), and answers 500 when it is not. A browser's own post fails that
 * check only behind a proxy that rewrites Host without passing the original (see the README's
 * configuration); it is refused here instead, with a 403 that says so and a warning in the log.
 * Runs after dropUntrustedForwardedHost.
 */
export function sameOriginWrites(env: Pick<Env, 'APP_URL'>, logger?: Pick<Logger, 'warn'>): RequestHandler {
	const trusted = new URL(env.APP_URL).origin
	return (req, res, next) => {
		if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
		const origin = req.get('origin')
		// As Remix reads it: the first X-Forwarded-Host (from a trusted proxy), else Host.
		const host = req.get('x-forwarded-host')?.split(',')[0]?.trim() || req.get('host')
		const ours = (candidate: string | null) => candidate === trusted || candidate === `${req.protocol}://${host}`
		const refuse = () => void res.status(403).type('text/plain').send(SAME_ORIGIN_MESSAGES.crossSite)
		if (!origin) {
			const referer = req.get('referer')
			if (req.get('sec-fetch-site') === 'cross-site' || (referer && !ours(originOf(referer)))) return refuse()
			return next()
		}
		if (!ours(origin)) return refuse()
		if (hostOf(origin) === host) return next()
		logger?.warn(
			{ requestId: res.locals.requestId, origin, host },
			'a same-origin post reached another host: a proxy in front must pass the original host in X-Forwarded-Host (with TRUST_PROXY set)',
		)
		res.status(403).type('text/plain').send(SAME_ORIGIN_MESSAGES.hostMismatch)
	}
}

function originOf(url: string) {
	try {
		return new URL(url).origin
	} catch {
		return null
	}
}

function hostOf(origin: string) {
	try {
		return new URL(origin).host
	} catch {
		return null
	}
}
