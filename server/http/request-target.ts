import type { RequestHandler } from 'express'

/*
 * Requests no browser sends, which Remix (a Fetch Request built from the address and Host) and
 * tRPC cannot read: refused here as the client's mistake (4xx), before a handler fails on them
 * with a 500 and a stack trace in the log.
 */

export const REQUEST_TARGET_MESSAGES = {
	target: 'This server answers requests for its own paths only (a path starting with "/").',
	host: 'The Host header of this request is not a valid host name.',
	method: (method: string) => `The ${method} method is not supported.`,
} as const

/** The method the Fetch standard forbids that reaches a handler (Node's parser refuses TRACK, and CONNECT never gets here). */
const FORBIDDEN_METHODS = new Set(['TRACE'])
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'

/**
 * Runs after dropUntrustedForwardedHost, so the X-Forwarded-Host checked is one Express and Remix
 * will believe: an absolute-form or `*` request target gets 400, a Host (or forwarded host) that is
 * no host name 400, TRACE 405.
 */
export const rejectUnservableRequests: RequestHandler = (req, res, next) => {
	if (FORBIDDEN_METHODS.has(req.method)) {
		return void res.status(405).set('Allow', ALLOWED_METHODS).type('text/plain').send(REQUEST_TARGET_MESSAGES.method(req.method))
	}
	if (!req.originalUrl.startsWith('/')) return void res.status(400).type('text/plain').send(REQUEST_TARGET_MESSAGES.target)
	// An empty forwarded host is no forwarded host, as Express reads it.
	for (const host of [req.get('host'), req.get('x-forwarded-host')?.split(',')[0]?.trim() || undefined]) {
		if (host !== undefined && !isHostAndPort(host)) return void res.status(400).type('text/plain').send(REQUEST_TARGET_MESSAGES.host)
	}
	next()
}

/**
 * A host name or address with an optional (possibly empty) port, as a URL holds it: an IPv6
 * literal in any of its forms, and a name the URL parser keeps as it is, so nothing it would refuse
 * or read otherwise (spaces, "%", "@" or "/", which would move the request to another host or path).
 */
function isHostAndPort(value: string) {
	const [, host, port] = /^(\[[^\]]*\]|[^:]*)(?::(\d{0,5}))?$/.exec(value) ?? []
	if (!host || Number(port ?? 0) > 65_535) return false
	let hostname: string
	try {
		hostname = new URL(`http://${host}/`).hostname
	} catch {
		return false
	}
	return host.startsWith('[') || hostname === host.toLowerCase()
}
