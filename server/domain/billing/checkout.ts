import { createHash, randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { AppContext } from '#server/context.ts'
import type { Prisma } from '#server/db/generated/client.ts'
import type { Actor } from '#server/domain/actor.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import { isMissingCustomer, PaymentsNotConfiguredError } from '#server/integrations/payments/types.ts'
import { BILLING_MESSAGES, BILLING_PATHS, CheckoutInput, isProStatus, PRO_STATUSES, type CheckoutKind } from './billing.schema.ts'

type Ctx = Pick<AppContext, 'db' | 'payments' | 'env' | 'logger'>

const appUrl = (ctx: Ctx, path: string) => new URL(path, ctx.env.APP_URL).toString()

function assertConfigured(ctx: Ctx) {
	if (!ctx.payments.configured) throw new DomainError('CONFLICT', BILLING_MESSAGES.notConfigured)
}

/**
 * The idempotency key of creating the artist's customer: a create retried after its answer was lost
 * (or its transaction rolled back) returns the same customer for 24 hours. It names the address:
 * Stripe refuses a key used again with other parameters, so after the account's address moved the
 * old key would refuse every checkout (a tester's finding).
 */
function customerIdempotencyKey(userId: string, email: string) {
	return `customer-${userId}-${createHash('sha256').update(email).digest('hex').slice(0, 32)}`
}

/**
 * The artist's Stripe customer: created once and reused. The profile row is locked while it is
 * read and, the first time, while the customer is created, so concurrent clicks wait for the first
 * and reuse its customer; Stripe's idempotency key makes a retried create return the same one.
 * `fresh`: Stripe lost the customer the profile named (just forgotten); a key of its own, as the
 * usual one could replay the lost customer (the profile's lock still makes one create at a time).
 */
async function ensureCustomer(ctx: Ctx, actor: Actor, { fresh = false } = {}): Promise<string> {
	const existing = await ctx.db.profile.findUnique({ where: { userId: actor.id }, select: { stripeCustomerId: true } })
	if (existing?.stripeCustomerId) return existing.stripeCustomerId
	return ctx.db.$transaction(
		async (tx) => {
			const [row] = await tx.$queryRaw<{ stripe_customer_id: string | null }[]>`
				SELECT stripe_customer_id FROM profiles WHERE user_id = ${actor.id}::uuid FOR UPDATE`
			if (!row) throw new DomainError('NOT_FOUND', `User ${actor.id} has no profile.`)
			if (row.stripe_customer_id) return row.stripe_customer_id
			// Read after the lock, in a statement of its own: an e-mail change that held the row has
			// committed by now, and this sees its address (a join in the locking statement would not).
			const { email } = await tx.user.findUniqueOrThrow({ where: { id: actor.id }, select: { email: true } })
			const customer = await ctx.payments.createCustomer({ email, userId: actor.id, idempotencyKey: fresh ? `customer-${actor.id}-${randomUUID()}` : customerIdempotencyKey(actor.id, email) })
			await tx.profile.update({ where: { userId: actor.id }, data: { stripeCustomerId: customer.id } })
			return customer.id
		},
		// A network call happens inside: give it Stripe's own timeout, not Prisma's five seconds.
		{ maxWait: 15_000, timeout: 30_000 },
	)
}

/** Whether the artist already pays for Pro, as the webhooks recorded it. */
async function hasProSubscription(db: Prisma.TransactionClient, userId: string) {
	const count = await db.subscription.count({ where: { userId, status: { in: [...PRO_STATUSES] } } })
	return count > 0
}

/**
 * create-checkout-subscription / create-checkout-credits (spec section 7): a Stripe Checkout
 * Session for Pro (mode subscription, STRIPE_PRICE_PRO) or a credit pack (mode payment,
 * STRIPE_PRICE_CREDITS, CREDIT_PACK_SIZE credits), returning to the payment outcome pages. The plan
 * and the credits change only when Stripe's webhook says the payment happened.
 *
 * One Pro subscription per artist (ADR 022): an artist who already has one is sent to the billing
 * portal, and an artist with a Pro checkout still open gets that same checkout again, so two tabs
 * cannot pay for two subscriptions. A credit pack is refused on Pro, where drafts are unlimited.
 */
export async function startCheckout(ctx: Ctx, actor: Actor, input: CheckoutInput): Promise<{ url: string; destination: 'checkout' | 'portal' }> {
	const { kind } = parseInput(CheckoutInput, input)
	assertConfigured(ctx)
	// Before a customer is made for nothing.
	if (kind === 'credits') await refusePackOnPro(ctx.db, actor.id)
	const open = (customerId: string) =>
		withCheckoutLock(ctx, actor, async (tx) => {
			// Deleted meanwhile (the deletion holds this lock while it stops billing): nothing to open.
			if (!(await tx.user.findUnique({ where: { id: actor.id }, select: { id: true } }))) throw new DomainError('NOT_FOUND', 'Account not found')
			if (kind === 'subscription') return proCheckoutLocked(ctx, tx, actor, customerId)
			// Pro may start while Stripe creates the pack's checkout, and the webhook that records it
			// closes the packs open by then. Read once the checkout exists: Pro seen here closes it; Pro
			// recorded after this read is recorded after the checkout existed, so its webhook closes it.
			const pack = await createCheckout(ctx, actor, customerId, 'credits')
			await refusePackOnPro(tx, actor.id).catch(async (error: unknown) => {
				await expireUnlessSettled(ctx, pack.id)
				throw error
			})
			return { url: pack.url, destination: 'checkout' as const }
		})
	try {
		const customerId = await ensureCustomer(ctx, actor)
		try {
			return await open(customerId)
		} catch (error) {
			// Stripe lost the customer (deleted in its dashboard, or live keys after test ones): a new one, once.
			if (!isMissingCustomer(error) || !(await forgetCustomer(ctx, actor, customerId))) throw error
			return await open(await ensureCustomer(ctx, actor, { fresh: true }))
		}
	} catch (error) {
		if (error instanceof DomainError) throw error
		if (error instanceof PaymentsNotConfiguredError) throw new DomainError('CONFLICT', BILLING_MESSAGES.notConfigured)
		ctx.logger.error({ err: error, userId: actor.id, kind }, 'checkout session could not be created')
		throw new DomainError('UNAVAILABLE', BILLING_MESSAGES.checkoutSessionFailed, { cause: error })
	}
}

/** Packs are refused on Pro, where drafts are unlimited. */
async function refusePackOnPro(db: Pick<Prisma.TransactionClient, 'profile'>, userId: string) {
	const profile = await db.profile.findUnique({ where: { userId }, select: { plan: true } })
	if (profile?.plan === 'pro') throw new DomainError('CONFLICT', BILLING_MESSAGES.packOnPro)
}

/** How long a click waits while another click of the same artist opens a checkout (or the account is being deleted). */
const CHECKOUT_LOCK_WAIT_MS = 5_000
const CHECKOUT_LOCK_POLL_MS = 100
/**
 * The lock's transaction outlasts what the Stripe calls under it can take with the SDK's retries
 * (at most four calls, each up to three tries of 10 s), so it is never rolled back, and the lock
 * released, while a click is still creating a checkout.
 */
const CHECKOUT_LOCK_TIMEOUT_MS = 150_000

/** The options of a transaction that holds the checkout lock across calls to Stripe. */
export const CHECKOUT_LOCK_TRANSACTION = { maxWait: 15_000, timeout: CHECKOUT_LOCK_TIMEOUT_MS }

/** The advisory lock under which an artist's checkouts are opened, and their account deleted. */
const checkoutLockKey = (userId: string) => `checkout:${userId}`

/**
 * Takes the artist's checkout lock in `tx`, waiting for a click that holds it: no checkout opens
 * until the transaction ends (account deletion, which ends with the account gone).
 */
export async function holdCheckoutLock(tx: Prisma.TransactionClient, userId: string) {
	await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${checkoutLockKey(userId)}))`
}

/**
 * One checkout click per artist at a time: a transaction-scoped advisory lock, held across the calls
 * to Stripe, so two clicks cannot both find nothing open and create two Pro checkouts, and no
 * checkout opens while the account is being deleted. A click that finds the lock taken holds no
 * connection while it waits, then gets what the first one made.
 */
async function withCheckoutLock<T>(ctx: Ctx, actor: Actor, run: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
	const deadline = Date.now() + CHECKOUT_LOCK_WAIT_MS
	for (;;) {
		const outcome = await ctx.db.$transaction(
			async (tx) => {
				const [row] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(hashtext(${checkoutLockKey(actor.id)})) AS locked`
				return row?.locked ? { value: await run(tx) } : null
			},
			CHECKOUT_LOCK_TRANSACTION,
		)
		if (outcome) return outcome.value
		if (Date.now() >= deadline) throw new DomainError('CONFLICT', BILLING_MESSAGES.checkoutBusy)
		await sleep(CHECKOUT_LOCK_POLL_MS)
	}
}

/**
 * Under the lock. Stripe is asked as well as our records, which a webhook not yet arrived would
 * leave behind: a live subscription sends the artist to the portal; an open Pro checkout is offered
 * again; older open ones (from before this rule), and open credit-pack checkouts, are expired.
 */
async function proCheckoutLocked(ctx: Ctx, tx: Prisma.TransactionClient, actor: Actor, customerId: string) {
	const portal = async () => {
		const session = await ctx.payments.createPortalSession({ customerId, returnUrl: appUrl(ctx, BILLING_PATHS.portalReturn) })
		return { url: session.url, destination: 'portal' as const }
	}
	if ((await hasProSubscription(tx, actor.id)) || (await ctx.payments.listSubscriptions(customerId)).some((subscription) => isProStatus(subscription.status))) return portal()
	const openSessions = await ctx.payments.listOpenCheckoutSessions(customerId)
	const [newest, ...older] = openSessions.filter((session) => session.mode === 'subscription' && session.url)
	for (const session of older) {
		// Paid a moment ago, in another tab: the artist has Pro now.
		if ((await expireUnlessSettled(ctx, session.id)) === 'complete') return portal()
	}
	// A credit pack left open would still be payable once on Pro, which refuses packs. One paid
	// meanwhile is as good.
	for (const pack of openSessions.filter((session) => session.mode === 'payment')) await expireUnlessSettled(ctx, pack.id)
	if (newest?.url) {
		ctx.logger.info({ userId: actor.id, checkoutSessionId: newest.id }, 'open checkout session reused')
		return { url: newest.url, destination: 'checkout' as const }
	}
	return { url: (await createCheckout(ctx, actor, customerId, 'subscription')).url, destination: 'checkout' as const }
}

/**
 * Makes an open checkout unpayable, and says how it ended: 'expired', or 'complete' when it was
 * paid a moment before (Stripe refuses to expire a session that is no longer open; expired
 * meanwhile is as good). Throws when it could not be expired and is still open.
 */
export async function expireUnlessSettled(ctx: Pick<AppContext, 'payments'>, sessionId: string): Promise<'expired' | 'complete'> {
	try {
		await ctx.payments.expireCheckoutSession(sessionId)
		return 'expired'
	} catch (error) {
		const { status } = await ctx.payments.retrieveCheckoutSession(sessionId)
		if (status !== 'complete' && status !== 'expired') throw error
		return status
	}
}

async function createCheckout(ctx: Ctx, actor: Actor, customerId: string, kind: CheckoutKind) {
	const credits = String(ctx.env.CREDIT_PACK_SIZE)
	const session = await ctx.payments.createCheckoutSession({
		mode: kind === 'subscription' ? 'subscription' : 'payment',
		customerId,
		priceId: (kind === 'subscription' ? ctx.payments.prices.pro : ctx.payments.prices.credits)!,
		successUrl: appUrl(ctx, BILLING_PATHS.success),
		cancelUrl: appUrl(ctx, BILLING_PATHS.cancel),
		clientReferenceId: actor.id,
		// The pack's size travels with the purchase, so a later change of CREDIT_PACK_SIZE does not alter it.
		metadata: { userId: actor.id, kind, ...(kind === 'credits' ? { credits } : {}) },
	})
	if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`)
	ctx.logger.info({ userId: actor.id, kind, checkoutSessionId: session.id }, 'checkout session created')
	return { id: session.id, url: session.url }
}

/**
 * Drops the profile's customer id when it is still `customerId` (Stripe said it has no such
 * customer), and says whether it did. Not while our records hold a live Pro subscription: keys of
 * another Stripe account would otherwise cost a paying artist the customer that can cancel it, so
 * that is logged for an operator and the artist sees the usual failure.
 */
async function forgetCustomer(ctx: Ctx, actor: Actor, customerId: string) {
	if (await hasProSubscription(ctx.db, actor.id)) {
		ctx.logger.error({ userId: actor.id, customerId }, 'stripe has no such customer, but a live subscription is on record: kept (are the Stripe keys the right account\'s?)')
		return false
	}
	ctx.logger.warn({ userId: actor.id, customerId }, 'stripe has no such customer: forgotten')
	await ctx.db.profile.updateMany({ where: { userId: actor.id, stripeCustomerId: customerId }, data: { stripeCustomerId: null } })
	return true
}

/** billing-portal (spec section 7): Stripe's page to change the card, cancel, and read invoices. */
export async function openBillingPortal(ctx: Ctx, actor: Actor): Promise<{ url: string }> {
	assertConfigured(ctx)
	const profile = await ctx.db.profile.findUnique({ where: { userId: actor.id }, select: { stripeCustomerId: true } })
	if (!profile?.stripeCustomerId) throw new DomainError('CONFLICT', BILLING_MESSAGES.noBillingAccount)
	try {
		return await ctx.payments.createPortalSession({ customerId: profile.stripeCustomerId, returnUrl: appUrl(ctx, BILLING_PATHS.portalReturn) })
	} catch (error) {
		// Nothing of it is left to manage; the next purchase creates a new customer.
		if (isMissingCustomer(error) && (await forgetCustomer(ctx, actor, profile.stripeCustomerId))) throw new DomainError('CONFLICT', BILLING_MESSAGES.noBillingAccount)
		ctx.logger.error({ err: error, userId: actor.id }, 'billing portal session could not be created')
		throw new DomainError('UNAVAILABLE', BILLING_MESSAGES.portalFailed, { cause: error })
	}
}

/**
 * What /billing/success says about the session it returned from, once Stripe confirms it was paid
 * (the plan and credits themselves follow from the webhook). Null for a session that is not the
 * actor's, not paid, or cannot be read: the page then shows its usual text only.
 */
export async function getCheckoutOutcome(ctx: Ctx, actor: Actor, sessionId: string) {
	if (!ctx.payments.configured || !/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return null
	try {
		const session = await ctx.payments.retrieveCheckoutSession(sessionId)
		const paid = session.status === 'complete' && (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required')
		if (!paid || session.clientReferenceId !== actor.id) return null
		if (session.mode === 'subscription') return { kind: 'subscription' as const }
		return { kind: 'credits' as const, credits: Number(session.metadata.credits) || ctx.env.CREDIT_PACK_SIZE }
	} catch (error) {
		ctx.logger.warn({ err: error, checkoutSessionId: sessionId }, 'checkout session could not be read for the success page')
		return null
	}
}
