import { Writable } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { PRIVATE_PAGE } from '#app/utils/cache-control.ts'
import { NonceProvider } from '#app/utils/nonce-provider.tsx'

export const streamTimeout = 5_000

/**
 * Documents are rendered whole, then sent as one body: no route streams (nothing is deferred), and
 * one body is compressed in one pass, at a far better ratio and cost than many small chunks. React
 * writes its markup here in pieces of up to 32,768 UTF-16 code units gathered as strings, not one
 * encoded piece per tag (patches/react-dom+18.3.1.patch, ADR 026 decision 19).
 */
export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	remixContext: EntryContext,
	loadContext: AppLoadContext,
) {
	const nonce = loadContext.cspNonce
	keepAnswersToPostsPrivate(request, responseHeaders)

	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		// Cleared when the document is complete: a timer left behind would keep each request's
		// closures alive for seconds.
		let timeout: NodeJS.Timeout | undefined
		const chunks: Buffer[] = []
		const body = new Writable({
			write(chunk: Buffer, _encoding, done) {
				chunks.push(chunk)
				done()
			},
			final(done) {
				clearTimeout(timeout)
				responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
				resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }))
				done()
			},
		})
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
			</NonceProvider>,
			{
				nonce,
				onAllReady() {
					shellRendered = true
					pipe(body)
				},
				onShellError(error: unknown) {
					clearTimeout(timeout)
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					// Errors before the shell are reported by onShellError; later ones are logged here.
					if (shellRendered) loadContext.app.logger.error({ err: error, requestId: loadContext.requestId }, 'render error')
				},
			},
		)
		if (!shellRendered) timeout = setTimeout(abort, streamTimeout + 1_000)
	})
}

/**
 * A page or data answering a form post shows what was posted (a typed e-mail, its errors): this
 * visitor's alone, whatever its route's headers say for the page as everyone gets it.
 */
function keepAnswersToPostsPrivate(request: Request, headers: Headers) {
	if (request.method !== 'GET' && request.method !== 'HEAD') headers.set('Cache-Control', PRIVATE_PAGE)
}

/** A form post made with JavaScript (`/signin.data`) is answered here, not by the document above. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
	keepAnswersToPostsPrivate(request, response.headers)
	return response
}

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
	if (request.signal.aborted) return
	const where = { requestId: context.requestId, path: new URL(request.url).pathname }
	// What Remix refuses by itself (a method a route does not take: 405) and its warning about a
	// ?_data request are the client's doing: a warning, so no client can fill the error log.
	if (isRouteErrorResponse(error) && error.status < 500) context.app.logger.warn({ ...where, status: error.status }, 'request refused')
	else if (error instanceof Error && error.message.startsWith('Warning: ')) context.app.logger.warn({ ...where, reason: error.message }, 'request refused')
	else context.app.logger.error({ err: error, ...where }, 'unhandled error')
}
