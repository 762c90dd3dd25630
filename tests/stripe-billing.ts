import type { AppContext } from '#server/context.ts'
import { startCheckout } from '#server/domain/billing/checkout.ts'
import { receiveStripeWebhook } from '#server/domain/billing/stripe-events.ts'
import { createStripePayments } from '#server/integrations/payments/stripe.ts'
import type { RecordingJobs } from '#tests/fakes/recording-jobs.ts'
import type { FakeEvent, FakeStripe } from '#tests/fakes/stripe-server.ts'

/** Payments through the real SDK, pointed at the fake Stripe, with the prices tests use. */
export function fakeStripePayments(stripe: FakeStripe, secretKey = 'sk_test_callboard') {
	return createStripePayments({ secretKey, webhookSecret: stripe.webhookSecret, pricePro: 'price_pro', priceCredits: 'price_pack', apiBase: stripe.url })
}

/** Delivers an event as Stripe would (signed), and runs the job it queues. */
export async function deliverStripeEvent(ctx: AppContext, stripe: FakeStripe, event: FakeEvent) {
	const { body, signature } = stripe.signedWebhook(event)
	await receiveStripeWebhook(ctx, Buffer.from(body), signature)
	await (ctx.jobs as RecordingJobs).runAll(ctx)
}

/** Checkout for Pro, paid on the fake's page, and its webhooks delivered. */
export async function subscribeToPro(ctx: AppContext, stripe: FakeStripe, actor: { id: string; role: 'user' | 'admin' }) {
	const { url } = await startCheckout(ctx, actor, { kind: 'subscription' })
	const { session, subscription, events } = await stripe.completeCheckout(url.split('/').at(-1)!)
	for (const event of events) await deliverStripeEvent(ctx, stripe, event)
	return { session, subscription: subscription!, events }
}
