import type { Server } from 'node:http'
import type { Duplex } from 'node:stream'

type ClientError = Error & { code?: string }

/** What node:http would answer for each parse error, by the same codes (its own default handler). */
const ANSWERS: Record<string, { status: number; reason: string; body: string }> = {
	HPE_HEADER_OVERFLOW: {
		status: 431,
		reason: 'Request Header Fields Too Large',
		body: 'This request’s address or cookies are too long for the server to read (16 KB at most). Shorten the address, or clear this site’s cookies, and try again.',
	},
	HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, reason: 'Content Too Large', body: 'This request is too large for the server to read.' },
	ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', body: 'The request took too long to arrive. Try again.' },
}
const MALFORMED = { status: 400, reason: 'Bad Request', body: 'The server could not read this request.' }

/**
 * Answers what node:http refuses before any handler runs (a head over its 16 KB limit, a malformed
 * request, one too slow to arrive) with the status node would send, and a sentence: node's own
 * answers have no body, so a browser showed a blank page for an address or cookies too long.
 */
export function answerClientErrors(server: Server) {
	server.on('clientError', (error: ClientError, socket: Duplex) => {
		const response = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage
		if (error.code === 'ECONNRESET' || !socket.writable || response?.headersSent) return void socket.destroy()
		const { status, reason, body } = ANSWERS[error.code ?? ''] ?? MALFORMED
		// Then closed, as node's own answer is: ended only, the socket stays half open for a client
		// that neither closes nor sends (and a shutdown waits for it).
		socket.end(
			`HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
			() => socket.destroy(),
		)
	})
}
