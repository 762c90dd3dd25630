/** An e-mail as Callboard sends it: always both an HTML and a plain-text body. */
export type EmailMessage = {
	to: string
	subject: string
	text: string
	html: string
}

/**
 * Delivers one message now. Implementations: SMTP (nodemailer, when SMTP_URL
 * is set) and the outbox (files under DATA_DIR/outbox, links printed to the
 * log). Domain code never calls this directly: it enqueues the `email.send`
 * job, whose worker calls it with retries (server/jobs).
 */
export interface Mailer {
	readonly kind: 'smtp' | 'outbox'
	send(message: EmailMessage): Promise<void>
}
