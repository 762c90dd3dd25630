import type { Prisma } from '#server/db/generated/client.ts'
import type { EmailTokenPurpose } from '#server/db/generated/enums.ts'
import type { EmailMessage } from '#server/integrations/email/types.ts'
import type { PaymentEvent } from '#server/integrations/payments/types.ts'

/** Every background job and the data it carries. */
export type JobPayloads = {
	'email.send': EmailMessage
	/** E-mails a magic link or a password reset link to the account using `email`, if there is one. */
	'accounts.email-link': { email: string; purpose: Extract<EmailTokenPurpose, 'magic_link' | 'password_reset'> }
	'profile.ingest': { userId: string }
	/** Writes a draft's pending answers (a new draft, or answers asked to be regenerated). */
	'draft.generate': { draftId: string }
	/** Finds drafts whose worker died (no one holds their lock) and queues them again; every minute and at worker start. */
	'draft.recover': Record<string, never>
	/** Applies one verified Stripe webhook event. */
	'billing.event': PaymentEvent
	/** Gives the artist's Stripe customer the account's e-mail address (after it moved), so receipts follow. */
	'billing.customer-email': { userId: string }
	/** Deletes rows whose time is over (attempt counters, sessions, e-mail links); scheduled every 15 minutes. */
	'maintenance.cleanup': Record<string, never>
}

export type JobName = keyof JobPayloads

export type SendOptions = {
	/** At most one queued job per key (e.g. one pending ingest per user). */
	singletonKey?: string
	startAfterSeconds?: number
	/**
	 * Queue the job inside this transaction: it exists if and only if the transaction commits, so
	 * a crash between the two can never leave a paid draft without its job.
	 */
	tx?: Prisma.TransactionClient
}

/** Enqueues background work (pg-boss on PostgreSQL, so any app process may run it). */
export interface Jobs {
	send<N extends JobName>(name: N, data: JobPayloads[N], options?: SendOptions): Promise<void>
}
