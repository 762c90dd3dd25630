import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Request, Response } from 'express'

/** The encodings a body is sent whole in; null is the body as it is. */
export type WholeEncoding = 'br' | 'gzip' | null

/** Whether the client takes a gzipped body rather than the plain one. */
export const takesGzip = (req: Request) => req.acceptsEncodings('gzip', 'identity') === 'gzip'

/**
 * How a document rendered for this request is compressed: brotli when the client takes it (every
 * current browser over HTTPS), else gzip, else not at all. Brotli at quality 3 makes a feed
 * document as small as gzip's default level does, for about 0.2 ms of CPU against 0.5 (ADR 026,
 * decision 21); the compression middleware already prefers brotli for everything else.
 */
export function documentEncoding(req: Request): WholeEncoding {
	if (req.acceptsEncodings('br') === 'br') return 'br'
	return takesGzip(req) ? 'gzip' : null
}

const BROTLI_DOCUMENT = { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } }

/** The body compressed in one synchronous pass: a document is whole already, and small. */
export function compressWhole(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
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
