import type { AppContext } from '#server/context.ts'
import { isResourceMissing, PaymentsNotConfiguredError } from '#server/integrations/payments/types.ts'

type Ctx = Pick<AppContext, 'db' | 'payments' | 'logger'>

/**
 * The billing.customer-email job: Stripe sends receipts and invoices to its customer's address, so
 * when an artist moves their account to another address (ADR 028) the customer's follows. It sends
 * the address the account has when the job runs, so jobs for two moves in a row end on the last.
 * Stripe down throws (the queue retries); a customer Stripe no longer has, or payments switched off
 * since, is logged and left: no retry could help.
 */
export async function syncCustomerEmail(ctx: Ctx, userId: string): Promise<void> {
	const profile = await ctx.db.profile.findUnique({ where: { userId }, select: { stripeCustomerId: true, user: { select: { email: true } } } })
	const customerId = profile?.stripeCustomerId
	if (!customerId) return
	try {
		await ctx.payments.updateCustomerEmail({ customerId, email: profile.user.email })
		ctx.logger.info({ userId, customerId }, 'stripe customer e-mail updated')
	} catch (error) {
		if (error instanceof PaymentsNotConfiguredError || isResourceMissing(error)) {
			ctx.logger.warn({ err: error, userId, customerId }, 'stripe customer e-mail not updated')
			return
		}
		throw error
	}
}
