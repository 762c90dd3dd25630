import { randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import Stripe from 'stripe'
import { header, readBody, sendJson as sendAnyJson } from './http.ts'

/** A form-encoded body as Stripe reads it: `a[b][0][c]=x` nests, numeric keys make arrays. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type FormBody = { [key: string]: FormValue }

/** A request as the fake received it, in arrival order (refused, failed and replayed ones too). */
export type RecordedStripeRequest = {
	method: string
	path: string
	query: FormBody
	headers: IncomingHttpHeaders
	body: FormBody
	idempotencyKey: string | null
}

export type FakeCustomer = {
	id: string
	object: 'customer'
	created: number
	email: string | null
	name: string | null
	description: string | null
	metadata: Record<string, string>
	livemode: false
}

export type FakePrice = {
	id: string
	object: 'price'
	active: true
	currency: string
	unit_amount: number
	type: 'recurring' | 'one_time'
	recurring: { interval: 'month'; interval_count: 1; usage_type: 'licensed' } | null
	product: string
	metadata: Record<string, string>
	livemode: false
}

export type FakeCheckoutSession = {
	id: string
	object: 'checkout.session'
	mode: 'payment' | 'subscription'
	status: 'open' | 'complete' | 'expired'
	payment_status: 'unpaid' | 'paid'
	/** Only while the session is open, as on Stripe. */
	url: string | null
	customer: string | null
	subscription: string | null
	payment_intent: string | null
	invoice: string | null
	client_reference_id: string | null
	metadata: Record<string, string>
	success_url: string | null
	cancel_url: string | null
	amount_subtotal: number
	amount_total: number
	currency: string
	created: number
	expires_at: number
	ui_mode: 'hosted'
	payment_method_types: string[]
	livemode: false
}

export type FakeSubscriptionItem = {
	id: string
	object: 'subscription_item'
	created: number
	current_period_start: number
	current_period_end: number
	metadata: Record<string, string>
	price: FakePrice
	quantity: number
	subscription: string
}

export type FakeSubscription = {
	id: string
	object: 'subscription'
	status: string
	customer: string
	cancel_at_period_end: boolean
	cancel_at: number | null
	canceled_at: number | null
	ended_at: number | null
	collection_method: 'charge_automatically'
	currency: string
	created: number
	start_date: number
	billing_cycle_anchor: number
	latest_invoice: string | null
	items: { object: 'list'; data: FakeSubscriptionItem[]; has_more: false; url: string }
	metadata: Record<string, string>
	livemode: false
}

export type FakePortalSession = {
	id: string
	object: 'billing_portal.session'
	created: number
	customer: string
	return_url: string | null
	url: string
	livemode: false
}

export type FakeEvent = {
	id: string
	object: 'event'
	api_version: string
	created: number
	data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> }
	livemode: false
	pending_webhooks: number
	request: { id: string | null; idempotency_key: string | null }
	type: string
}

/** One webhook POST to the app: its answer's status, or why there was none. */
export type WebhookDelivery = { eventId: string; type: string; status: number | null; error?: string }

export type SubscriptionPatch = {
	status?: string
	cancel_at_period_end?: boolean
	/** A Date, or seconds since the epoch as Stripe has it. */
	current_period_end?: Date | number
	cancel_at?: number | null
	metadata?: Record<string, string>
}

export type FakeStripeOptions = {
	/** 0 (a free port) by default. */
	port?: number
	host?: string
	/** When set, only this key is accepted; otherwise any `sk_` key is. */
	secretKey?: string
	/** Signs the webhooks; `whsec_fake` by default. */
	webhookSecret?: string
	/** Where completed checkouts send their events; can be set later with setWebhookUrl. */
	webhookUrl?: string
	/**
	 * The prices the account has, by id (unit amount in cents). When given, any other price is
	 * refused as Stripe refuses it; otherwise every price id is accepted, at $19.00 a month in
	 * subscription mode and $9.00 once in payment mode.
	 */
	prices?: Record<string, { unitAmount: number; currency?: string }>
	/** Told about every webhook delivery (the standalone server prints them). */
	log?: (line: string) => void
}

type StripeErrorBody = { type: string; message: string; code?: string; param?: string }

class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly error: StripeErrorBody,
	) {
		super(error.message)
	}
}

type ScriptedFailure = { path: string; method?: string; status: number; error: StripeErrorBody; times: number }

const DEFAULT_WEBHOOK_SECRET = 'whsec_fake'
const DAY = 24 * 60 * 60

/**
 * The parts of Stripe's API Callboard uses, for the real `stripe` SDK to talk to (point it here with
 * its host, port and protocol options, i.e. STRIPE_API_BASE): customers, Checkout Sessions, billing
 * portal sessions and subscriptions. Bodies are form-encoded as Stripe takes them, answers are
 * shaped like Stripe's objects, errors are Stripe's error bodies with their statuses, POSTs honour
 * Idempotency-Key, and a bearer `sk_` key is required.
 *
 * It also serves the pages Stripe hosts: `/c/pay/:id` is a checkout page whose Pay button
 * completes the session, sends the webhooks Stripe would send (signed with the webhook secret by
 * the SDK's own test helper) and redirects to the success URL; `/p/session/:id` is a billing
 * portal that can cancel a subscription at the period's end.
 *
 * Standalone, for manual runs and end-to-end tests:
 *   npx tsx tests/fakes/stripe-server.ts --port 4242 --webhook-url http://localhost:3000/webhooks/stripe \
 *     --webhook-secret whsec_test --secret-key sk_test_x
 * then STRIPE_API_BASE=http://127.0.0.1:4242 with that STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.
 */
export async function startFakeStripe(options: FakeStripeOptions = {}) {
	const webhookSecret = options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET
	let webhookUrl = options.webhookUrl ?? null
	const requests: RecordedStripeRequest[] = []
	const customers = new Map<string, FakeCustomer>()
	const sessions = new Map<string, FakeCheckoutSession>()
	const subscriptions = new Map<string, FakeSubscription>()
	const portalSessions = new Map<string, FakePortalSession>()
	const webhooks: WebhookDelivery[] = []
	/** What a session will create when paid (Stripe keeps its line items apart from the session too). */
	const sessionDetails = new Map<string, { price: FakePrice; quantity: number; subscriptionMetadata: Record<string, string> }>()
	/** Successful POST results by idempotency key, replayed for a retry with the same key. */
	const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>()
	const failures: ScriptedFailure[] = []
	const holds: { path: string; method: string; gate: Promise<void> }[] = []

	const server = createServer(async (req, res) => {
		try {
			await handle(req, res)
		} catch (error) {
			if (error instanceof ApiError) return sendError(res, error.status, error.error)
			sendError(res, 500, { type: 'api_error', message: `The fake failed: ${String(error)}` })
		}
	})

	async function handle(req: IncomingMessage, res: ServerResponse) {
		const url = new URL(req.url ?? '/', 'http://fake-stripe')
		const method = req.method ?? 'GET'
		const raw = (await readBody(req)).toString('utf8')
		const body = /application\/x-www-form-urlencoded/.test(header(req.headers, 'content-type') ?? '') ? parseForm(raw) : {}
		const idempotencyKey = header(req.headers, 'idempotency-key') ?? null
		requests.push({ method, path: url.pathname, query: parseForm(url.search.slice(1)), headers: req.headers, body, idempotencyKey })
		await takeHold(method, url.pathname)
		res.setHeader('Request-Id', `req_${token(14)}`)
		if (url.pathname.startsWith('/v1/')) return api(req, res, { method, path: url.pathname, query: parseForm(url.search.slice(1)), body, raw, idempotencyKey })
		return page(res, method, url, body, originOf(req))
	}

	type ApiRequest = { method: string; path: string; query: FormBody; body: FormBody; raw: string; idempotencyKey: string | null }

	function api(req: IncomingMessage, res: ServerResponse, request: ApiRequest) {
		const refusal = authProblem(req.headers)
		if (refusal) return sendError(res, 401, { type: 'invalid_request_error', message: refusal })
		const failure = takeFailure(request.method, request.path)
		if (failure) return sendError(res, failure.status, failure.error)

		// Stripe keeps a POST's result under its key, so a retry (or a concurrent twin) gets the
		// first one's answer instead of a second object. The lookup and the write below happen in
		// one turn of the event loop, so two requests cannot both miss.
		const key = request.method === 'POST' ? request.idempotencyKey : null
		const fingerprint = `${request.method} ${request.path}\n${request.raw}`
		const earlier = key ? idempotent.get(key) : undefined
		if (earlier) {
			if (earlier.fingerprint !== fingerprint) {
				return sendError(res, 400, {
					type: 'idempotency_error',
					message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
				})
			}
			res.setHeader('Idempotent-Replayed', 'true')
			return sendJson(res, earlier.status, earlier.body)
		}
		const result = route(request, originOf(req))
		// A snapshot: a replay answers what the first request got, not the object as it is now.
		if (key) idempotent.set(key, { fingerprint, status: 200, body: structuredClone(result) })
		sendJson(res, 200, result)
	}

	function route({ method, path, query, body }: ApiRequest, origin: string): unknown {
		const routes: [string, RegExp, (id: string) => unknown][] = [
			['POST', /^\/v1\/customers$/, () => createCustomer(body)],
			['GET', /^\/v1\/customers\/([^/]+)$/, (id) => found(customers.get(id), 'customer', id)],
			['POST', /^\/v1\/customers\/([^/]+)$/, (id) => updateCustomer(id, body)],
			['POST', /^\/v1\/checkout\/sessions$/, () => createCheckoutSession(body, origin)],
			['GET', /^\/v1\/checkout\/sessions$/, () => listOf('/v1/checkout/sessions', sessions, query, (session) => session.customer)],
			['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (id) => found(sessions.get(id), 'checkout.session', id)],
			['POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (id) => expireCheckoutSession(id)],
			['POST', /^\/v1\/billing_portal\/sessions$/, () => createPortalSession(body, origin)],
			['GET', /^\/v1\/subscriptions$/, () => listOf('/v1/subscriptions', subscriptions, query, (subscription) => subscription.customer)],
			['GET', /^\/v1\/subscriptions\/([^/]+)$/, (id) => found(subscriptions.get(id), 'subscription', id)],
			['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (id) => cancelNow(id)],
		]
		for (const [routeMethod, pattern, answer] of routes) {
			const match = pattern.exec(path)
			if (match && routeMethod === method) return answer(decodeURIComponent(match[1] ?? ''))
		}
		throw new ApiError(404, {
			type: 'invalid_request_error',
			message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
		})
	}

	function createCustomer(body: FormBody): FakeCustomer {
		const customer: FakeCustomer = {
			id: `cus_${token(14)}`,
			object: 'customer',
			created: now(),
			email: text(body.email),
			name: text(body.name),
			description: text(body.description),
			metadata: metadataOf(body.metadata),
			livemode: false,
		}
		customers.set(customer.id, customer)
		return customer
	}

	/** Sets the parameters given and leaves the rest, as Stripe's update does. */
	function updateCustomer(id: string, body: FormBody): FakeCustomer {
		const customer = found(customers.get(id), 'customer', id)
		for (const field of ['email', 'name', 'description'] as const) {
			if (field in body) customer[field] = text(body[field])
		}
		if ('metadata' in body) customer.metadata = { ...customer.metadata, ...metadataOf(body.metadata) }
		return customer
	}

	function createCheckoutSession(body: FormBody, origin: string): FakeCheckoutSession {
		const mode = text(body.mode)
		if (!mode) throw missingParam('mode')
		if (mode !== 'payment' && mode !== 'subscription') {
			throw new ApiError(400, { type: 'invalid_request_error', param: 'mode', message: `Invalid mode: must be one of payment, setup, or subscription` })
		}
		const successUrl = text(body.success_url)
		if (!successUrl) throw missingParam('success_url')
		const customer = text(body.customer)
		if (customer && !customers.has(customer)) throw noSuch('customer', customer, 'customer')
		const lines = Array.isArray(body.line_items) ? body.line_items : []
		const line = lines[0]
		const priceId = line && typeof line === 'object' && !Array.isArray(line) ? text(line.price) : null
		if (!priceId) throw missingParam('line_items[0][price]')
		const quantity = Number(text((line as Record<string, FormValue>).quantity) ?? 1)
		if (!Number.isInteger(quantity) || quantity < 1) {
			throw new ApiError(400, { type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'line_items[0][quantity]', message: 'Invalid positive integer' })
		}
		const price = priceOf(priceId, mode)
		const created = now()
		const session: FakeCheckoutSession = {
			id: `cs_test_${token(58)}`,
			object: 'checkout.session',
			mode,
			status: 'open',
			payment_status: 'unpaid',
			url: null,
			customer,
			subscription: null,
			payment_intent: null,
			invoice: null,
			client_reference_id: text(body.client_reference_id),
			metadata: metadataOf(body.metadata),
			success_url: successUrl,
			cancel_url: text(body.cancel_url),
			amount_subtotal: price.unit_amount * quantity,
			amount_total: price.unit_amount * quantity,
			currency: price.currency,
			created,
			expires_at: created + DAY,
			ui_mode: 'hosted',
			payment_method_types: ['card'],
			livemode: false,
		}
		session.url = `${origin}/c/pay/${session.id}`
		const subscriptionData = body.subscription_data
		const subscriptionMetadata = subscriptionData && typeof subscriptionData === 'object' && !Array.isArray(subscriptionData) ? metadataOf(subscriptionData.metadata) : {}
		sessions.set(session.id, session)
		sessionDetails.set(session.id, { price, quantity, subscriptionMetadata })
		return session
	}

	/**
	 * A list endpoint: newest first, filtered by `customer` and `status` as Stripe filters them (a
	 * subscription list without a status leaves out cancelled ones; `status=all` keeps them), up to
	 * `limit` (10 by default, at most 100). No paging: the fake never holds that many per customer.
	 */
	function listOf<T extends { status: string | null }>(url: string, items: Map<string, T>, query: FormBody, customerOf: (item: T) => string | null) {
		const customer = text(query.customer)
		const status = text(query.status)
		const limit = Math.min(100, Math.max(1, Number(text(query.limit) ?? 10) || 10))
		const subscriptionsList = url === '/v1/subscriptions'
		// Newest first: the order they were made in, reversed (`created` has whole seconds only).
		const data = [...items.values()]
			.reverse()
			.filter((item) => !customer || customerOf(item) === customer)
			.filter((item) => (status ? status === 'all' || item.status === status : !subscriptionsList || item.status !== 'canceled'))
		return { object: 'list', data: data.slice(0, limit), has_more: data.length > limit, url }
	}

	/** Stripe's cancel: the subscription ends now (no webhook is sent, as with setSubscription). */
	function cancelNow(id: string): FakeSubscription {
		const subscription = found(subscriptions.get(id), 'subscription', id)
		if (subscription.status === 'canceled') {
			throw new ApiError(400, { type: 'invalid_request_error', message: `A canceled subscription can only update its cancellation_details and metadata.` })
		}
		return setSubscription(id, { status: 'canceled' }).subscription
	}

	/** Stripe's expire: an open session can no longer be paid; any other is refused. */
	function expireCheckoutSession(id: string): FakeCheckoutSession {
		const session = found(sessions.get(id), 'checkout.session', id)
		if (session.status !== 'open') {
			throw new ApiError(400, {
				type: 'invalid_request_error',
				message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
			})
		}
		session.status = 'expired'
		session.url = null
		return session
	}

	function createPortalSession(body: FormBody, origin: string): FakePortalSession {
		const customer = text(body.customer)
		if (!customer) throw missingParam('customer')
		if (!customers.has(customer)) throw noSuch('customer', customer, 'customer')
		const id = `bps_${token(24)}`
		const portal: FakePortalSession = {
			id,
			object: 'billing_portal.session',
			created: now(),
			customer,
			return_url: text(body.return_url),
			url: `${origin}/p/session/${id}`,
			livemode: false,
		}
		portalSessions.set(id, portal)
		return portal
	}

	function priceOf(id: string, mode: 'payment' | 'subscription'): FakePrice {
		const known = options.prices?.[id]
		if (options.prices && !known) throw noSuch('price', id, 'line_items[0][price]')
		return {
			id,
			object: 'price',
			active: true,
			currency: known?.currency ?? 'usd',
			unit_amount: known?.unitAmount ?? (mode === 'subscription' ? 1900 : 900),
			type: mode === 'subscription' ? 'recurring' : 'one_time',
			recurring: mode === 'subscription' ? { interval: 'month', interval_count: 1, usage_type: 'licensed' } : null,
			product: `prod_${id.replace(/^price_/, '')}`,
			metadata: {},
			livemode: false,
		}
	}

	/** What pressing Pay does: the session completes, a subscription starts, the webhooks go out. */
	async function completeCheckout(sessionId: string) {
		const session = sessions.get(sessionId)
		const details = sessionDetails.get(sessionId)
		if (!session || !details) throw new Error(`No such checkout session: ${sessionId}`)
		if (session.status !== 'open') throw new Error(`Checkout session ${sessionId} is already ${session.status}`)
		let subscription: FakeSubscription | null = null
		session.status = 'complete'
		session.payment_status = 'paid'
		session.url = null
		if (session.mode === 'payment') {
			session.payment_intent = `pi_${token(24)}`
		} else {
			subscription = startSubscription(session, details)
			session.subscription = subscription.id
			session.invoice = subscription.latest_invoice
		}
		const events = [event('checkout.session.completed', session)]
		if (subscription) events.push(event('customer.subscription.created', subscription))
		const deliveries: WebhookDelivery[] = []
		// One after the other, as the app would see them from Stripe on a quiet day.
		if (webhookUrl) for (const item of events) deliveries.push(await sendWebhook(item))
		return { session, subscription, events, deliveries }
	}

	function startSubscription(session: FakeCheckoutSession, details: { price: FakePrice; quantity: number; subscriptionMetadata: Record<string, string> }) {
		const start = now()
		const id = `sub_${token(24)}`
		const subscription: FakeSubscription = {
			id,
			object: 'subscription',
			status: 'active',
			customer: session.customer ?? createCustomer({}).id,
			cancel_at_period_end: false,
			cancel_at: null,
			canceled_at: null,
			ended_at: null,
			collection_method: 'charge_automatically',
			currency: details.price.currency,
			created: start,
			start_date: start,
			billing_cycle_anchor: start,
			latest_invoice: `in_${token(24)}`,
			items: {
				object: 'list',
				data: [
					{
						id: `si_${token(14)}`,
						object: 'subscription_item',
						created: start,
						current_period_start: start,
						current_period_end: monthAfter(start),
						metadata: {},
						price: details.price,
						quantity: details.quantity,
						subscription: id,
					},
				],
				has_more: false,
				url: `/v1/subscription_items?subscription=${id}`,
			},
			metadata: details.subscriptionMetadata,
			livemode: false,
		}
		subscriptions.set(id, subscription)
		return subscription
	}

	/**
	 * Changes a subscription as Stripe would after a renewal, a cancellation or a failed payment. No
	 * webhook is sent: `event('customer.subscription.updated', subscription, { previousAttributes })`
	 * builds the one Stripe would send.
	 */
	function setSubscription(id: string, patch: SubscriptionPatch) {
		const subscription = subscriptions.get(id)
		if (!subscription) throw new Error(`No such subscription: ${id}`)
		const previous: Record<string, unknown> = {}
		const item = subscription.items.data[0]
		if (patch.current_period_end !== undefined && item) {
			previous.items = structuredClone(subscription.items)
			item.current_period_start = item.current_period_end
			item.current_period_end = patch.current_period_end instanceof Date ? Math.floor(patch.current_period_end.getTime() / 1000) : patch.current_period_end
		}
		if (patch.cancel_at_period_end !== undefined) {
			Object.assign(previous, { cancel_at_period_end: subscription.cancel_at_period_end, cancel_at: subscription.cancel_at, canceled_at: subscription.canceled_at })
			subscription.cancel_at_period_end = patch.cancel_at_period_end
			subscription.cancel_at = patch.cancel_at_period_end ? (item?.current_period_end ?? null) : null
			subscription.canceled_at = patch.cancel_at_period_end ? now() : null
		}
		if (patch.cancel_at !== undefined) {
			if (!('cancel_at' in previous)) previous.cancel_at = subscription.cancel_at
			subscription.cancel_at = patch.cancel_at
		}
		if (patch.status !== undefined) {
			previous.status = subscription.status
			subscription.status = patch.status
			if (patch.status === 'canceled') {
				subscription.canceled_at ??= now()
				subscription.ended_at ??= now()
			}
		}
		if (patch.metadata !== undefined) {
			previous.metadata = subscription.metadata
			subscription.metadata = patch.metadata
		}
		return { subscription, previousAttributes: previous }
	}

	/** A Stripe event carrying a snapshot of `object`, as the webhook would deliver it. */
	function event(type: string, object: object, extra: { id?: string; created?: number; previousAttributes?: Record<string, unknown> } = {}): FakeEvent {
		return {
			id: extra.id ?? `evt_${token(24)}`,
			object: 'event',
			api_version: Stripe.API_VERSION,
			created: extra.created ?? now(),
			data: {
				object: structuredClone(object) as Record<string, unknown>,
				...(extra.previousAttributes ? { previous_attributes: structuredClone(extra.previousAttributes) } : {}),
			},
			livemode: false,
			pending_webhooks: 1,
			request: { id: null, idempotency_key: null },
			type,
		}
	}

	/** The body and Stripe-Signature header Stripe would send for `event`. */
	function signedWebhook(item: FakeEvent, secret = webhookSecret) {
		const body = JSON.stringify(item, null, 2)
		return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) }
	}

	/** Posts `event` to the webhook URL, signed; resolves with the app's answer (Stripe would retry a failure later; the fake does not). */
	async function sendWebhook(item: FakeEvent): Promise<WebhookDelivery> {
		if (!webhookUrl) throw new Error('The fake Stripe has no webhook URL: pass webhookUrl or call setWebhookUrl')
		const { body, signature } = signedWebhook(item)
		let delivery: WebhookDelivery
		try {
			const response = await fetch(webhookUrl, {
				method: 'POST',
				headers: {
					'Content-Type': 'application/json; charset=utf-8',
					'Stripe-Signature': signature,
					'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
				},
				body,
				signal: AbortSignal.timeout(10_000),
			})
			await response.arrayBuffer()
			delivery = { eventId: item.id, type: item.type, status: response.status }
		} catch (error) {
			delivery = { eventId: item.id, type: item.type, status: null, error: String(error) }
		}
		webhooks.push(delivery)
		options.log?.(`webhook ${item.type} ${item.id} -> ${webhookUrl}: ${delivery.status ?? delivery.error}`)
		return delivery
	}

	/**
	 * The next `times` (1) requests to `path` (e.g. '/v1/subscriptions/sub_123'; any method unless
	 * `method` is given) fail with `status` and Stripe's error body. No Stripe-Should-Retry header is
	 * sent, so the SDK retries 409s and 5xx as it does in production.
	 */
	function failNext(path: string, status: number, message: string, extra: { times?: number; method?: string; type?: string; code?: string; param?: string } = {}) {
		const type = extra.type ?? (status >= 500 ? 'api_error' : status === 429 ? 'rate_limit_error' : 'invalid_request_error')
		failures.push({
			path,
			method: extra.method?.toUpperCase(),
			status,
			error: { type, message, ...(extra.code ? { code: extra.code } : {}), ...(extra.param ? { param: extra.param } : {}) },
			times: extra.times ?? 1,
		})
	}

	/**
	 * Holds the next request to `path` (with `method`, POST by default) until the returned function is
	 * called: Stripe slow to answer, while a test does something else in between.
	 */
	function holdNext(path: string, method = 'POST') {
		let release!: () => void
		holds.push({ path, method, gate: new Promise<void>((resolve) => (release = resolve)) })
		return () => release()
	}

	async function takeHold(method: string, path: string) {
		const index = holds.findIndex((hold) => hold.path === path && hold.method === method)
		if (index === -1) return
		const [hold] = holds.splice(index, 1)
		await hold!.gate
	}

	function takeFailure(method: string, path: string) {
		const failure = failures.find((item) => item.path === path && (!item.method || item.method === method))
		if (!failure) return null
		if (--failure.times <= 0) failures.splice(failures.indexOf(failure), 1)
		return failure
	}

	function authProblem(headers: IncomingHttpHeaders) {
		const authorization = header(headers, 'authorization') ?? ''
		// Bearer is what the SDK sends; curl examples use Basic with the key as the user name.
		const basic = /^Basic (.+)$/i.exec(authorization)?.[1]
		const key = /^Bearer (.+)$/i.exec(authorization)?.[1] ?? (basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : undefined)
		if (!key) {
			return "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY')."
		}
		const accepted = options.secretKey === undefined ? key.startsWith('sk_') : key === options.secretKey
		const masked = key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : `${key.slice(0, 3)}***`
		return accepted ? null : `Invalid API Key provided: ${masked}`
	}

	async function page(res: ServerResponse, method: string, url: URL, body: FormBody, origin: string) {
		const checkout = /^\/c\/pay\/([^/]+)$/.exec(url.pathname)
		if (checkout) {
			const session = sessions.get(decodeURIComponent(checkout[1]!))
			if (!session) return sendHtml(res, 404, 'Not found', '<p>This checkout session does not exist.</p>')
			if (method === 'POST') {
				if (session.status === 'open') await completeCheckout(session.id)
				// A second press (or a back-button resubmit) on a paid session goes to the success page again.
				if (session.status === 'complete') return redirect(res, session.success_url!.replaceAll('{CHECKOUT_SESSION_ID}', session.id))
				return sendHtml(res, 400, 'Checkout expired', '<p>This checkout session has expired.</p>')
			}
			return sendHtml(res, 200, 'Fake Stripe Checkout', checkoutPage(session))
		}
		const portal = /^\/p\/session\/([^/]+)(\/cancel)?$/.exec(url.pathname)
		if (portal) {
			const portalSession = portalSessions.get(decodeURIComponent(portal[1]!))
			if (!portalSession) return sendHtml(res, 404, 'Not found', '<p>This portal session does not exist.</p>')
			if (method === 'POST' && portal[2]) {
				const subscriptionId = text(body.subscription) ?? ''
				const subscription = subscriptions.get(subscriptionId)
				if (!subscription || subscription.customer !== portalSession.customer) {
					return sendHtml(res, 404, 'Not found', '<p>No such subscription for this customer.</p>')
				}
				if (!subscription.cancel_at_period_end) {
					const { previousAttributes } = setSubscription(subscription.id, { cancel_at_period_end: true })
					if (webhookUrl) await sendWebhook(event('customer.subscription.updated', subscription, { previousAttributes }))
				}
				return redirect(res, `${origin}/p/session/${portalSession.id}`)
			}
			return sendHtml(res, 200, 'Fake Stripe billing portal', portalPage(portalSession))
		}
		return sendHtml(res, 404, 'Not found', '<p>The fake Stripe serves /v1/*, /c/pay/:id and /p/session/:id.</p>')
	}

	function checkoutPage(session: FakeCheckoutSession) {
		const price = sessionDetails.get(session.id)?.price
		const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}${session.mode === 'subscription' ? ' a month' : ''}`
		if (session.status !== 'open') {
			const next = session.status === 'complete' ? `<p><a href="${escapeHtml(session.success_url!.replaceAll('{CHECKOUT_SESSION_ID}', session.id))}">Continue</a></p>` : ''
			return `<p>This checkout session is ${session.status}.</p>${next}`
		}
		const cancel = session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Cancel</a>` : ''
		return `<p>${session.mode === 'subscription' ? 'Subscribe to' : 'Buy'} ${escapeHtml(price?.id ?? 'an item')}: <strong>${escapeHtml(amount)}</strong></p>
<form method="post" action="/c/pay/${escapeHtml(session.id)}"><button type="submit">Pay</button></form>
<p>${cancel}</p>`
	}

	function portalPage(portalSession: FakePortalSession) {
		const owned = [...subscriptions.values()].filter((subscription) => subscription.customer === portalSession.customer)
		const rows = owned.map((subscription) => {
			const end = new Date((subscription.items.data[0]?.current_period_end ?? 0) * 1000).toISOString().slice(0, 10)
			const state = subscription.cancel_at_period_end ? `cancels on ${end}` : `${subscription.status}, renews on ${end}`
			const cancel =
				subscription.status === 'active' && !subscription.cancel_at_period_end
					? `<form method="post" action="/p/session/${escapeHtml(portalSession.id)}/cancel"><input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}"><button type="submit">Cancel subscription</button></form>`
					: ''
			return `<li>${escapeHtml(subscription.id)}: ${escapeHtml(state)}${cancel}</li>`
		})
		const back = portalSession.return_url ? `<p><a href="${escapeHtml(portalSession.return_url)}">Return</a></p>` : ''
		return `<p>Customer ${escapeHtml(portalSession.customer)}</p><ul>${rows.join('') || '<li>No subscriptions.</li>'}</ul>${back}`
	}

	await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve))
	const { address, port } = server.address() as AddressInfo
	const host = address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address.includes(':') ? `[${address}]` : address
	const url = `http://${host}:${port}`

	/** The origin the client used, so page URLs match STRIPE_API_BASE (localhost and 127.0.0.1 are different origins). */
	function originOf(req: IncomingMessage) {
		const requested = header(req.headers, 'host')
		return requested ? `http://${requested}` : url
	}

	return {
		url,
		webhookSecret,
		requests,
		customers,
		sessions,
		subscriptions,
		portalSessions,
		/** Every webhook delivery, in order. */
		webhooks,
		setWebhookUrl(next: string | null) {
			webhookUrl = next
		},
		completeCheckout,
		setSubscription,
		event,
		signedWebhook,
		sendWebhook,
		failNext,
		holdNext,
		/** Forget every object, request, key and scripted failure. */
		reset() {
			for (const collection of [customers, sessions, subscriptions, portalSessions, sessionDetails, idempotent]) collection.clear()
			requests.length = 0
			webhooks.length = 0
			failures.length = 0
			holds.length = 0
		},
		close: () =>
			new Promise<void>((resolve) => {
				// The SDK's keep-alive sockets would otherwise hold close() open.
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>

/** Parses `a[b][0][c]=x&a[b][0][d]=y` into `{ a: { b: [{ c: 'x', d: 'y' }] } }`, as Stripe reads its bodies. */
export function parseForm(raw: string): FormBody {
	const root: FormBody = {}
	for (const [name, value] of new URLSearchParams(raw)) {
		const match = /^([^[\]]+)((?:\[[^\]]*\])*)$/.exec(name)
		const keys = match ? [match[1]!, ...[...match[2]!.matchAll(/\[([^\]]*)\]/g)].map((part) => part[1]!)] : [name]
		let node: Record<string, FormValue> = root
		keys.forEach((key, index) => {
			const slot = key === '' ? String(Object.keys(node).length) : key
			if (index === keys.length - 1) {
				node[slot] = value
				return
			}
			const next = node[slot]
			if (!next || typeof next !== 'object' || Array.isArray(next)) node[slot] = {}
			node = node[slot] as Record<string, FormValue>
		})
	}
	return arraysFromIndexes(root) as FormBody
}

/** Objects whose keys are all 0, 1, 2... become arrays (Stripe's `line_items[0]`). */
function arraysFromIndexes(value: FormValue): FormValue {
	if (typeof value === 'string' || Array.isArray(value)) return value
	const entries = Object.entries(value).map(([key, item]) => [key, arraysFromIndexes(item)] as const)
	const indexed = entries.length > 0 && entries.every(([key]) => /^(0|[1-9]\d*)$/.test(key))
	if (indexed) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item)
	return Object.fromEntries(entries)
}

/** A non-empty string parameter, or null (Stripe treats `name=` as unset). */
function text(value: FormValue | undefined) {
	return typeof value === 'string' && value !== '' ? value : null
}

function metadataOf(value: FormValue | undefined): Record<string, string> {
	if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
	return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''))
}

function found<T>(object: T | undefined, kind: string, id: string): T {
	if (!object) throw noSuch(kind, id, 'id')
	return object
}

function noSuch(kind: string, id: string, param: string) {
	return new ApiError(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` })
}

function missingParam(param: string) {
	return new ApiError(400, { type: 'invalid_request_error', code: 'parameter_missing', param, message: `Missing required param: ${param}.` })
}

function now() {
	return Math.floor(Date.now() / 1000)
}

/** The same day of the next month (the last day when it has fewer days), as Stripe bills monthly. */
function monthAfter(seconds: number) {
	const date = new Date(seconds * 1000)
	const day = date.getUTCDate()
	date.setUTCDate(1)
	date.setUTCMonth(date.getUTCMonth() + 1)
	const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate()
	date.setUTCDate(Math.min(day, lastDay))
	return Math.floor(date.getTime() / 1000)
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** Random letters and digits, like the tail of a Stripe id. */
function token(length: number) {
	return [...randomBytes(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('')
}

/** Stripe's API pretty-prints its JSON. */
function sendJson(res: ServerResponse, status: number, body: unknown) {
	sendAnyJson(res, status, body, { indent: 2 })
}

function sendError(res: ServerResponse, status: number, error: StripeErrorBody) {
	const docUrl = error.code ? { doc_url: `https://stripe.com/docs/error-codes/${error.code.replaceAll('_', '-')}` } : {}
	sendJson(res, status, { error: { ...error, ...docUrl, request_log_url: null } })
}

function sendHtml(res: ServerResponse, status: number, title: string, body: string) {
	if (res.destroyed || res.headersSent) return
	res
		.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' })
		.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`)
}

function redirect(res: ServerResponse, location: string) {
	res.writeHead(303, { Location: location }).end()
}

function escapeHtml(text: string) {
	return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	const { values } = parseArgs({
		options: {
			port: { type: 'string', default: '4242' },
			host: { type: 'string', default: '127.0.0.1' },
			'webhook-url': { type: 'string' },
			'webhook-secret': { type: 'string', default: DEFAULT_WEBHOOK_SECRET },
			'secret-key': { type: 'string' },
		},
	})
	const fake = await startFakeStripe({
		port: Number(values.port),
		host: values.host,
		webhookUrl: values['webhook-url'],
		webhookSecret: values['webhook-secret'],
		secretKey: values['secret-key'],
		log: (line) => console.log(line),
	})
	console.log(`Fake Stripe API on ${fake.url} (webhooks ${values['webhook-url'] ? `to ${values['webhook-url']}` : 'not sent: no --webhook-url'})`)
	const stop = () => void fake.close().then(() => process.exit(0))
	process.once('SIGINT', stop)
	process.once('SIGTERM', stop)
}
