import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = {
	envelopeFrom: string
	envelopeTo: string[]
	/** The whole message as sent (headers and MIME body). */
	raw: string
}

/**
 * A real SMTP server on a free local port that keeps what it receives. No TLS
 * (so the client sends in the clear to 127.0.0.1), and authentication is
 * accepted but not required, as on a development relay.
 */
export async function startFakeSmtpServer() {
	const received: ReceivedMail[] = []
	const server = new SMTPServer({
		disabledCommands: ['STARTTLS'],
		authOptional: true,
		logger: false,
		onAuth(_auth, _session, callback) {
			callback(null, { user: 'test' })
		},
		onData(stream, session, callback) {
			const chunks: Buffer[] = []
			stream.on('data', (chunk: Buffer) => chunks.push(chunk))
			stream.on('end', () => {
				received.push({
					envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
					envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
					raw: Buffer.concat(chunks).toString('utf8'),
				})
				callback()
			})
		},
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.server.address() as AddressInfo
	return {
		url: `smtp://127.0.0.1:${port}`,
		received,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}
