import { PassThrough } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceProvider } from '#app/utils/nonce-provider.tsx'

export const streamTimeout = 5_000

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	remixContext: EntryContext,
	loadContext: AppLoadContext,
) {
	// Crawlers and the no-JavaScript path get the whole document at once.
	const readyEvent = isbot(request.headers.get('user-agent')) || remixContext.isSpaMode ? 'onAllReady' : 'onShellReady'
	const nonce = loadContext.cspNonce

	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
			</NonceProvider>,
			{
				nonce,
				[readyEvent]() {
					shellRendered = true
					const body = new PassThrough()
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					resolve(
						new Response(createReadableStreamFromReadable(body), {
							headers: responseHeaders,
							status: responseStatusCode,
						}),
					)
					pipe(body)
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					// Errors before the shell are reported by onShellError; later ones are logged here.
					if (shellRendered) loadContext.app.logger.error({ err: error, requestId: loadContext.requestId }, 'render error')
				},
			},
		)
		setTimeout(abort, streamTimeout + 1_000)
	})
}

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
	if (request.signal.aborted) return
	context.app.logger.error({ err: error, requestId: context.requestId, path: new URL(request.url).pathname }, 'unhandled error')
}
