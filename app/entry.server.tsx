import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToString } from 'react-dom/server'
import { NonceProvider } from '#app/utils/nonce-provider.tsx'

export const streamTimeout = 5_000

/**
 * Documents are rendered whole, to a string, then sent as one body: no route streams (nothing is
 * deferred), and one body is compressed in one pass.
 *
 * `renderToString` rather than `renderToPipeableStream`: the stream encodes every small piece of
 * markup into bytes one call at a time, which cost a feed document about 1.6 ms of CPU more for the
 * same HTML (ADR 026, decision 19). A string render cannot wait, so the route data Remix hands to
 * the browser (single fetch's turbo-stream) is read whole before rendering; see `settleHandoff`.
 */
export default async function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	remixContext: EntryContext,
	loadContext: AppLoadContext,
) {
	const nonce = loadContext.cspNonce
	await settleHandoff(remixContext)
	const markup = renderToString(
		<NonceProvider value={nonce}>
			<RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
		</NonceProvider>,
	)
	responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
	return new Response(`<!DOCTYPE html>${markup}`, { headers: responseHeaders, status: responseStatusCode })
}

/** What Remix's `StreamTransfer` keeps per chunk of the handoff: a promise, with its outcome once settled. */
type SettledChunk = Promise<void> & { result: { done: boolean; value: string } }

/**
 * Reads the route data Remix streams into the document (`serverHandoffStream`) to its end and
 * leaves it in the cache Remix's `StreamTransfer` reads first (`renderMeta.streamCache`, one entry
 * per chunk), as one chunk that is also the last. `StreamTransfer` then renders its script at once
 * instead of suspending, which a string render would answer with an empty fallback: a document
 * without its data, which the browser could not hydrate. (app/entry.server.test.tsx fails if Remix
 * stops reading that cache, and so does every end-to-end journey with JavaScript, which waits for
 * hydration.)
 */
export async function settleHandoff(context: EntryContext) {
	const stream = context.serverHandoffStream
	if (!stream) return
	const reader = stream.getReader()
	const decoder = new TextDecoder()
	let value = ''
	for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
		value += decoder.decode(chunk.value, { stream: true })
	}
	value += decoder.decode()
	// Unlocked, so that <RemixServer> can take its own reader of the (now finished) stream.
	reader.releaseLock()
	const settled = Object.assign(Promise.resolve(), { result: { done: true, value } }) satisfies SettledChunk
	const renderMeta = (context.renderMeta ??= {}) as NonNullable<EntryContext['renderMeta']> & { streamCache?: Record<number, SettledChunk> }
	renderMeta.streamCache = { 0: settled }
}

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
	if (request.signal.aborted) return
	context.app.logger.error({ err: error, requestId: context.requestId, path: new URL(request.url).pathname }, 'unhandled error')
}
