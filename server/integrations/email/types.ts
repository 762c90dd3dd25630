/** An e-mail as Callboard sends it: always both an HTML and a plain-text body. */
export type EmailMessage = {
	to: string
	subject: string
	text: string
	html: string
}

/** A message as the outbox keeps it, for the development page and tests. */
export type OutboxMessage = EmailMessage & {
	id: string
	from: string
	/** ISO 8601 time the message was written. */
	createdAt: string
}

type MailerBase = {
	send(message: EmailMessage): Promise<void>
}

/**
 * Delivers one message now. Implementations: SMTP (nodemailer, when SMTP_URL
 * is set) and the outbox (files under DATA_DIR/outbox, links printed to the
 * log). Domain code never calls this directly: it enqueues the `email.send`
 * job, whose worker calls it with retries (server/jobs).
 *
 * A union on `kind`, so that checking `mailer.kind === 'outbox'` gives access
 * to the outbox's reader without importing the implementation.
 */
export type Mailer = SmtpMailer | OutboxMailer

export type SmtpMailer = MailerBase & { readonly kind: 'smtp' }

export type OutboxMailer = MailerBase & {
	readonly kind: 'outbox'
	/** Newest first; `to` matches the recipient case-insensitively. */
	list(options?: { to?: string; limit?: number }): Promise<OutboxMessage[]>
	read(id: string): Promise<OutboxMessage | null>
}
