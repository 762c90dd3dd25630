import Stripe from 'stripe'
import {
	InvalidWebhookSignatureError,
	type CheckoutMode,
	type CheckoutSession,
	type Payments,
	type PaymentEvent,
	type SubscriptionState,
} from './types.ts'

export type StripePaymentsOptions = {
	secretKey: string
	webhookSecret: string | null
	pricePro: string | null
	priceCredits: string | null
	/** Another host speaking Stripe's API (STRIPE_API_BASE: the local fake in tests and e2e runs). */
	apiBase?: string
}

/** How long a read made while a page renders may wait for Stripe. */
const PAGE_READ_TIMEOUT_MS = 3_000
/** Where Stripe's hosted checkout and billing portal pages live. */
const STRIPE_PAGE_ORIGINS = ['https://checkout.stripe.com', 'https://billing.stripe.com']

/**
 * Payments through Stripe's API with the official SDK. Failures that outlast the SDK's retries are
 * thrown as the SDK's own errors (their `code` and `statusCode` tell "no such subscription" from an
 * outage), for the billing domain to decide what the artist sees.
 */
export function createStripePayments(options: StripePaymentsOptions): Payments {
	const base = options.apiBase ? new URL(options.apiBase) : null
	const stripe = new Stripe(options.secretKey, {
		...(base ? apiHost(base) : {}),
		// Every POST carries an idempotency key (ours or the SDK's), so retrying one cannot charge twice.
		maxNetworkRetries: 2,
		// Checkout and the portal are created while the artist waits, some inside a database transaction.
		timeout: 10_000,
	})
	const { webhookSecret } = options

	return {
		kind: 'stripe',
		configured: Boolean(webhookSecret && options.pricePro && options.priceCredits),
		prices: { pro: options.pricePro, credits: options.priceCredits },
		// The fake serves its checkout and portal pages on its own origin.
		checkoutOrigins: base ? [base.origin] : STRIPE_PAGE_ORIGINS,

		async createCustomer({ email, userId, idempotencyKey }) {
			const customer = await stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey })
			return { id: customer.id }
		},

		async updateCustomerEmail({ customerId, email }) {
			await stripe.customers.update(customerId, { email })
		},

		async createCheckoutSession(input) {
			const session = await stripe.checkout.sessions.create(
				{
					mode: input.mode,
					customer: input.customerId,
					line_items: [{ price: input.priceId, quantity: 1 }],
					success_url: input.successUrl,
					cancel_url: input.cancelUrl,
					client_reference_id: input.clientReferenceId,
					metadata: input.metadata,
					// The same metadata on what the session creates, so later events about the subscription
					// or the payment (a refund's charge) name the artist too.
					...(input.mode === 'subscription'
						? { subscription_data: { metadata: input.metadata } }
						: { payment_intent_data: { metadata: input.metadata } }),
				},
				input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
			)
			return toCheckoutSession(session)
		},

		async retrieveCheckoutSession(id) {
			// Read while /billing/success renders, holding one of the process's turns for reads (ADR 026,
			// decision 17): asked once, briefly; the page does without it.
			return toCheckoutSession(await stripe.checkout.sessions.retrieve(id, {}, { timeout: PAGE_READ_TIMEOUT_MS, maxNetworkRetries: 0 }))
		},

		async createPortalSession({ customerId, returnUrl }) {
			const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })
			return { url: session.url }
		},

		async retrieveSubscription(id) {
			return toSubscriptionState(await stripe.subscriptions.retrieve(id))
		},

		async listSubscriptions(customerId) {
			// A customer has one or two at most; a hundred is the page Stripe allows.
			const list = await stripe.subscriptions.list({ customer: customerId, limit: 100 })
			return list.data.map(toSubscriptionState)
		},

		async cancelSubscription(id) {
			await stripe.subscriptions.cancel(id)
		},

		async listOpenCheckoutSessions(customerId) {
			const list = await stripe.checkout.sessions.list({ customer: customerId, status: 'open', limit: 100 })
			// Setup-mode sessions are never Callboard's.
			return list.data.filter((session) => session.mode === 'subscription' || session.mode === 'payment').map(toCheckoutSession)
		},

		async expireCheckoutSession(id) {
			await stripe.checkout.sessions.expire(id)
		},

		verifyWebhook(rawBody, signature) {
			if (!webhookSecret) throw new InvalidWebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set: webhooks cannot be verified.')
			if (!signature) throw new InvalidWebhookSignatureError('The Stripe-Signature header is missing.')
			let event: Stripe.Event
			try {
				event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret)
			} catch (error) {
				throw new InvalidWebhookSignatureError(error instanceof Error ? error.message : String(error))
			}
			return toPaymentEvent(event)
		},
	}
}

/** The SDK takes a host, a port and a protocol rather than a URL; a path on STRIPE_API_BASE is not supported. */
function apiHost(base: URL) {
	const protocol = base.protocol === 'http:' ? ('http' as const) : ('https' as const)
	return { host: base.hostname, port: base.port || (protocol === 'http' ? '80' : '443'), protocol }
}

/** An expandable field: the id string, or the expanded object carrying it. */
function idOf(value: string | { id: string } | null | undefined): string | null {
	if (!value) return null
	return typeof value === 'string' ? value : value.id
}

function toCheckoutSession(session: Stripe.Checkout.Session): CheckoutSession {
	return {
		id: session.id,
		url: session.url,
		mode: checkoutMode(session),
		status: session.status,
		paymentStatus: session.payment_status,
		customerId: idOf(session.customer),
		subscriptionId: idOf(session.subscription),
		paymentIntentId: idOf(session.payment_intent),
		clientReferenceId: session.client_reference_id,
		metadata: session.metadata ?? {},
		amountTotal: session.amount_total,
		currency: session.currency,
	}
}

function checkoutMode(session: Stripe.Checkout.Session): CheckoutMode {
	if (session.mode === 'subscription') return 'subscription'
	if (session.mode === 'payment') return 'payment'
	throw new Error(`Checkout session ${session.id} has mode "${session.mode}", which Callboard never creates.`)
}

function toSubscriptionState(subscription: Stripe.Subscription): SubscriptionState {
	const item = subscription.items.data[0]
	// Since API version 2025-03-31 the period is on each item; older versions had it on the subscription.
	const legacyPeriodEnd = (subscription as { current_period_end?: number | null }).current_period_end
	const periodEnd = item?.current_period_end ?? legacyPeriodEnd
	return {
		id: subscription.id,
		customerId: idOf(subscription.customer) ?? '',
		status: subscription.status,
		priceId: idOf(item?.price),
		currentPeriodEnd: typeof periodEnd === 'number' ? new Date(periodEnd * 1000) : null,
		cancelAtPeriodEnd: subscription.cancel_at_period_end,
		metadata: subscription.metadata ?? {},
	}
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
	return {
		id: event.id,
		type: event.type,
		created: event.created,
		object: event.data.object as unknown as Record<string, unknown>,
	}
}
