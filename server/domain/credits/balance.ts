import type { AppContext } from '#server/context.ts'
import { Prisma } from '#server/db/generated/client.ts'
import { PRO_STATUSES } from '#server/domain/billing/billing.schema.ts'

/**
 * Whether the user (`userId`, a SQL expression) has a subscription that still gives Pro but whose
 * last payment failed, or that is past due: the portal's payment-failed banner. One rule for the
 * session lookup (server/auth/session.server.ts) and getCreditSummary.
 */
export function paymentFailedSql(userId: Prisma.Sql) {
	return Prisma.sql`EXISTS (SELECT 1 FROM subscriptions sub
	                         WHERE sub.user_id = ${userId} AND sub.status = ANY(${[...PRO_STATUSES]}::text[])
	                           AND (sub.payment_failed_at IS NOT NULL OR sub.status = 'past_due'))`
}

/**
 * What the portal header and its banners show: the credits (or Pro), and whether a subscription's
 * last payment failed. A missing profile counts as 0 credits on the Free plan. Pages have this from
 * the session; this reads it afresh, for after an action has changed it.
 */
export async function getCreditSummary(ctx: Pick<AppContext, 'db'>, userId: string) {
	const [row] = await ctx.db.$queryRaw<{ credits_remaining: number; plan: 'free' | 'pro'; payment_failed: boolean }[]>`
		SELECT p.credits_remaining, p.plan::text AS plan, ${paymentFailedSql(Prisma.sql`p.user_id`)} AS payment_failed
		FROM profiles p WHERE p.user_id = ${userId}::uuid`
	return {
		creditsRemaining: row?.credits_remaining ?? 0,
		plan: row?.plan ?? 'free',
		paymentFailed: row?.payment_failed ?? false,
	}
}
