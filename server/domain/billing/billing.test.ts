import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { AppContext } from '#server/context.ts'
import { approveEmailChange, confirmEmailChange, requestEmailChange } from '#server/domain/accounts/email-change.ts'
import { setUserPlan } from '#server/domain/admin/users.ts'
import type { EmailMessage } from '#server/integrations/email/types.ts'
import { createNotConfiguredPayments } from '#server/integrations/payments/not-configured.ts'
import { InvalidWebhookSignatureError } from '#server/integrations/payments/types.ts'
import { createTestContext } from '#tests/app-context.ts'
import { lockWaiters } from '#tests/db.ts'
import { createActors, createUser, setPlan, uniqueEmail } from '#tests/factories.ts'
import type { RecordingJobs } from '#tests/fakes/recording-jobs.ts'
import { startFakeStripe, type FakeEvent } from '#tests/fakes/stripe-server.ts'
import { deliverStripeEvent, fakeStripePayments, subscribeToPro } from '#tests/stripe-billing.ts'
import { BILLING_MESSAGES } from './billing.schema.ts'
import { getCheckoutOutcome, openBillingPortal, startCheckout } from './checkout.ts'
import { syncCustomerEmail } from './customer-email.ts'
import { receiveStripeWebhook } from './stripe-events.ts'
import { getBillingSummary } from './summary.ts'

/*
 * Billing against a local server speaking Stripe's API, through the real `stripe` SDK: checkout,
 * the portal, and webhooks signed as Stripe signs them, applied by the billing.event job.
 */

const WEBHOOK_SECRET = 'whsec_billing_test'
let stripe: Awaited<ReturnType<typeof startFakeStripe>>

beforeAll(async () => {
	stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET })
})
afterAll(() => stripe.close())
beforeEach(() => stripe.reset())

async function setup() {
	const ctx = await createTestContext({ payments: fakeStripePayments(stripe, 'sk_test_billing') })
	const user = await createUser(ctx.db, { onboardingCompleted: true })
	await setPlan(ctx.db, user.id, { credits: 0 })
	return { ctx, actor: { id: user.id, role: 'user' as const }, user }
}

const WAIT = { timeout: 10_000, interval: 50 }

const deliver = (ctx: AppContext, event: FakeEvent) => deliverStripeEvent(ctx, stripe, event)

const profileOf = (ctx: AppContext, userId: string) =>
	ctx.db.profile.findUniqueOrThrow({ where: { userId }, select: { plan: true, planSource: true, creditsRemaining: true, stripeCustomerId: true } })

const customerOf = async (ctx: AppContext, userId: string) => stripe.customers.get((await profileOf(ctx, userId)).stripeCustomerId ?? '')

const subscribe = (ctx: AppContext, actor: { id: string; role: 'user' }) => subscribeToPro(ctx, stripe, actor)

/** A Pro checkout made straight through Stripe (its dashboard, or before Callboard's one-checkout rule). */
function proCheckoutAroundTheRule(ctx: AppContext, userId: string, customerId: string) {
	return ctx.payments.createCheckoutSession({
		mode: 'subscription',
		customerId,
		priceId: 'price_pro',
		successUrl: 'http://localhost:3999/billing/success',
		cancelUrl: 'http://localhost:3999/billing/cancel',
		clientReferenceId: userId,
		metadata: { userId, kind: 'subscription' },
	})
}

describe('checkout and the portal', () => {
	test('one customer per artist, created once even when five clicks arrive together, and a subscription checkout', async () => {
		const { ctx, actor } = await setup()
		const results = await Promise.all(Array.from({ length: 5 }, () => startCheckout(ctx, actor, { kind: 'subscription' })))
		expect(stripe.customers.size).toBe(1)
		const { stripeCustomerId } = await profileOf(ctx, actor.id)
		expect(stripeCustomerId).toBe([...stripe.customers.keys()][0])
		expect(results.every((result) => result.destination === 'checkout' && result.url.startsWith(`${stripe.url}/c/pay/cs_`))).toBe(true)
		// One checkout, whichever click made it: two tabs could otherwise pay for two subscriptions.
		expect(new Set(results.map((result) => result.url)).size).toBe(1)
		expect(stripe.sessions.size).toBe(1)
		const session = [...stripe.sessions.values()][0]!
		expect(session).toMatchObject({
			mode: 'subscription',
			customer: stripeCustomerId,
			client_reference_id: actor.id,
			success_url: 'http://localhost:3999/billing/success?success=true&session_id={CHECKOUT_SESSION_ID}',
			cancel_url: 'http://localhost:3999/billing/cancel',
			metadata: { userId: actor.id, kind: 'subscription' },
		})
		const created = stripe.requests.find((request) => request.method === 'POST' && request.path === '/v1/checkout/sessions')!
		expect(created.body).toMatchObject({ line_items: [{ price: 'price_pro', quantity: '1' }] })
	})

	test('a credit pack is a one-time payment carrying its size', async () => {
		const { ctx, actor } = await setup()
		await startCheckout(ctx, actor, { kind: 'credits' })
		expect([...stripe.sessions.values()][0]).toMatchObject({ mode: 'payment', metadata: { kind: 'credits', credits: '5' } })
		expect(stripe.requests.find((request) => request.method === 'POST' && request.path === '/v1/checkout/sessions')!.body).toMatchObject({ line_items: [{ price: 'price_pack' }] })
	})

	test('an artist who already pays for Pro is sent to the billing portal, not a second subscription', async () => {
		const { ctx, actor } = await setup()
		await subscribe(ctx, actor)
		const again = await startCheckout(ctx, actor, { kind: 'subscription' })
		expect(again).toMatchObject({ destination: 'portal', url: expect.stringContaining(`${stripe.url}/p/session/`) })
		expect(stripe.sessions.size).toBe(1)
		expect(await openBillingPortal(ctx, actor)).toMatchObject({ url: expect.stringContaining('/p/session/') })
	})

	test('a Pro checkout paid in one tab sends the other tab to the portal, before any webhook arrives', async () => {
		const { ctx, actor } = await setup()
		const first = await startCheckout(ctx, actor, { kind: 'subscription' })
		const second = await startCheckout(ctx, actor, { kind: 'subscription' })
		expect(second.url).toBe(first.url)
		await stripe.completeCheckout(first.url.split('/').at(-1)!)
		// No webhook delivered: our records still say free, Stripe says subscribed.
		expect(await profileOf(ctx, actor.id)).toMatchObject({ plan: 'free' })
		expect(await startCheckout(ctx, actor, { kind: 'subscription' })).toMatchObject({ destination: 'portal' })
		expect(stripe.sessions.size).toBe(1)
	})

	test('of Pro checkouts left open from before, the newest is offered again and the others can no longer be paid', async () => {
		const { ctx, actor } = await setup()
		const { url } = await startCheckout(ctx, actor, { kind: 'subscription' })
		const { stripeCustomerId } = await profileOf(ctx, actor.id)
		const newer = await proCheckoutAroundTheRule(ctx, actor.id, stripeCustomerId!)
		// A credit pack's checkout left open would be payable on Pro, which refuses packs: expired too.
		const pack = await startCheckout(ctx, actor, { kind: 'credits' })
		expect(await startCheckout(ctx, actor, { kind: 'subscription' })).toEqual({ destination: 'checkout', url: newer.url })
		expect(stripe.sessions.get(url.split('/').at(-1)!)).toMatchObject({ status: 'expired', url: null })
		expect(stripe.sessions.get(pack.url.split('/').at(-1)!)).toMatchObject({ status: 'expired' })
		await expect(stripe.completeCheckout(url.split('/').at(-1)!)).rejects.toThrow(/already expired/)
	})

	test('a credit pack is refused on Pro, where drafts are unlimited', async () => {
		const { ctx, actor } = await setup()
		await subscribe(ctx, actor)
		await expect(startCheckout(ctx, actor, { kind: 'credits' })).rejects.toMatchObject({ code: 'CONFLICT', message: BILLING_MESSAGES.packOnPro })
		expect([...stripe.sessions.values()].filter((session) => session.mode === 'payment')).toHaveLength(0)
	})

	test('a credit-pack checkout opened after the Pro one, in another tab, is closed once Pro starts', async () => {
		const { ctx, actor } = await setup()
		const pro = await startCheckout(ctx, actor, { kind: 'subscription' })
		const pack = await startCheckout(ctx, actor, { kind: 'credits' })
		const { events } = await stripe.completeCheckout(pro.url.split('/').at(-1)!)
		for (const event of events) await deliver(ctx, event)

		expect(await profileOf(ctx, actor.id)).toMatchObject({ plan: 'pro' })
		const packId = pack.url.split('/').at(-1)!
		expect(stripe.sessions.get(packId)).toMatchObject({ status: 'expired' })
		await expect(stripe.completeCheckout(packId)).rejects.toThrow(/already expired/)
	})

	test('a credit-pack checkout Stripe is still creating when Pro starts is closed by its click, which is refused', async () => {
		const { ctx, actor } = await setup()
		const pro = await startCheckout(ctx, actor, { kind: 'subscription' })
		// The pack's click has read the plan (Free) and waits for Stripe to create its checkout.
		const release = stripe.holdNext('/v1/checkout/sessions')
		const pack = startCheckout(ctx, actor, { kind: 'credits' })
		await vi.waitFor(() => expect(stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/checkout/sessions')).toHaveLength(2), WAIT)
		// Pro is recorded, and the webhook closes the packs open so far: none yet.
		const { events } = await stripe.completeCheckout(pro.url.split('/').at(-1)!)
		for (const event of events) await deliver(ctx, event)
		expect(await profileOf(ctx, actor.id)).toMatchObject({ plan: 'pro' })
		release()

		await expect(pack).rejects.toMatchObject({ code: 'CONFLICT', message: BILLING_MESSAGES.packOnPro })
		const packs = [...stripe.sessions.values()].filter((session) => session.mode === 'payment')
		expect(packs).toHaveLength(1)
		expect(packs[0]).toMatchObject({ status: 'expired' })
		await expect(stripe.completeCheckout(packs[0]!.id)).rejects.toThrow(/already expired/)
	})

	test('Stripe failing while those pack checkouts are closed does not hold up or undo the upgrade', async () => {
		const { ctx, actor } = await setup()
		const pro = await startCheckout(ctx, actor, { kind: 'subscription' })
		await startCheckout(ctx, actor, { kind: 'credits' })
		const { events } = await stripe.completeCheckout(pro.url.split('/').at(-1)!)
		stripe.failNext('/v1/checkout/sessions', 500, 'Stripe is down', { method: 'GET', times: 10 })
		for (const event of events) await deliver(ctx, event)

		expect(await profileOf(ctx, actor.id)).toMatchObject({ plan: 'pro' })
	})

	test('a customer Stripe no longer has is replaced at the next checkout; the portal says there is nothing to manage', async () => {
		const { ctx, actor, user } = await setup()
		await startCheckout(ctx, actor, { kind: 'subscription' })
		// Deleted in Stripe's dashboard (its idempotency keys stay), with the checkout it had open.
		stripe.customers.clear()
		stripe.sessions.clear()
		const lost = (await profileOf(ctx, actor.id)).stripeCustomerId
		const { url } = await startCheckout(ctx, actor, { kind: 'subscription' })
		expect(url).toContain('/c/pay/')
		const replaced = (await profileOf(ctx, actor.id)).stripeCustomerId
		expect(replaced).not.toBe(lost)
		expect(stripe.customers.get(replaced!)?.email).toBe(user.email)

		stripe.customers.clear()
		await expect(openBillingPortal(ctx, actor)).rejects.toMatchObject({ code: 'CONFLICT', message: BILLING_MESSAGES.noBillingAccount })
		expect((await profileOf(ctx, actor.id)).stripeCustomerId).toBeNull()
		await startCheckout(ctx, actor, { kind: 'credits' })
		expect(stripe.customers.size).toBe(1)
	})

	test('a paying artist keeps their customer when Stripe says it has none: keys of another account, or of the other mode', async () => {
		const { ctx, actor } = await setup()
		await subscribe(ctx, actor)
		const { stripeCustomerId } = await profileOf(ctx, actor.id)
		// Keys of another Stripe account: no such customer, and a live subscription on record.
		stripe.failNext('/v1/billing_portal/sessions', 400, `No such customer: '${stripeCustomerId}'`, { code: 'resource_missing', param: 'customer' })
		await expect(openBillingPortal(ctx, actor)).rejects.toMatchObject({ code: 'UNAVAILABLE', message: BILLING_MESSAGES.portalFailed })
		expect((await profileOf(ctx, actor.id)).stripeCustomerId).toBe(stripeCustomerId)

		// Test keys where live ones belong, for an artist with no subscription: Stripe says the customer is in the other mode.
		const free = await setup()
		await startCheckout(free.ctx, free.actor, { kind: 'credits' })
		const customer = (await profileOf(ctx, free.actor.id)).stripeCustomerId
		const message = `No such customer: '${customer}'; a similar object exists in live mode, but a test mode key was used to make this request.`
		stripe.failNext('/v1/billing_portal/sessions', 400, message, { code: 'resource_missing', param: 'customer' })
		await expect(openBillingPortal(free.ctx, free.actor)).rejects.toMatchObject({ code: 'UNAVAILABLE' })
		expect((await profileOf(ctx, free.actor.id)).stripeCustomerId).toBe(customer)
	})

	test('a customer Stripe created while the transaction keeping it rolled back is reused, and the address moving since does not block checkout', async () => {
		/** Makes the next saves of these artists' customer ids fail, as a database lost after Stripe answered would. */
		async function failSavingCustomer(userIds: string[]) {
			await ctx.db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION fail_customer_save() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'database lost'; END $$ LANGUAGE plpgsql`)
			await ctx.db.$executeRawUnsafe(
				`CREATE TRIGGER fail_customer_save BEFORE UPDATE OF stripe_customer_id ON profiles FOR EACH ROW WHEN (NEW.user_id IN (${userIds.map((id) => `'${id}'`).join(', ')})) EXECUTE FUNCTION fail_customer_save()`,
			)
		}
		const { ctx, actor } = await setup()
		const moving = await setup()
		await failSavingCustomer([actor.id, moving.actor.id])
		for (const artist of [actor, moving.actor]) {
			await expect(startCheckout(ctx, artist, { kind: 'credits' })).rejects.toMatchObject({ message: BILLING_MESSAGES.checkoutSessionFailed })
		}
		await ctx.db.$executeRawUnsafe('DROP TRIGGER fail_customer_save ON profiles')
		expect(stripe.customers.size).toBe(2)

		// The same address: Stripe answers the retried create with the customer it made.
		await startCheckout(ctx, actor, { kind: 'credits' })
		expect(stripe.customers.size).toBe(2)
		// A moved address: a new customer with it (the old key, with the old address, would be refused).
		const next = uniqueEmail()
		await ctx.db.user.update({ where: { id: moving.actor.id }, data: { email: next } })
		await startCheckout(ctx, moving.actor, { kind: 'credits' })
		expect((await customerOf(ctx, moving.actor.id))?.email).toBe(next)
	})

	test('errors say what the specification says', async () => {
		const { ctx, actor } = await setup()
		await expect(openBillingPortal(ctx, actor)).rejects.toMatchObject({ code: 'CONFLICT', message: BILLING_MESSAGES.noBillingAccount })
		stripe.failNext('/v1/checkout/sessions', 500, 'Stripe is down', { times: 5 })
		await expect(startCheckout(ctx, actor, { kind: 'subscription' })).rejects.toMatchObject({ code: 'UNAVAILABLE', message: BILLING_MESSAGES.checkoutSessionFailed })
		stripe.failNext('/v1/billing_portal/sessions', 500, 'Stripe is down', { times: 5 })
		await expect(openBillingPortal(ctx, actor)).rejects.toMatchObject({ code: 'UNAVAILABLE', message: BILLING_MESSAGES.portalFailed })
		await expect(startCheckout(ctx, actor, { kind: 'lifetime' as never })).rejects.toMatchObject({ code: 'INVALID' })

		const offline = await createTestContext()
		await expect(startCheckout(offline, actor, { kind: 'subscription' })).rejects.toMatchObject({ code: 'CONFLICT', message: BILLING_MESSAGES.notConfigured })
		await expect(openBillingPortal(offline, actor)).rejects.toMatchObject({ message: BILLING_MESSAGES.notConfigured })
	})

	test('the success page learns what was bought, only for its own paid session', async () => {
		const { ctx, actor } = await setup()
		const { url } = await startCheckout(ctx, actor, { kind: 'credits' })
		const sessionId = url.split('/').at(-1)!
		expect(await getCheckoutOutcome(ctx, actor, sessionId)).toBeNull()
		await stripe.completeCheckout(sessionId)
		expect(await getCheckoutOutcome(ctx, actor, sessionId)).toEqual({ kind: 'credits', credits: 5 })
		const { actor: other } = await setup()
		expect(await getCheckoutOutcome(ctx, other, sessionId)).toBeNull()
		expect(await getCheckoutOutcome(ctx, actor, '../v1/customers')).toBeNull()
	})
})

describe('webhooks', () => {
	test('a subscription checkout makes the artist Pro, with the renewal date, recorded as Stripe’s', async () => {
		const { ctx, actor } = await setup()
		const { subscription } = await subscribe(ctx, actor)
		expect(await profileOf(ctx, actor.id)).toMatchObject({ plan: 'pro', planSource: 'stripe' })
		const summary = await getBillingSummary(ctx, actor)
		expect(summary).toMatchObject({ plan: 'pro', subscription: { status: 'active', cancelAtPeriodEnd: false, paymentFailed: false }, canManage: true })
		expect(summary.subscription!.periodEnd).toBe(new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString().slice(0, 10))
		expect(await ctx.db.auditLogEntry.findMany({ where: { targetUserId: actor.id }, select: { action: true, details: true } })).toMatchObject([
			{ action: 'plan_changed', details: { from: 'free', to: 'pro', source: 'stripe' } },
		])
	})

	test('a bad or missing signature is refused and changes nothing', async () => {
		const { ctx, actor } = await setup()
		await startCheckout(ctx, actor, { kind: 'subscription' })
		const event = stripe.event('customer.subscription.created', { id: 'sub_forged', customer: (await profileOf(ctx, actor.id)).stripeCustomerId })
		const { body } = stripe.signedWebhook(event)
		const forged = stripe.signedWebhook(event, 'whsec_someone_else').signature
		await expect(receiveStripeWebhook(ctx, Buffer.from(body), forged)).rejects.toThrow(InvalidWebhookSignatureError)
		await expect(receiveStripeWebhook(ctx, Buffer.from(body), undefined)).rejects.toThrow(InvalidWebhookSignatureError)
		await expect(receiveStripeWebhook(ctx, Buffer.from(body.replace('sub_forged', 'sub_other')), stripe.signedWebhook(event).signature)).rejects.toThrow(
			InvalidWebhookSignatureError,
		)
		expect((ctx.jobs as RecordingJobs).sent).toEqual([])
		expect(await profileOf(ctx, actor.id)).toMatchObject({ plan: 'free' })
	})

	test('an event delivered ten times has one effect', async () => {
		const { ctx, actor } = await setup()
		const { url } = await startCheckout(ctx, actor, { kind: 'credits' })
		const { events } = await stripe.completeCheckout(url.split('/').at(-1)!)
		for (let delivery = 0; delivery < 10; delivery++) await deliver(ctx, events[0]!)
		expect(await profileOf(ctx, actor.id)).toMatchObject({ creditsRemaining: 5 })
		expect(await ctx.db.creditLedgerEntry.findMany({ where: { userId: actor.id }, select: { delta: true, reason: true, stripeEventId: true } })).toEqual([
			{ delta: 5, reason: 'credit_pack', stripeEventId: events[0]!.id },
		])
		expect(await ctx.db.processedStripeEvent.count({ where: { id: events[0]!.id } })).toBe(1)
	})

	test('events out of order end in Stripe’s current state: deleted before created, an older update after a newer one', async () => {
		const { ctx, actor } = await setup()
		const { url } = await startCheckout(ctx, actor, { kind: 'subscription' })
		const { subscription, events } = await stripe.completeCheckout(url.split('/').at(-1)!)
		const created = events[1]!
		const cancelled = stripe.setSubscription(subscription!.id, { status: 'canceled' })
		const deleted = stripe.event('customer.subscription.deleted', cancelled.subscription)
		await deliver(ctx, deleted)
		await deliver(ctx, created)
		await deliver(ctx, events[0]!)
		expect(await profileOf(ctx, actor.id)).toMatchObject({ plan: 'free' })

		const { actor: other } = await setup()
		const second = await subscribe(ctx, other)
		const renewed = new Date(Date.now() + 60 * 24 * 3600 * 1000)
		const newer = stripe.event('customer.subscription.updated', stripe.setSubscription(second.subscription.id, { current_period_end: renewed }).subscription, { created: 2_000_000_000 })
		const older = stripe.event('customer.subscription.updated', { ...second.subscription, status: 'past_due' }, { created: 1_000_000_000 })
		await deliver(ctx, newer)
		await deliver(ctx, older)
		expect(await profileOf(ctx, other.id)).toMatchObject({ plan: 'pro' })
		expect((await getBillingSummary(ctx, other)).subscription).toMatchObject({ status: 'active', periodEnd: renewed.toISOString().slice(0, 10) })
	})

	test('cancel at period end keeps Pro until then; a failed payment shows the banner until an invoice is paid; Stripe ending it ends Pro', async () => {
		const { ctx, actor } = await setup()
		const { subscription } = await subscribe(ctx, actor)
		await deliver(ctx, stripe.event('customer.subscription.updated', stripe.setSubscription(subscription.id, { cancel_at_period_end: true }).subscription))
		expect(await profileOf(ctx, actor.id)).toMatchObject({ plan: 'pro' })
		expect((await getBillingSummary(ctx, actor)).subscription).toMatchObject({ cancelAtPeriodEnd: true })

		stripe.setSubscription(subscription.id, { status: 'past_due' })
		await deliver(ctx, stripe.event('invoice.payment_failed', { id: 'in_failed', customer: subscription.customer, subscription: subscription.id }))
		expect(await profileOf(ctx, actor.id)).toMatchObject({ plan: 'pro' })
		expect((await getBillingSummary(ctx, actor)).subscription).toMatchObject({ status: 'past_due', paymentFailed: true })

		stripe.setSubscription(subscription.id, { status: 'active' })
		await deliver(ctx, stripe.event('invoice.paid', { id: 'in_paid', customer: subscription.customer, subscription: subscription.id }))
		expect((await getBillingSummary(ctx, actor)).subscription).toMatchObject({ paymentFailed: false })

		await deliver(ctx, stripe.event('customer.subscription.deleted', stripe.setSubscription(subscription.id, { status: 'canceled' }).subscription))
		expect(await profileOf(ctx, actor.id)).toMatchObject({ plan: 'free' })
	})

	test('a failed payment whose event arrives after the next payment went through shows no banner', async () => {
		const { ctx, actor } = await setup()
		const { subscription } = await subscribe(ctx, actor)
		const failed = stripe.event('invoice.payment_failed', { id: 'in_1', customer: subscription.customer, subscription: subscription.id }, { created: 1_000_000_000 })
		const paid = stripe.event('invoice.paid', { id: 'in_2', customer: subscription.customer, subscription: subscription.id }, { created: 1_000_000_600 })
		// The card was fixed and the invoice paid: Stripe has the subscription active again.
		await deliver(ctx, paid)
		await deliver(ctx, failed)
		expect((await getBillingSummary(ctx, actor)).subscription).toMatchObject({ status: 'active', paymentFailed: false })
	})

	test('a refunded pack takes back its unspent credits, never below zero', async () => {
		const { ctx, actor } = await setup()
		const { url } = await startCheckout(ctx, actor, { kind: 'credits' })
		const { session, events } = await stripe.completeCheckout(url.split('/').at(-1)!)
		await deliver(ctx, events[0]!)
		// Three of the five are spent before the refund.
		await ctx.db.profile.update({ where: { userId: actor.id }, data: { creditsRemaining: 2 } })
		const refund = stripe.event('charge.refunded', { id: 'ch_1', customer: session.customer, payment_intent: session.payment_intent, amount: 900, amount_refunded: 900 })
		await deliver(ctx, refund)
		await deliver(ctx, refund)
		expect(await profileOf(ctx, actor.id)).toMatchObject({ creditsRemaining: 0 })
		expect(await ctx.db.creditLedgerEntry.findMany({ where: { userId: actor.id, reason: 'credit_pack_refund' }, select: { delta: true } })).toEqual([{ delta: -2 }])
	})

	test('an artist billed for two Pro subscriptions is told so, and cancelling one still shows the other renewing', async () => {
		const { ctx, actor } = await setup()
		await subscribe(ctx, actor)
		// A second subscription made around the checkout rule (in Stripe's dashboard, or before the rule).
		const { stripeCustomerId } = await profileOf(ctx, actor.id)
		const extra = await proCheckoutAroundTheRule(ctx, actor.id, stripeCustomerId!)
		const paid = await stripe.completeCheckout(extra.id)
		for (const event of paid.events) await deliver(ctx, event)
		expect((await getBillingSummary(ctx, actor)).subscription).toMatchObject({ renewing: 2, cancelAtPeriodEnd: false })

		const { subscription, previousAttributes } = stripe.setSubscription(paid.subscription!.id, { cancel_at_period_end: true })
		await deliver(ctx, stripe.event('customer.subscription.updated', subscription, { previousAttributes }))
		expect((await getBillingSummary(ctx, actor)).subscription).toMatchObject({ renewing: 1, cancelAtPeriodEnd: false })
	})

	test('a plan an admin gave is not undone by Stripe events for a user without that subscription', async () => {
		const { ctx, actor } = await setup()
		const { admin } = await createActors(ctx.db)
		await setUserPlan(ctx, admin, { userId: actor.id, plan: 'pro' })
		await startCheckout(ctx, actor, { kind: 'subscription' })
		const { stripeCustomerId } = await profileOf(ctx, actor.id)
		await deliver(ctx, stripe.event('customer.subscription.deleted', { id: 'sub_gone', customer: stripeCustomerId, status: 'canceled' }))
		expect(await profileOf(ctx, actor.id)).toMatchObject({ plan: 'pro', planSource: 'admin' })
		expect((await getBillingSummary(ctx, actor)).grantedByAdmin).toBe(true)
	})
})

describe('the customer’s e-mail address', () => {
	/** The first two steps of moving the account to `newEmail` (ADR 028); returns the last step's link. */
	async function approvedMove(ctx: AppContext, actor: { id: string; role: 'user' }, newEmail: string) {
		const { sent } = ctx.jobs as RecordingJobs
		const lastLink = () => {
			const mail = sent.findLast((job) => job.name === 'email.send')?.data as EmailMessage | undefined
			return { token: mail?.text.match(/token=([\w-]+)/)?.[1] ?? '' }
		}
		await requestEmailChange(ctx, actor, { newEmail }, { ip: `198.51.100.${Math.floor(Math.random() * 250)}` })
		await approveEmailChange(ctx, lastLink())
		return lastLink()
	}
	const moveAccount = async (ctx: AppContext, actor: { id: string; role: 'user' }, newEmail: string) =>
		confirmEmailChange(ctx, await approvedMove(ctx, actor, newEmail))

	test('follows the account to its new address, so receipts do too', async () => {
		const { ctx, actor, user } = await setup()
		await startCheckout(ctx, actor, { kind: 'subscription' })
		expect((await customerOf(ctx, actor.id))?.email).toBe(user.email)

		const next = uniqueEmail()
		await moveAccount(ctx, actor, next)
		expect((ctx.jobs as RecordingJobs).queued.map((job) => job.name)).toContain('billing.customer-email')
		await (ctx.jobs as RecordingJobs).runAll(ctx)
		expect((await customerOf(ctx, actor.id))?.email).toBe(next)
		expect(stripe.customers.size).toBe(1)
	})

	test('an artist with no customer yet gets one with the new address at the first checkout', async () => {
		const { ctx, actor } = await setup()
		const next = uniqueEmail()
		await moveAccount(ctx, actor, next)
		expect((ctx.jobs as RecordingJobs).queued.map((job) => job.name)).not.toContain('billing.customer-email')
		await startCheckout(ctx, actor, { kind: 'subscription' })
		expect((await customerOf(ctx, actor.id))?.email).toBe(next)
	})

	test('a move confirmed while the first checkout is creating the customer with the old address waits for it, then gives it the new one', async () => {
		const { ctx, actor, user } = await setup()
		const next = uniqueEmail()
		const confirmation = await approvedMove(ctx, actor, next)
		const release = stripe.holdNext('/v1/customers')
		const checkout = startCheckout(ctx, actor, { kind: 'subscription' })
		await vi.waitFor(() => expect(stripe.requests.some((request) => request.path === '/v1/customers')).toBe(true), WAIT)
		const move = confirmEmailChange(ctx, confirmation)
		// The move waits on the profile's row, which the checkout holds while Stripe answers.
		await vi.waitFor(async () => expect(await lockWaiters(ctx.db)).toBe(1), WAIT)
		release()
		await Promise.all([checkout, move])
		expect((await customerOf(ctx, actor.id))?.email).toBe(user.email)
		await (ctx.jobs as RecordingJobs).runAll(ctx)
		expect((await customerOf(ctx, actor.id))?.email).toBe(next)
	})

	test('Stripe down fails the job, so the queue tries again; a customer Stripe no longer has is left alone', async () => {
		const { ctx, actor, user } = await setup()
		await startCheckout(ctx, actor, { kind: 'subscription' })
		const customer = await customerOf(ctx, actor.id)
		const next = uniqueEmail()
		await ctx.db.user.update({ where: { id: actor.id }, data: { email: next } })

		// The SDK's own two retries, then the job's failure.
		stripe.failNext(`/v1/customers/${customer?.id}`, 500, 'Stripe is down', { times: 3, method: 'POST' })
		await expect(syncCustomerEmail(ctx, actor.id)).rejects.toThrow('Stripe is down')
		expect(customer?.email).toBe(user.email)
		await syncCustomerEmail(ctx, actor.id)
		expect(customer?.email).toBe(next)

		stripe.customers.clear()
		await expect(syncCustomerEmail(ctx, actor.id)).resolves.toBeUndefined()
	})

	test('nothing is asked of Stripe when payments are switched off since, or the account is gone', async () => {
		const { ctx, actor } = await setup()
		await startCheckout(ctx, actor, { kind: 'subscription' })
		const asked = stripe.requests.length
		await expect(syncCustomerEmail({ ...ctx, payments: createNotConfiguredPayments() }, actor.id)).resolves.toBeUndefined()
		await ctx.db.user.delete({ where: { id: actor.id } })
		await expect(syncCustomerEmail(ctx, actor.id)).resolves.toBeUndefined()
		expect(stripe.requests.length).toBe(asked)
	})
})
