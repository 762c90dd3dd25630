import type { AppContext } from '#server/context.ts'
import type { Prisma } from '#server/db/generated/client.ts'
import { changeCredits } from '#server/domain/credits/ledger.ts'
import { isResourceMissing, type PaymentEvent, type SubscriptionState } from '#server/integrations/payments/types.ts'
import { PRO_STATUSES } from './billing.schema.ts'
import { expireUnlessSettled } from './checkout.ts'

/*
 * Stripe's webhooks (spec section 7; PRODUCT.md: plans change only through verified webhooks or an
 * admin's recorded change). The endpoint verifies the signature and queues the event
 * (`billing.event`), answering at once; this job applies it.
 *
 * At most once: the event's id goes into processed_stripe_events in the same transaction as its
 * effect, so a redelivered event changes nothing. Order does not matter: a subscription's state is
 * always fetched from Stripe inside that transaction, with the artist's profile row locked, so the
 * last writer writes the current state whatever order the events arrive in.
 */

type Ctx = Pick<AppContext, 'db' | 'payments' | 'logger' | 'env'>
type Tx = Prisma.TransactionClient

/** Stripe's states of a subscription whose latest invoice is not paid. */
const UNPAID_STATUSES = new Set(['past_due', 'unpaid', 'incomplete'])

export type EventOutcome = 'applied' | 'duplicate' | 'ignored'

const HANDLED = new Set([
	'checkout.session.completed',
	'customer.subscription.created',
	'customer.subscription.updated',
	'customer.subscription.deleted',
	'invoice.payment_failed',
	'invoice.paid',
	'charge.refunded',
])

const str = (value: unknown) => (typeof value === 'string' && value ? value : null)
/** An expandable Stripe field: the id string, or the object carrying it. */
const idOf = (value: unknown) => str(value) ?? str((value as { id?: unknown } | null)?.id)

export async function applyStripeEvent(ctx: Ctx, event: PaymentEvent): Promise<EventOutcome> {
	const log = ctx.logger.child({ stripeEventId: event.id, type: event.type })
	if (!HANDLED.has(event.type)) {
		log.info('stripe event ignored')
		return 'ignored'
	}
	const userId = await userOf(ctx, event)
	if (!userId) {
		log.warn('stripe event for no known artist')
		await ctx.db.processedStripeEvent.createMany({ data: [{ id: event.id, type: event.type }], skipDuplicates: true })
		return 'ignored'
	}
	const after: AfterCommit = {}
	const outcome = await ctx.db.$transaction(
		async (tx) => {
			// The artist's row first: every event of one artist takes its turn.
			await tx.$queryRaw`SELECT 1 FROM profiles WHERE user_id = ${userId}::uuid FOR UPDATE`
			const claimed = await tx.$executeRaw`
				INSERT INTO processed_stripe_events (id, type) VALUES (${event.id}, ${event.type}) ON CONFLICT (id) DO NOTHING`
			if (!claimed) return 'duplicate' as const
			await applyEffect(ctx, tx, event, userId, after)
			return 'applied' as const
		},
		// Stripe is asked for the subscription's state inside: give it its own timeout.
		{ maxWait: 15_000, timeout: 30_000 },
	)
	log.info({ userId, outcome }, 'stripe event handled')
	if (after.proStartedFor) await closePackCheckouts(ctx, after.proStartedFor, log)
	return outcome
}

/** What an event leaves to do once its effect is committed, and may fail without undoing it. */
type AfterCommit = { proStartedFor?: string }

/**
 * A credit-pack checkout opened before Pro started (in another tab) could still be paid on Pro,
 * where packs are refused: closed once the artist is Pro. Best effort, after the plan is recorded,
 * so Stripe failing here never holds up or undoes a paid upgrade; one paid meanwhile keeps its
 * credits (ADR 022). A pack whose checkout Stripe is still creating now is not listed yet: its
 * click finds Pro once it has it, and closes it (`startCheckout`).
 */
async function closePackCheckouts(ctx: Ctx, customerId: string, log: Ctx['logger']) {
	try {
		const packs = (await ctx.payments.listOpenCheckoutSessions(customerId)).filter((session) => session.mode === 'payment')
		for (const pack of packs) await expireUnlessSettled(ctx, pack.id)
	} catch (error) {
		log.warn({ err: error, customerId }, 'could not close open credit-pack checkouts')
	}
}

/** The artist an event is about: our user id on the session, else the owner of its Stripe customer. */
async function userOf(ctx: Ctx, event: PaymentEvent): Promise<string | null> {
	const object = event.object
	const fromSession = event.type === 'checkout.session.completed' ? str(object.client_reference_id) : null
	const fromMetadata = str((object.metadata as Record<string, unknown> | undefined)?.userId)
	const customerId = idOf(object.customer)
	const byCustomer = customerId
		? await ctx.db.profile.findUnique({ where: { stripeCustomerId: customerId }, select: { userId: true } })
		: null
	if (byCustomer) return byCustomer.userId
	const claimed = fromSession ?? fromMetadata
	if (!claimed) return null
	const profile = await ctx.db.profile.findUnique({ where: { userId: claimed }, select: { userId: true } }).catch(() => null)
	return profile?.userId ?? null
}

async function applyEffect(ctx: Ctx, tx: Tx, event: PaymentEvent, userId: string, after: AfterCommit) {
	const object = event.object
	switch (event.type) {
		case 'checkout.session.completed': {
			if (object.mode === 'payment') return creditPack(ctx, tx, event, userId)
			const subscriptionId = idOf(object.subscription)
			if (subscriptionId) await syncSubscription(ctx, tx, userId, subscriptionId, event, after)
			return
		}
		case 'customer.subscription.created':
		case 'customer.subscription.updated':
		case 'customer.subscription.deleted':
			await syncSubscription(ctx, tx, userId, idOf(object.id)!, event, after)
			return
		case 'invoice.payment_failed':
		case 'invoice.paid': {
			const subscriptionId = invoiceSubscription(object)
			if (!subscriptionId) return
			const state = await syncSubscription(ctx, tx, userId, subscriptionId, event, after)
			// Stripe sends events in no set order, and retries one for days: a failure arriving after the
			// next payment went through is not news. It counts while Stripe still has the subscription unpaid.
			const failing = event.type === 'invoice.payment_failed' && UNPAID_STATUSES.has(state.status)
			await tx.subscription.updateMany({
				where: { id: subscriptionId, userId },
				data: { paymentFailedAt: failing ? new Date(event.created * 1000) : null },
			})
			return
		}
		case 'charge.refunded':
			return withdrawRefundedPack(tx, event, userId)
	}
}

/** An invoice's subscription: a top-level field in older API versions, under `parent` in newer ones. */
function invoiceSubscription(invoice: Record<string, unknown>) {
	const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | undefined
	return idOf(invoice.subscription) ?? idOf(parent?.subscription_details?.subscription)
}

/**
 * A paid pack: its credits through the ledger (`credit_pack`), recorded against its checkout
 * session and payment intent, so the session pays once and a refund can find it.
 */
async function creditPack(ctx: Ctx, tx: Tx, event: PaymentEvent, userId: string) {
	const object = event.object
	if (object.payment_status !== 'paid') return
	const checkoutSessionId = idOf(object.id)!
	const credits = Number((object.metadata as Record<string, unknown> | undefined)?.credits) || ctx.env.CREDIT_PACK_SIZE
	const created = await tx.creditPurchase.createMany({
		data: [{ userId, checkoutSessionId, paymentIntentId: idOf(object.payment_intent), credits }],
		skipDuplicates: true,
	})
	if (!created.count) return
	await changeCredits(tx, { userId, delta: credits, reason: 'credit_pack', stripeEventId: event.id, note: `Checkout ${checkoutSessionId}` })
}

/**
 * A refunded pack gives back what the refund covers, as far as the credits are unspent: the
 * balance never goes below zero (`credit_pack_refund`).
 */
async function withdrawRefundedPack(tx: Tx, event: PaymentEvent, userId: string) {
	const object = event.object
	const paymentIntentId = idOf(object.payment_intent)
	if (!paymentIntentId) return
	const [purchase] = await tx.$queryRaw<{ id: string; credits: number; withdrawn: number }[]>`
		SELECT id, credits, withdrawn FROM credit_purchases WHERE payment_intent_id = ${paymentIntentId} AND user_id = ${userId}::uuid FOR UPDATE`
	if (!purchase) return
	const amount = Number(object.amount) || 0
	const refunded = Number(object.amount_refunded) || 0
	const covered = amount > 0 ? Math.min(purchase.credits, Math.floor((purchase.credits * refunded) / amount)) : purchase.credits
	const due = covered - purchase.withdrawn
	if (due <= 0) return
	await tx.creditPurchase.update({ where: { id: purchase.id }, data: { withdrawn: covered } })
	const [profile] = await tx.$queryRaw<{ credits_remaining: number }[]>`SELECT credits_remaining FROM profiles WHERE user_id = ${userId}::uuid`
	const take = Math.min(due, profile?.credits_remaining ?? 0)
	if (take > 0) {
		await changeCredits(tx, { userId, delta: -take, reason: 'credit_pack_refund', stripeEventId: event.id, note: `Refund of ${paymentIntentId}` })
	}
}

/**
 * Records a subscription as Stripe has it now (and returns it), then sets the plan: Pro while any of the artist's
 * subscriptions is active, trialing or past due (cancel-at-period-end stays active until then); else
 * free, unless an admin gave the plan (recorded as theirs) and no subscription is involved.
 */
async function syncSubscription(ctx: Ctx, tx: Tx, userId: string, subscriptionId: string, event: PaymentEvent, after: AfterCommit) {
	const state = await currentSubscription(ctx, subscriptionId, event)
	const data = {
		userId,
		status: state.status,
		priceId: state.priceId,
		currentPeriodEnd: state.currentPeriodEnd,
		cancelAtPeriodEnd: state.cancelAtPeriodEnd,
	}
	await tx.subscription.upsert({ where: { id: state.id }, create: { id: state.id, ...data }, update: data })
	if ((await setPlanFromSubscriptions(tx, userId, state.id, event)) && state.customerId) after.proStartedFor = state.customerId
	return state
}

/**
 * Pro while any of the artist's subscriptions is, else free unless an admin gave the plan; audited
 * when it changes. True when the artist has just become Pro.
 */
async function setPlanFromSubscriptions(tx: Tx, userId: string, subscriptionId: string, event: PaymentEvent) {
	const pro = (await tx.subscription.count({ where: { userId, status: { in: [...PRO_STATUSES] } } })) > 0
	const profile = await tx.profile.findUniqueOrThrow({ where: { userId }, select: { plan: true, planSource: true } })
	const plan = pro ? 'pro' : profile.planSource === 'admin' ? profile.plan : 'free'
	if (plan === profile.plan && (!pro || profile.planSource === 'stripe')) return false
	await tx.profile.update({ where: { userId }, data: { plan, planSource: pro ? 'stripe' : profile.planSource } })
	if (plan !== profile.plan) {
		await tx.auditLogEntry.create({
			data: { targetUserId: userId, action: 'plan_changed', details: { from: profile.plan, to: plan, source: 'stripe', subscriptionId, stripeEventId: event.id } },
		})
	}
	return plan === 'pro' && profile.plan !== 'pro'
}

/** The subscription as Stripe has it now; a deleted one Stripe no longer returns reads as the event carried it. */
async function currentSubscription(ctx: Ctx, subscriptionId: string, event: PaymentEvent): Promise<SubscriptionState> {
	try {
		return await ctx.payments.retrieveSubscription(subscriptionId)
	} catch (error) {
		if (!isResourceMissing(error) || event.type !== 'customer.subscription.deleted') throw error
		const object = event.object
		return {
			id: subscriptionId,
			customerId: idOf(object.customer) ?? '',
			status: 'canceled',
			priceId: null,
			currentPeriodEnd: null,
			cancelAtPeriodEnd: false,
			metadata: {},
		}
	}
}

/**
 * POST /webhooks/stripe: verifies the signature on the raw body, then queues the event and
 * returns, so Stripe hears back within a second whatever the work takes. A replay while the first
 * is still queued collapses into it (the queue's key is the event id); a later one is refused by
 * processed_stripe_events when it runs.
 */
export async function receiveStripeWebhook(ctx: Pick<AppContext, 'payments' | 'jobs' | 'logger'>, rawBody: Buffer, signature: string | null | undefined) {
	const event = ctx.payments.verifyWebhook(rawBody, signature)
	ctx.logger.info({ stripeEventId: event.id, type: event.type }, 'stripe webhook received')
	await ctx.jobs.send('billing.event', event)
	return event
}
