import { CheckoutInput } from '#server/domain/billing/billing.schema.ts'
import { openBillingPortal, startCheckout } from '#server/domain/billing/checkout.ts'
import { authedProcedure, router } from '#server/trpc/trpc.ts'

/*
 * Checkout and the billing portal with JavaScript (spec section 7: create-checkout-subscription,
 * create-checkout-credits, billing-portal): each returns a URL the page opens in a new tab. Without
 * JavaScript the same buttons post to /billing/checkout and /billing/portal, which answer 303 to it.
 */
export const billingRouter = router({
	checkout: authedProcedure.input(CheckoutInput).mutation(({ ctx, input }) => startCheckout(ctx.app, ctx.actor, input)),
	portal: authedProcedure.mutation(({ ctx }) => openBillingPortal(ctx.app, ctx.actor)),
})
