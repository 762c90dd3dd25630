/*
 * Payments: Stripe Checkout, the billing portal and webhooks, behind a small interface (ARCHITECTURE.md,
 * "integrations"). Two implementations, chosen once from the environment (./index.ts): Stripe
 * through the `stripe` SDK when STRIPE_SECRET_KEY is set, and "not configured" otherwise, whose
 * every call throws PaymentsNotConfiguredError so pages can say that payments are not set up.
 * Nothing here reads the database: the billing domain (server/domain/billing) decides and records.
 */

export type CheckoutMode = 'subscription' | 'payment'

export type CheckoutSessionInput = {
	mode: CheckoutMode
	customerId: string
	priceId: string
	/** Stripe replaces {CHECKOUT_SESSION_ID} in it with the session's id. */
	successUrl: string
	cancelUrl: string
	/** Our user id, echoed back on the session and in webhooks. */
	clientReferenceId: string
	metadata: Record<string, string>
	/** Makes a retried create return the same session instead of a second one. */
	idempotencyKey?: string
}

export type CheckoutSession = {
	id: string
	url: string | null
	mode: CheckoutMode
	/** open, complete or expired */
	status: string | null
	/** paid, unpaid or no_payment_required */
	paymentStatus: string
	customerId: string | null
	subscriptionId: string | null
	paymentIntentId: string | null
	clientReferenceId: string | null
	metadata: Record<string, string>
	amountTotal: number | null
	currency: string | null
}

export type SubscriptionState = {
	id: string
	customerId: string
	/** active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused */
	status: string
	priceId: string | null
	/** When the current period ends (renewal, or the end of a cancelled subscription); null when unknown. */
	currentPeriodEnd: Date | null
	cancelAtPeriodEnd: boolean
	metadata: Record<string, string>
}

/** A verified webhook event: only what the billing domain reads. `object` is Stripe's JSON, unvalidated. */
export type PaymentEvent = {
	id: string
	type: string
	/** Seconds since the epoch, as Stripe sends it. */
	created: number
	object: Record<string, unknown>
}

export class PaymentsNotConfiguredError extends Error {
	constructor() {
		super('Payments are not set up on this installation.')
		this.name = 'PaymentsNotConfiguredError'
	}
}

/** The signature was missing or did not match: the request did not come from Stripe. */
export class InvalidWebhookSignatureError extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'InvalidWebhookSignatureError'
	}
}

/** Stripe has no such object (a customer or subscription deleted there): asking again cannot help. */
export function isResourceMissing(error: unknown): boolean {
	const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown }
	return code === 'resource_missing' || statusCode === 404
}

/**
 * Stripe has no customer by the id a call gave (deleted there, or the keys now point at another
 * Stripe account). Not when Stripe says the customer exists in the other mode: that is test keys
 * where live ones belong (or the reverse), an operator's mistake that must not cost the artist
 * their customer.
 */
export function isMissingCustomer(error: unknown): boolean {
	const { code, param, message } = (error ?? {}) as { code?: unknown; param?: unknown; message?: unknown }
	if (code !== 'resource_missing' || param !== 'customer') return false
	return !/similar object exists in (live|test) mode/i.test(String(message ?? ''))
}

export interface Payments {
	readonly kind: 'stripe' | 'not_configured'
	/** Price ids and the webhook secret are all set: checkout, the portal and webhooks can work. */
	readonly configured: boolean
	readonly prices: { pro: string | null; credits: string | null }
	/** The origin checkout and portal pages live on (a form's redirect must be allowed to go there). */
	readonly checkoutOrigins: string[]
	createCustomer(input: { email: string; userId: string; idempotencyKey: string }): Promise<{ id: string }>
	/** Where Stripe sends the customer's receipts and invoices; Stripe refuses a customer it no longer has (resource_missing). */
	updateCustomerEmail(input: { customerId: string; email: string }): Promise<void>
	createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession>
	retrieveCheckoutSession(id: string): Promise<CheckoutSession>
	createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>
	retrieveSubscription(id: string): Promise<SubscriptionState>
	/** The customer's subscriptions that have not ended (every status but canceled), newest first. */
	listSubscriptions(customerId: string): Promise<SubscriptionState[]>
	/** Ends a subscription now (the artist deleted their account); Stripe refuses one already ended. */
	cancelSubscription(id: string): Promise<void>
	/** The customer's checkout sessions that can still be paid, newest first. */
	listOpenCheckoutSessions(customerId: string): Promise<CheckoutSession[]>
	/** Makes an open checkout session unpayable; Stripe refuses one that is no longer open. */
	expireCheckoutSession(id: string): Promise<void>
	/** Verifies the signature on the raw body (Stripe-Signature header) and parses the event. */
	verifyWebhook(rawBody: Buffer, signature: string | null | undefined): PaymentEvent
}
