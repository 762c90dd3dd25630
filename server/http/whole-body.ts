import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import type { Request, Response } from 'express'
import Negotiator from 'negotiator'

/** The encodings a body is sent whole in; null is the body as it is. */
export type WholeEncoding = 'br' | 'gzip' | null

/**
 * How a document rendered for this request is compressed: as the client weighs the encodings
 * (q-values), brotli before gzip among equals (every current browser over HTTPS asks for both), by
 * the rule the compression middleware applies to everything else; plain when it takes neither.
 * Brotli at quality 3 makes a feed document as small as gzip's default level does, for about
 * 0.2 ms of CPU against 0.5 (ADR 026, decision 21).
 */
export function documentEncoding(req: Pick<Request, 'headers'>): WholeEncoding {
	const encoding = new Negotiator(req).encoding(['br', 'gzip', 'identity'], ['br', 'gzip'])
	return encoding === 'br' || encoding === 'gzip' ? encoding : null
}

const BROTLI_DOCUMENT = { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } }
/** zlib's brotli and gzip on libuv's thread pool, as promises (kept pages use them too: page-cache.ts). */
export const brotliOffLoop = promisify(brotliCompress)
export const gzipOffLoop = promisify(gzip)

/**
 * Bodies up to this size are compressed in one synchronous pass, on the event loop: a page is whole
 * already, and small (the feed's 60 kB take about 0.2 ms), so handing it to libuv's thread pool
 * would cost more than it saves. A larger one (a draft of long answers can reach megabytes, its
 * loader data repeating them) would hold every other request for tens of milliseconds, so it is
 * compressed on the thread pool instead.
 */
export const ON_LOOP_MAX_BYTES = 256 * 1024
const OFF_LOOP_CHUNK = 256 * 1024

/** The body compressed whole: on the event loop when small, on libuv's thread pool when large. */
export async function compressWhole(body: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
	// In 256 KB pieces: at zlib's 16 KB a document of megabytes took a hundred trips to the pool and back.
	if (body.length > ON_LOOP_MAX_BYTES) return encoding === 'br' ? brotliOffLoop(body, { ...BROTLI_DOCUMENT, chunkSize: OFF_LOOP_CHUNK }) : gzipOffLoop(body, { chunkSize: OFF_LOOP_CHUNK })
	return encoding === 'br' ? brotliCompressSync(body, BROTLI_DOCUMENT) : gzipSync(body)
}

/**
 * Ends a response with a body that is already whole, in one write with its length: unstated, the
 * compression middleware's wrapper would send it chunked, in two writes. Used for documents
 * (remix-handler.ts) and kept public pages (page-cache.ts).
 */
export function endWhole(res: Response, body: Buffer, encoding: WholeEncoding) {
	if (encoding) res.setHeader('Content-Encoding', encoding)
	res.setHeader('Content-Length', body.length)
	res.end(body)
}
