import {
	createReadableStreamFromReadable,
	createRequestHandler,
	writeReadableStreamToWritable,
	type AppLoadContext,
	type ServerBuild,
} from '@remix-run/node'
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express'
import type { PageCache } from './page-cache.ts'
import { compressWhole, documentEncoding, endWhole } from './whole-body.ts'

type RemixHandlerOptions = {
	build: ServerBuild | (() => Promise<ServerBuild>)
	mode: string
	getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext
	pageCache?: PageCache
	/** Compress documents here (COMPRESSION=on); off when a proxy in front compresses. */
	compress: boolean
}

/** Below this a document is sent as it is: a compressor's header and a round of it cost more than they save. */
const MIN_COMPRESSED_BYTES = 1024

/**
 * Remix behind Express, as @remix-run/express does it, with one step of ours between rendering and
 * sending: a public page rendered for a signed-out visitor may be kept (page-cache.ts).
 */
export function remixHandler({ build, mode, getLoadContext, pageCache, compress }: RemixHandlerOptions): RequestHandler {
	const handleRequest = createRequestHandler(build, mode)
	return async (req, res, next) => {
		try {
			const response = explainMethodNotAllowed(req, await handleRequest(remixRequest(req, res), getLoadContext(req, res)))
			if (pageCache && (await pageCache.storeAndSend(req, res, response))) return
			if (isDocument(response)) await sendDocument(req, res, response, compress)
			else await sendResponse(res, response)
		} catch (error) {
			next(error)
		}
	}
}

/**
 * A resource route (a file, a calendar feed, an export) has no action: Remix refuses a post to it
 * with 405 and, in production, `{"message":"Unexpected Server Error"}`, its sanitised text for any
 * error. Says instead what is wrong and what the address takes: every resource route has a loader.
 * Only for the methods an action would take (Remix refuses methods it does not know with 405 too,
 * where GET is not the whole story); a 405 a route returns itself, and single-fetch requests
 * (`.data`, whose client reads Remix's own encoding), are left as they are.
 */
const ACTION_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

function explainMethodNotAllowed(req: ExpressRequest, response: Response): Response {
	if (response.status !== 405 || response.headers.get('X-Remix-Error') !== 'yes') return response
	if (!ACTION_METHODS.has(req.method) || req.path.endsWith('.data')) return response
	return new Response(`This address does not accept ${req.method} requests.`, {
		status: 405,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET, HEAD' },
	})
}

/** The Fetch API request Remix reads: the URL by Express's trusted host and protocol, the body streamed. */
function remixRequest(req: ExpressRequest, res: ExpressResponse): Request {
	// req.hostname has no port (and honours `trust proxy`); the port comes from the header it used.
	const hostHeader = req.get('X-Forwarded-Host') ?? req.get('host') ?? ''
	const port = /:(\d+)$/.exec(hostHeader)?.[1]
	const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`)

	const headers = new Headers()
	for (const [name, value] of Object.entries(req.headers)) {
		if (value === undefined) continue
		if (Array.isArray(value)) for (const item of value) headers.append(name, item)
		else headers.set(name, value)
	}
	// Loaders and actions stop when the client goes away before the response is sent.
	const controller = new AbortController()
	res.on('close', () => {
		if (!res.writableFinished) controller.abort()
	})
	const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal }
	if (req.method !== 'GET' && req.method !== 'HEAD') {
		init.body = createReadableStreamFromReadable(req)
		init.duplex = 'half'
	}
	return new Request(url, init)
}

function sendHead(res: ExpressResponse, response: Response) {
	res.statusMessage = response.statusText
	res.status(response.status)
	for (const [name, value] of response.headers.entries()) res.append(name, value)
}

async function sendResponse(res: ExpressResponse, response: Response) {
	sendHead(res, response)
	if (response.headers.get('Content-Type')?.match(/text\/event-stream/i)) res.flushHeaders()
	if (response.body) await writeReadableStreamToWritable(response.body, res)
	else res.end()
}

/** Only app/entry.server.tsx answers text/html, with a body already whole: a route that streamed HTML would be buffered here. */
const isDocument = (response: Response) => Boolean(response.body && response.headers.get('Content-Type')?.startsWith('text/html'))

/**
 * A document arrives whole (app/entry.server.tsx renders it into one buffer), so it leaves whole:
 * compressed in one pass (brotli or gzip, whole-body.ts; on the thread pool only when large) and written with its length in one write. Through the `compression`
 * middleware it took a deflate stream on libuv's thread pool (three hand-offs between threads per
 * page), chunked encoding and a second write for the last chunk (ADR 026, decision 18).
 */
async function sendDocument(req: ExpressRequest, res: ExpressResponse, response: Response, compress: boolean) {
	const body = Buffer.from(await response.arrayBuffer())
	sendHead(res, response)
	if (compress && !response.headers.has('Content-Encoding') && !/no-transform/i.test(response.headers.get('Cache-Control') ?? '')) {
		res.vary('Accept-Encoding')
		// A visitor who left gets nothing: no compressing for them.
		const encoding = !res.destroyed && body.length >= MIN_COMPRESSED_BYTES ? documentEncoding(req) : null
		if (encoding) return endWhole(res, await compressWhole(body, encoding), encoding)
	}
	endWhole(res, body, null)
}
