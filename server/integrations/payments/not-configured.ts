import { PaymentsNotConfiguredError, type Payments } from './types.ts'

const refuse = () => {
	throw new PaymentsNotConfiguredError()
}

/** Payments when STRIPE_SECRET_KEY is unset: every call says so, so pages can show that payments are not set up. */
export function createNotConfiguredPayments(): Payments {
	return {
		kind: 'not_configured',
		configured: false,
		prices: { pro: null, credits: null },
		checkoutOrigins: [],
		createCustomer: async () => refuse(),
		updateCustomerEmail: async () => refuse(),
		createCheckoutSession: async () => refuse(),
		retrieveCheckoutSession: async () => refuse(),
		createPortalSession: async () => refuse(),
		retrieveSubscription: async () => refuse(),
		listSubscriptions: async () => refuse(),
		cancelSubscription: async () => refuse(),
		listOpenCheckoutSessions: async () => refuse(),
		expireCheckoutSession: async () => refuse(),
		verifyWebhook: () => refuse(),
	}
}
