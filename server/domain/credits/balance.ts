import type { AppContext } from '#server/context.ts'
import { PRO_STATUSES } from '#server/domain/billing/billing.schema.ts'

/**
 * What the portal header and its banners show: the credits (or Pro), and whether a subscription's
 * last payment failed. A missing profile counts as 0 credits on the Free plan.
 */
export async function getCreditSummary(ctx: Pick<AppContext, 'db'>, userId: string) {
	const profile = await ctx.db.profile.findUnique({
		where: { userId },
		select: {
			creditsRemaining: true,
			plan: true,
			user: {
				select: {
					subscriptions: {
						where: { status: { in: [...PRO_STATUSES] }, OR: [{ paymentFailedAt: { not: null } }, { status: 'past_due' }] },
						select: { id: true },
						take: 1,
					},
				},
			},
		},
	})
	return {
		creditsRemaining: profile?.creditsRemaining ?? 0,
		plan: profile?.plan ?? 'free',
		paymentFailed: Boolean(profile?.user.subscriptions.length),
	}
}
