import type { AppContext } from '#server/context.ts'
import { splitLinks } from '#server/integrations/email/links.ts'
import type { OutboxMailer, OutboxMessage } from '#server/integrations/email/types.ts'

/**
 * The outbox pages exist only where mail goes to the outbox, and only in
 * development unless OUTBOX_PAGE is set (the end-to-end tests run the
 * production build and read confirmation links there). Anywhere else they are
 * a plain 404, so a deployment does not even reveal they exist.
 */
export function requireOutboxPage({ env, mailer }: Pick<AppContext, 'env' | 'mailer'>): OutboxMailer {
	if (mailer.kind !== 'outbox' || (env.isProduction && !env.OUTBOX_PAGE)) {
		throw new Response('Not Found', { status: 404 })
	}
	return mailer
}

/** What the pages show of a message: its text body split into text and links, rendered as anchors. */
export function toOutboxView({ id, to, from, subject, createdAt, text }: OutboxMessage) {
	return { id, to, from, subject, createdAt, text: splitLinks(text) }
}
