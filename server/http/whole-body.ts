import type { Request, Response } from 'express'

/** Whether the client takes a gzipped body rather than the plain one (the only encoding sent whole here). */
export const takesGzip = (req: Request) => req.acceptsEncodings('gzip', 'identity') === 'gzip'

/**
 * Ends a response with a body that is already whole, in one write with its length: unstated, the
 * compression middleware's wrapper would send it chunked, in two writes. Used for documents
 * (remix-handler.ts) and kept public pages (page-cache.ts).
 */
export function endWhole(res: Response, body: Buffer, { gzipped }: { gzipped: boolean }) {
	if (gzipped) res.setHeader('Content-Encoding', 'gzip')
	res.setHeader('Content-Length', body.length)
	res.end(body)
}
