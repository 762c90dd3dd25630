import type { AppContext } from '#server/context.ts'
import type { Prisma } from '#server/db/generated/client.ts'
import type { Actor } from '#server/domain/actor.ts'
import { PRO_STATUSES } from '#server/domain/billing/billing.schema.ts'
import { CHECKOUT_LOCK_TRANSACTION, expireUnlessSettled, holdCheckoutLock } from '#server/domain/billing/checkout.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import { deleteStoredObjects } from '#server/domain/files/delete-objects.ts'
import { ACCOUNT_MESSAGES, DeleteAccountInput } from './accounts.schema.ts'

/*
 * The artist's own account page (ADR 027): the devices signed in, and deleting the account with
 * everything in it. Spec-silent; what people expect of a service that holds their CV and drafts.
 */

type Ctx = Pick<AppContext, 'db' | 'storage' | 'payments' | 'logger'>

/** How many other sessions (devices, browsers) the artist is signed in on. */
export async function countOtherSessions(ctx: Pick<AppContext, 'db'>, actor: Actor, currentSessionId: string) {
	return ctx.db.session.count({ where: { userId: actor.id, id: { not: currentSessionId }, expiresAt: { gt: new Date() } } })
}

/** Signs the artist out everywhere but here; how many live sessions ended (expired ones go too, uncounted). */
export async function signOutOtherSessions(ctx: Pick<AppContext, 'db'>, actor: Actor, currentSessionId: string) {
	const others = { userId: actor.id, id: { not: currentSessionId } }
	const { count } = await ctx.db.session.deleteMany({ where: { ...others, expiresAt: { gt: new Date() } } })
	await ctx.db.session.deleteMany({ where: others })
	return count
}

/**
 * Deletes the account, confirmed by its e-mail address: billing is stopped at Stripe first (if that
 * fails, nothing is deleted), then the user row with everything that hangs from it (profile,
 * sessions, drafts, contexts, saved calls, ledger, purchases), both under the checkout lock, then
 * the stored files (CV, images, context files). The last admin cannot delete theirs.
 */
export async function deleteAccount(ctx: Ctx, actor: Actor, input: DeleteAccountInput) {
	const { email } = parseInput(DeleteAccountInput, input)
	const user = await ctx.db.user.findUnique({
		where: { id: actor.id },
		select: {
			email: true,
			profile: { select: { role: true, stripeCustomerId: true } },
			subscriptions: { where: { status: { in: [...PRO_STATUSES] } }, select: { id: true } },
		},
	})
	if (!user) throw new DomainError('NOT_FOUND', 'Account not found')
	if (email !== user.email) throw new DomainError('INVALID', ACCOUNT_MESSAGES.confirmEmail, { fieldErrors: { email: [ACCOUNT_MESSAGES.confirmEmail] } })
	const admin = user.profile?.role === 'admin'
	// Before Stripe is touched; and again below, where it holds.
	if (admin) await assertAnotherAdmin(ctx.db, actor.id)
	const [assets, contextFiles] = await Promise.all([
		ctx.db.userAsset.findMany({ where: { userId: actor.id }, select: { storagePath: true } }),
		ctx.db.contextFile.findMany({ where: { context: { userId: actor.id } }, select: { storagePath: true } }),
	])
	// Under the checkout lock until the rows are gone: no checkout (another tab's Upgrade or credit
	// pack) can open between billing stopping and the account going, and none is left half-open.
	await ctx.db.$transaction(
		async (tx) => {
			await holdCheckoutLock(tx, actor.id)
			try {
				// Without payments set up (any more), only subscriptions our records hold stop a deletion.
				const customerId = ctx.payments.configured ? (user.profile?.stripeCustomerId ?? null) : null
				await stopBilling(ctx, customerId, user.subscriptions.map((subscription) => subscription.id))
			} catch (error) {
				ctx.logger.error({ err: error, userId: actor.id }, 'billing could not be stopped for an account deletion')
				throw new DomainError('UNAVAILABLE', ACCOUNT_MESSAGES.cancelFailed, { cause: error })
			}
			if (admin) await assertAnotherAdmin(tx, actor.id)
			await tx.user.delete({ where: { id: actor.id } })
		},
		CHECKOUT_LOCK_TRANSACTION,
	)
	ctx.logger.info({ userId: actor.id, files: assets.length + contextFiles.length }, 'account deleted')
	await deleteStoredObjects(ctx, [...assets, ...contextFiles].map((file) => file.storagePath))
}

/**
 * The last admin cannot go. In a transaction the admin rows stay locked (in one order) until it
 * ends, so two admins deleting at once cannot leave none.
 */
async function assertAnotherAdmin(db: Prisma.TransactionClient, userId: string) {
	const admins = await db.$queryRaw<{ user_id: string }[]>`SELECT user_id FROM profiles WHERE role = 'admin' ORDER BY user_id FOR UPDATE`
	if (!admins.some((admin) => admin.user_id !== userId)) throw new DomainError('CONFLICT', ACCOUNT_MESSAGES.onlyAdmin)
}

/** Subscription statuses Stripe can still charge, or is trying to. */
const CHARGEABLE = new Set<string>([...PRO_STATUSES, 'unpaid', 'incomplete', 'paused'])

/**
 * Nothing of the artist's can be charged afterwards. Any checkout still open is expired first, so
 * none can start a subscription after the list below is read (one paid a moment before is on it);
 * then every subscription Stripe still has for their customer is cancelled (one paid whose webhook
 * has not arrived included), with those our records know.
 */
async function stopBilling(ctx: Pick<AppContext, 'payments'>, customerId: string | null, recorded: string[]) {
	for (const session of customerId ? await ctx.payments.listOpenCheckoutSessions(customerId) : []) {
		await expireUnlessSettled(ctx, session.id)
	}
	const atStripe = customerId ? await ctx.payments.listSubscriptions(customerId) : []
	const live = new Set([...recorded, ...atStripe.filter((subscription) => CHARGEABLE.has(subscription.status)).map((subscription) => subscription.id)])
	for (const id of live) {
		try {
			await ctx.payments.cancelSubscription(id)
		} catch (error) {
			// Ended already (at Stripe, before its webhook arrived): nothing left to charge.
			const ended = (error as { code?: unknown }).code === 'resource_missing' || /canceled subscription/i.test(String((error as Error).message))
			if (!ended) throw error
		}
	}
}
