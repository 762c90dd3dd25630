import type { AppContext } from '#server/context.ts'
import type { Actor } from '#server/domain/actor.ts'
import { isProStatus } from './billing.schema.ts'

/** Ledger rows the profile's Billing section lists. */
const HISTORY_ROWS = 20

/**
 * The profile page's Billing section (issue "Billing", item 7): the plan, the subscription's renewal
 * or end date, the credit balance and its recent ledger history, and whether "Manage billing" can
 * open the portal.
 */
export async function getBillingSummary(ctx: Pick<AppContext, 'db' | 'payments'>, actor: Actor) {
	const profile = await ctx.db.profile.findUnique({
		where: { userId: actor.id },
		select: {
			plan: true,
			planSource: true,
			creditsRemaining: true,
			stripeCustomerId: true,
			user: {
				select: {
					subscriptions: {
						orderBy: [{ updatedAt: 'desc' }],
						take: 5,
						select: { status: true, currentPeriodEnd: true, cancelAtPeriodEnd: true, paymentFailedAt: true },
					},
					creditEntries: {
						orderBy: [{ createdAt: 'desc' }],
						take: HISTORY_ROWS,
						select: { id: true, createdAt: true, delta: true, balanceAfter: true, reason: true },
					},
				},
			},
		},
	})
	const subscriptions = profile?.user.subscriptions ?? []
	const live = subscriptions.filter((subscription) => isProStatus(subscription.status))
	// One that renews says more than one cancelled beside it: the artist is still being charged.
	const current = live.find((subscription) => !subscription.cancelAtPeriodEnd) ?? live[0]
	return {
		plan: profile?.plan ?? 'free',
		/** An admin gave this plan (no subscription behind it). */
		grantedByAdmin: profile?.planSource === 'admin' && !current,
		creditsRemaining: profile?.creditsRemaining ?? 0,
		subscription: current
			? {
					status: current.status,
					/** yyyy-MM-dd: when it renews, or when Pro ends if it was cancelled. */
					periodEnd: current.currentPeriodEnd?.toISOString().slice(0, 10) ?? null,
					cancelAtPeriodEnd: current.cancelAtPeriodEnd,
					paymentFailed: current.paymentFailedAt !== null || current.status === 'past_due',
					/** Pro subscriptions that will renew: more than one means the artist pays twice. */
					renewing: live.filter((subscription) => !subscription.cancelAtPeriodEnd).length,
				}
			: null,
		history: (profile?.user.creditEntries ?? []).map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
		canManage: ctx.payments.configured && Boolean(profile?.stripeCustomerId),
		paymentsConfigured: ctx.payments.configured,
	}
}
