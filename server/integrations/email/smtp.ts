import { createTransport } from 'nodemailer'
import type { SmtpMailer } from './types.ts'

// Sending happens in a job worker, never in a request, but a mail server that
// accepts a connection and then stalls must still not hold a worker forever:
// a timed-out send throws and pg-boss retries it later.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }

/** Sends through the SMTP server of `url` (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer({ url, from }: { url: string; from: string }): SmtpMailer {
	const transport = createTransport({ url, ...TIMEOUTS }, { from })
	return {
		kind: 'smtp',
		async send({ to, subject, text, html }) {
			await transport.sendMail({ to, subject, text, html })
		},
	}
}
