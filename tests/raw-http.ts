import net from 'node:net'

/*
 * HTTP/1.1 by hand over a socket, for requests an HTTP client will not send: a head that promises
 * a body which never comes (is it refused before the body is read?), or a chunked body.
 */

export type RawAnswer = {
	status: number
	/** Lower-cased names. */
	headers: Record<string, string>
	body: string
	/** Resolves when the server closes the connection. */
	closed: Promise<void>
}

type Target = { host: string; port: number } | string

/**
 * Sends `lines` (the request line and headers; Host is added unless given) and then `body`, if any, and resolves
 * with the server's answer once its body (by Content-Length or chunks, else until the connection
 * closes) is in.
 * The socket is left for the server to close when it answered `Connection: close`.
 */
export function sendRaw(target: Target, lines: string[], body = ''): Promise<RawAnswer> {
	const { host, port } = typeof target === 'string' ? hostAndPort(target) : target
	return new Promise((resolve, reject) => {
		const socket = net.connect({ host, port })
		const closed = new Promise<void>((done) => socket.once('close', () => done()))
		let received: Buffer = Buffer.alloc(0)
		let head: Omit<RawAnswer, 'body' | 'closed'> | null = null
		let bodyStart = 0
		const finish = (body: Buffer = received.subarray(bodyStart)) => {
			if (!head) return reject(new Error(`the connection closed without an answer: ${received.toString('latin1')}`))
			resolve({ ...head, body: body.toString('utf8'), closed })
			// A connection the server keeps open is this side's to close.
			if (head.headers.connection !== 'close') socket.destroy()
		}
		socket.on('data', (chunk) => {
			received = Buffer.concat([received, chunk])
			if (!head) {
				const end = received.indexOf('\r\n\r\n')
				if (end < 0) return
				const [statusLine, ...fields] = received.subarray(0, end).toString('latin1').split('\r\n')
				const headers: Record<string, string> = {}
				for (const field of fields) {
					const colon = field.indexOf(':')
					headers[field.slice(0, colon).trim().toLowerCase()] = field.slice(colon + 1).trim()
				}
				head = { status: Number(statusLine!.split(' ')[1]), headers }
				bodyStart = end + 4
			}
			const length = head.headers['content-length']
			if (length !== undefined && received.length - bodyStart >= Number(length)) finish()
			if (head.headers['transfer-encoding'] === 'chunked') {
				const body = dechunk(received.subarray(bodyStart))
				if (body) finish(body)
			}
		})
		socket.once('close', () => finish())
		// A refused upload may be cut off while its body is still being written.
		socket.on('error', () => {})
		socket.once('connect', () => {
			const hostLine = lines.some((line) => /^host:/i.test(line)) ? [] : [`Host: ${host}:${port}`]
			socket.write([lines[0], ...hostLine, ...lines.slice(1)].join('\r\n') + '\r\n\r\n')
			if (body) socket.write(body)
		})
	})
}

/** The body of a chunked answer once its last chunk is in, else null. */
function dechunk(data: Buffer): Buffer | null {
	const chunks: Buffer[] = []
	let at = 0
	for (;;) {
		const lineEnd = data.indexOf('\r\n', at)
		if (lineEnd < 0) return null
		const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16)
		if (size === 0) return Buffer.concat(chunks)
		if (data.length < lineEnd + 2 + size + 2) return null
		chunks.push(data.subarray(lineEnd + 2, lineEnd + 2 + size))
		at = lineEnd + 2 + size + 2
	}
}

function hostAndPort(url: string) {
	const { hostname, port } = new URL(url)
	return { host: hostname, port: Number(port || 80) }
}
