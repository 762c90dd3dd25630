import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'

/*
 * What the local fake servers (Anthropic, Stripe, S3) share: reading a request and answering JSON,
 * as the real APIs do over HTTP.
 */

/** A header's first value, or undefined when it is missing or empty. */
export function header(headers: IncomingHttpHeaders, name: string) {
	const value = headers[name]
	return (Array.isArray(value) ? value[0] : value) || undefined
}

export async function readBody(req: IncomingMessage) {
	const chunks: Buffer[] = []
	for await (const chunk of req) chunks.push(chunk as Buffer)
	return Buffer.concat(chunks)
}

/** `indent`: Stripe's API pretty-prints its JSON; Anthropic's does not. */
export function sendJson(res: ServerResponse, status: number, body: unknown, { indent }: { indent?: number } = {}) {
	if (res.destroyed || res.headersSent) return
	res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body, null, indent))
}
