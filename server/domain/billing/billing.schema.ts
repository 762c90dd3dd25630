import { z } from 'zod'

/*
 * Billing's inputs and the texts people see (spec section 8, "Billing"), shared by the pages, the
 * tRPC procedures, the domain and the browser. Free of server imports.
 */

/** What a checkout buys: Pro by the month, or a one-time pack of credits. */
export const CHECKOUT_KINDS = ['subscription', 'credits'] as const
export type CheckoutKind = (typeof CHECKOUT_KINDS)[number]

export const CheckoutInput = z.object({
	kind: z.enum(CHECKOUT_KINDS, { message: 'Choose Pro or a credit pack' }).default('subscription'),
})
export type CheckoutInput = z.input<typeof CheckoutInput>

export const BILLING_MESSAGES = {
	notConfigured: 'Payments are not set up on this installation.',
	checkoutFailed: 'Failed to open checkout. Please try again.',
	checkoutSessionFailed: 'Failed to create checkout session',
	portalFailed: 'Failed to open billing portal',
	noBillingAccount: 'There is no billing account to manage yet: it is created with your first purchase.',
	signInTitle: 'Sign in required',
	signInDescription: 'Please sign in to upgrade your plan',
	/** The same, for "Manage billing" after the session ended on an open page. */
	signInToManageDescription: 'Please sign in to manage your billing',
	paymentFailed: 'Your last payment failed. Update your card to keep Pro.',
	packOnPro: 'You are on Pro, where drafts are unlimited: a credit pack is not needed.',
	checkoutBusy: 'Your checkout is still opening in another tab. Try again in a moment.',
	/** The profile's Billing section, when Stripe bills the artist for more than one Pro subscription. */
	severalSubscriptions: (count: number) => `You are paying for ${count} Pro subscriptions. Open Manage billing to cancel the extra one.`,
} as const

/** Subscription statuses that keep Pro: paid up, on trial, or retrying a failed payment until Stripe ends it. */
export const PRO_STATUSES = ['active', 'trialing', 'past_due'] as const

export const isProStatus = (status: string) => (PRO_STATUSES as readonly string[]).includes(status)

export const CREDIT_REASON_LABELS: Record<string, string> = {
	first_login_grant: 'Free draft on your first sign-in',
	draft_generated: 'Draft generated',
	draft_refund: 'Draft could not be written: credit returned',
	credit_pack: 'Credit pack bought',
	credit_pack_refund: 'Credit pack refunded',
	admin_adjustment: 'Adjusted by Callboard',
}

/** Where checkout and the portal return to (relative to the app's origin). */
export const BILLING_PATHS = {
	success: '/billing/success?success=true&session_id={CHECKOUT_SESSION_ID}',
	cancel: '/billing/cancel',
	portalReturn: '/portal/profile#billing',
} as const

/** "$19" from a whole amount in US dollars. */
export const formatUsd = (amount: number) => `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`
