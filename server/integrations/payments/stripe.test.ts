import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { startFakeStripe, type FakeStripe } from '#tests/fakes/stripe-server.ts'
import { createPayments } from './index.ts'
import { createNotConfiguredPayments } from './not-configured.ts'
import { createStripePayments, type StripePaymentsOptions } from './stripe.ts'
import { InvalidWebhookSignatureError, PaymentsNotConfiguredError, type CheckoutSessionInput } from './types.ts'

const SECRET_KEY = 'sk_test_callboard'
const WEBHOOK_SECRET = 'whsec_callboard_test'
const PRICE_PRO = 'price_pro_monthly'
const PRICE_CREDITS = 'price_credit_pack'
const USER_ID = '0b9f7c1e-2d1a-4f7e-9d55-3c1f4a8e6b21'

let fake: FakeStripe
beforeAll(async () => {
	fake = await startFakeStripe({
		secretKey: SECRET_KEY,
		webhookSecret: WEBHOOK_SECRET,
		prices: { [PRICE_PRO]: { unitAmount: 1900 }, [PRICE_CREDITS]: { unitAmount: 900 } },
	})
})
afterAll(() => fake.close())
beforeEach(() => {
	fake.reset()
	fake.setWebhookUrl(null)
})

function payments(options: Partial<StripePaymentsOptions> = {}) {
	return createStripePayments({
		secretKey: SECRET_KEY,
		webhookSecret: WEBHOOK_SECRET,
		pricePro: PRICE_PRO,
		priceCredits: PRICE_CREDITS,
		apiBase: fake.url,
		...options,
	})
}

function checkoutInput(customerId: string, overrides: Partial<CheckoutSessionInput> = {}): CheckoutSessionInput {
	return {
		mode: 'subscription',
		customerId,
		priceId: PRICE_PRO,
		successUrl: 'http://localhost:3000/billing/success?session_id={CHECKOUT_SESSION_ID}',
		cancelUrl: 'http://localhost:3000/billing/cancel',
		clientReferenceId: USER_ID,
		metadata: { userId: USER_ID, kind: 'subscription' },
		...overrides,
	}
}

async function customer() {
	return payments().createCustomer({ email: 'ana@example.com', userId: USER_ID, idempotencyKey: `customer-${USER_ID}` })
}

/** The form body of the one request the fake received for `path`. */
function received(method: string, path: string) {
	const matching = fake.requests.filter((request) => request.method === method && request.path === path)
	expect(matching).toHaveLength(1)
	return matching[0]!
}

/** A local stand-in for the app's webhook endpoint, keeping each raw body and signature. */
async function startWebhookReceiver() {
	const deliveries: { body: string; signature: string | undefined }[] = []
	const server: Server = createServer(async (req, res) => {
		const chunks: Buffer[] = []
		for await (const chunk of req) chunks.push(chunk as Buffer)
		deliveries.push({ body: Buffer.concat(chunks).toString('utf8'), signature: req.headers['stripe-signature'] as string | undefined })
		res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}')
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return {
		url: `http://127.0.0.1:${port}/webhooks/stripe`,
		deliveries,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

describe('Stripe payments (real SDK against a local fake)', () => {
	test('is configured only with the webhook secret and both prices, and allows its checkout pages as redirect targets', () => {
		const stripe = payments()
		expect(stripe).toMatchObject({ kind: 'stripe', configured: true, prices: { pro: PRICE_PRO, credits: PRICE_CREDITS } })
		expect(stripe.checkoutOrigins).toEqual([new URL(fake.url).origin])
		expect(payments({ webhookSecret: null }).configured).toBe(false)
		expect(payments({ pricePro: null }).configured).toBe(false)
		expect(payments({ priceCredits: null }).configured).toBe(false)
		expect(payments({ apiBase: undefined }).checkoutOrigins).toEqual(['https://checkout.stripe.com', 'https://billing.stripe.com'])
	})

	test('createPayments chooses Stripe when STRIPE_SECRET_KEY is set, else payments that are not set up', () => {
		const env = { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_PRICE_PRO: PRICE_PRO, STRIPE_PRICE_CREDITS: PRICE_CREDITS, STRIPE_API_BASE: fake.url }
		expect(createPayments({ ...env, STRIPE_SECRET_KEY: SECRET_KEY })).toMatchObject({ kind: 'stripe', configured: true })
		expect(createPayments({ ...env, STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: undefined })).toMatchObject({ kind: 'stripe', configured: false })
		expect(createPayments({ ...env, STRIPE_SECRET_KEY: undefined })).toMatchObject({ kind: 'not_configured', configured: false })
	})

	test('creates one customer for concurrent calls with the same idempotency key', async () => {
		const stripe = payments()
		const input = { email: 'ana@example.com', userId: USER_ID, idempotencyKey: `customer-${USER_ID}` }
		const [first, second] = await Promise.all([stripe.createCustomer(input), stripe.createCustomer(input)])

		expect(first.id).toMatch(/^cus_/)
		expect(second.id).toBe(first.id)
		expect(fake.customers.size).toBe(1)
		expect(fake.customers.get(first.id)).toMatchObject({ email: 'ana@example.com', metadata: { userId: USER_ID } })
		const posts = fake.requests.filter((request) => request.path === '/v1/customers')
		expect(posts.map((request) => request.idempotencyKey)).toEqual([input.idempotencyKey, input.idempotencyKey])

		const other = await stripe.createCustomer({ ...input, idempotencyKey: 'customer-someone-else' })
		expect(other.id).not.toBe(first.id)
	})

	test('creates a subscription checkout session with the Pro price, our URLs, metadata and customer', async () => {
		const { id: customerId } = await customer()
		const session = await payments().createCheckoutSession(checkoutInput(customerId))

		expect(session).toEqual({
			id: expect.stringMatching(/^cs_test_[A-Za-z0-9]+$/),
			url: `${fake.url}/c/pay/${session.id}`,
			mode: 'subscription',
			status: 'open',
			paymentStatus: 'unpaid',
			customerId,
			subscriptionId: null,
			paymentIntentId: null,
			clientReferenceId: USER_ID,
			metadata: { userId: USER_ID, kind: 'subscription' },
			amountTotal: 1900,
			currency: 'usd',
		})
		expect(received('POST', '/v1/checkout/sessions').body).toEqual({
			mode: 'subscription',
			customer: customerId,
			line_items: [{ price: PRICE_PRO, quantity: '1' }],
			success_url: 'http://localhost:3000/billing/success?session_id={CHECKOUT_SESSION_ID}',
			cancel_url: 'http://localhost:3000/billing/cancel',
			client_reference_id: USER_ID,
			metadata: { userId: USER_ID, kind: 'subscription' },
			subscription_data: { metadata: { userId: USER_ID, kind: 'subscription' } },
		})
	})

	test('creates a payment checkout session for a credit pack', async () => {
		const { id: customerId } = await customer()
		const metadata = { userId: USER_ID, kind: 'credits', credits: '5' }
		const session = await payments().createCheckoutSession(checkoutInput(customerId, { mode: 'payment', priceId: PRICE_CREDITS, metadata }))

		expect(session).toMatchObject({ mode: 'payment', status: 'open', paymentStatus: 'unpaid', metadata, amountTotal: 900 })
		expect(received('POST', '/v1/checkout/sessions').body).toMatchObject({
			mode: 'payment',
			customer: customerId,
			line_items: [{ price: PRICE_CREDITS, quantity: '1' }],
			metadata,
			payment_intent_data: { metadata },
		})
	})

	test('a retried create with the same idempotency key returns the same session', async () => {
		const { id: customerId } = await customer()
		const input = checkoutInput(customerId, { idempotencyKey: 'checkout-attempt-1' })
		const first = await payments().createCheckoutSession(input)
		const again = await payments().createCheckoutSession(input)
		expect(again.id).toBe(first.id)
		expect(fake.sessions.size).toBe(1)
	})

	test('reads a credit pack session as open, then as paid once checkout completes', async () => {
		const { id: customerId } = await customer()
		const stripe = payments()
		const created = await stripe.createCheckoutSession(checkoutInput(customerId, { mode: 'payment', priceId: PRICE_CREDITS }))

		expect(await stripe.retrieveCheckoutSession(created.id)).toMatchObject({ status: 'open', paymentStatus: 'unpaid', paymentIntentId: null })
		const { events } = await fake.completeCheckout(created.id)
		expect(events.map((event) => event.type)).toEqual(['checkout.session.completed'])

		const paid = await stripe.retrieveCheckoutSession(created.id)
		expect(paid).toMatchObject({ id: created.id, status: 'complete', paymentStatus: 'paid', url: null, customerId, clientReferenceId: USER_ID })
		expect(paid.paymentIntentId).toMatch(/^pi_/)
	})

	test('reads a completed subscription session with the subscription it started', async () => {
		const { id: customerId } = await customer()
		const stripe = payments()
		const created = await stripe.createCheckoutSession(checkoutInput(customerId))
		const { subscription } = await fake.completeCheckout(created.id)

		const paid = await stripe.retrieveCheckoutSession(created.id)
		expect(paid).toMatchObject({ status: 'complete', paymentStatus: 'paid', subscriptionId: subscription!.id, paymentIntentId: null })
	})

	test('the hosted checkout page pays, sends signed webhooks, and returns to the success URL', async () => {
		const receiver = await startWebhookReceiver()
		try {
			fake.setWebhookUrl(receiver.url)
			const { id: customerId } = await customer()
			const stripe = payments()
			const session = await stripe.createCheckoutSession(checkoutInput(customerId))

			const page = await fetch(session.url!)
			const html = await page.text()
			expect(page.status).toBe(200)
			expect(html).toContain(`<form method="post" action="/c/pay/${session.id}"><button type="submit">Pay</button></form>`)
			expect(html).toContain('<a href="http://localhost:3000/billing/cancel">Cancel</a>')

			const paid = await fetch(session.url!, { method: 'POST', redirect: 'manual' })
			expect(paid.status).toBe(303)
			expect(paid.headers.get('location')).toBe(`http://localhost:3000/billing/success?session_id=${session.id}`)

			const events = receiver.deliveries.map(({ body, signature }) => stripe.verifyWebhook(Buffer.from(body), signature))
			expect(events.map((event) => event.type)).toEqual(['checkout.session.completed', 'customer.subscription.created'])
			const subscriptionId = fake.sessions.get(session.id)!.subscription
			expect(events[0]!.object).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid', subscription: subscriptionId, client_reference_id: USER_ID })
			expect(events[1]!.object).toMatchObject({ id: subscriptionId, customer: customerId, status: 'active' })
			expect(fake.webhooks.map((delivery) => delivery.status)).toEqual([200, 200])

			// Pressing Pay again (a resubmitted form) pays nothing more and sends nothing more.
			const again = await fetch(session.url!, { method: 'POST', redirect: 'manual' })
			expect(again.status).toBe(303)
			expect(receiver.deliveries).toHaveLength(2)
			expect(fake.subscriptions.size).toBe(1)
		} finally {
			await receiver.close()
		}
	})

	test('creates a billing portal session whose page links back to the return URL', async () => {
		const { id: customerId } = await customer()
		const portal = await payments().createPortalSession({ customerId, returnUrl: 'http://localhost:3000/portal/profile' })

		expect(portal.url).toMatch(new RegExp(`^${fake.url}/p/session/bps_`))
		expect(received('POST', '/v1/billing_portal/sessions').body).toEqual({ customer: customerId, return_url: 'http://localhost:3000/portal/profile' })
		const page = await (await fetch(portal.url)).text()
		expect(page).toContain('href="http://localhost:3000/portal/profile"')
	})

	test('cancelling in the portal page ends the subscription at the period end and sends customer.subscription.updated', async () => {
		const receiver = await startWebhookReceiver()
		try {
			const { id: customerId } = await customer()
			const stripe = payments()
			const { subscription } = await fake.completeCheckout((await stripe.createCheckoutSession(checkoutInput(customerId))).id)
			fake.setWebhookUrl(receiver.url)
			const portal = await stripe.createPortalSession({ customerId, returnUrl: 'http://localhost:3000/portal/profile' })

			const cancelled = await fetch(`${portal.url}/cancel`, { method: 'POST', body: new URLSearchParams({ subscription: subscription!.id }), redirect: 'manual' })
			expect(cancelled.status).toBe(303)
			expect(cancelled.headers.get('location')).toBe(portal.url)

			const [updated] = receiver.deliveries.map(({ body, signature }) => stripe.verifyWebhook(Buffer.from(body), signature))
			expect(updated).toMatchObject({ type: 'customer.subscription.updated', object: { id: subscription!.id, cancel_at_period_end: true } })
			expect(await stripe.retrieveSubscription(subscription!.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true })
		} finally {
			await receiver.close()
		}
	})

	test('maps a subscription: status, price, period end and cancellation at period end', async () => {
		const { id: customerId } = await customer()
		const stripe = payments()
		const { subscription } = await fake.completeCheckout((await stripe.createCheckoutSession(checkoutInput(customerId))).id)
		const periodEnd = subscription!.items.data[0]!.current_period_end

		const active = await stripe.retrieveSubscription(subscription!.id)
		expect(active).toEqual({
			id: subscription!.id,
			customerId,
			status: 'active',
			priceId: PRICE_PRO,
			currentPeriodEnd: new Date(periodEnd * 1000),
			cancelAtPeriodEnd: false,
			metadata: { userId: USER_ID, kind: 'subscription' },
		})
		// About a month ahead.
		const days = (active.currentPeriodEnd!.getTime() - Date.now()) / 86_400_000
		expect(days).toBeGreaterThan(27)
		expect(days).toBeLessThan(32)

		const renewal = new Date('2031-01-15T00:00:00Z')
		fake.setSubscription(subscription!.id, { status: 'past_due', cancel_at_period_end: true, current_period_end: renewal })
		expect(await stripe.retrieveSubscription(subscription!.id)).toMatchObject({ status: 'past_due', cancelAtPeriodEnd: true, currentPeriodEnd: renewal })
	})

	test('reads the period end from the subscription itself on API versions that kept it there', async () => {
		const { id: customerId } = await customer()
		const stripe = payments()
		const { subscription } = await fake.completeCheckout((await stripe.createCheckoutSession(checkoutInput(customerId))).id)
		const stored = fake.subscriptions.get(subscription!.id)!
		const item: Partial<(typeof stored.items.data)[number]> = stored.items.data[0]!
		delete item.current_period_end
		Object.assign(stored, { current_period_end: 1_900_000_000 })

		expect((await stripe.retrieveSubscription(subscription!.id)).currentPeriodEnd).toEqual(new Date(1_900_000_000 * 1000))
	})

	test('an unknown subscription is Stripe\'s resource_missing error, which the billing domain tells from an outage', async () => {
		await expect(payments().retrieveSubscription('sub_missing')).rejects.toMatchObject({
			type: 'StripeInvalidRequestError',
			statusCode: 404,
			code: 'resource_missing',
		})
	})

	test('a 500 is retried by the SDK, and surfaces once the retries are spent', async () => {
		const { id: customerId } = await customer()
		const stripe = payments()
		const { subscription } = await fake.completeCheckout((await stripe.createCheckoutSession(checkoutInput(customerId))).id)
		const path = `/v1/subscriptions/${subscription!.id}`
		const attempts = () => fake.requests.filter((request) => request.path === path).length

		fake.failNext(path, 500, 'An unknown error occurred')
		await expect(stripe.retrieveSubscription(subscription!.id)).resolves.toMatchObject({ status: 'active' })
		expect(attempts()).toBe(2)

		fake.failNext(path, 500, 'An unknown error occurred', { times: 3 })
		const failure = await stripe.retrieveSubscription(subscription!.id).catch((error: unknown) => error)
		expect(failure).toBeInstanceOf(Stripe.errors.StripeAPIError)
		expect(failure).toMatchObject({ statusCode: 500, message: 'An unknown error occurred' })
		expect(attempts()).toBe(2 + 3)
	})

	test('a checkout session, read while a page renders, is asked for once: a failure is not retried', async () => {
		const { id: customerId } = await customer()
		const stripe = payments()
		const { id } = await stripe.createCheckoutSession(checkoutInput(customerId))
		const path = `/v1/checkout/sessions/${id}`
		fake.failNext(path, 500, 'An unknown error occurred')

		await expect(stripe.retrieveCheckoutSession(id)).rejects.toMatchObject({ statusCode: 500 })
		expect(fake.requests.filter((request) => request.path === path)).toHaveLength(1)
	})

	test('a wrong secret key is refused with 401', async () => {
		await expect(payments({ secretKey: 'sk_test_wrong' }).createCustomer({ email: 'a@example.com', userId: USER_ID, idempotencyKey: 'k' })).rejects.toMatchObject({
			type: 'StripeAuthenticationError',
			statusCode: 401,
		})
	})
})

describe('verifyWebhook', () => {
	const stripe = () => payments()
	const completed = () => fake.event('checkout.session.completed', { id: 'cs_test_abc', object: 'checkout.session', client_reference_id: USER_ID }, { id: 'evt_test_1', created: 1_700_000_000 })

	test('returns the event when the signature matches the raw body', () => {
		const { body, signature } = fake.signedWebhook(completed())
		expect(stripe().verifyWebhook(Buffer.from(body), signature)).toEqual({
			id: 'evt_test_1',
			type: 'checkout.session.completed',
			created: 1_700_000_000,
			object: { id: 'cs_test_abc', object: 'checkout.session', client_reference_id: USER_ID },
		})
	})

	test('refuses a body that was changed after signing', () => {
		const { body, signature } = fake.signedWebhook(completed())
		const tampered = body.replace(USER_ID, 'someone-else')
		expect(() => stripe().verifyWebhook(Buffer.from(tampered), signature)).toThrow(InvalidWebhookSignatureError)
	})

	test('refuses a missing signature', () => {
		const { body } = fake.signedWebhook(completed())
		for (const missing of [undefined, null, '']) {
			expect(() => stripe().verifyWebhook(Buffer.from(body), missing)).toThrow(InvalidWebhookSignatureError)
		}
	})

	test('refuses an event signed with another secret', () => {
		const { body, signature } = fake.signedWebhook(completed(), 'whsec_someone_else')
		expect(() => stripe().verifyWebhook(Buffer.from(body), signature)).toThrow(InvalidWebhookSignatureError)
	})

	test('refuses every webhook when no webhook secret is set', () => {
		const { body, signature } = fake.signedWebhook(completed())
		expect(() => payments({ webhookSecret: null }).verifyWebhook(Buffer.from(body), signature)).toThrow(InvalidWebhookSignatureError)
	})
})

describe('payments that are not configured', () => {
	test('say so, and every call throws PaymentsNotConfiguredError', async () => {
		const none = createNotConfiguredPayments()
		expect(none).toMatchObject({ kind: 'not_configured', configured: false, prices: { pro: null, credits: null }, checkoutOrigins: [] })
		await expect(none.createCustomer({ email: 'a@example.com', userId: USER_ID, idempotencyKey: 'k' })).rejects.toThrow(PaymentsNotConfiguredError)
		await expect(none.createCheckoutSession(checkoutInput('cus_x'))).rejects.toThrow(PaymentsNotConfiguredError)
		await expect(none.retrieveCheckoutSession('cs_test_x')).rejects.toThrow(PaymentsNotConfiguredError)
		await expect(none.createPortalSession({ customerId: 'cus_x', returnUrl: 'http://localhost:3000/' })).rejects.toThrow(PaymentsNotConfiguredError)
		await expect(none.retrieveSubscription('sub_x')).rejects.toThrow(PaymentsNotConfiguredError)
		expect(() => none.verifyWebhook(Buffer.from('{}'), 't=1,v1=abc')).toThrow(PaymentsNotConfiguredError)
	})
})
