import type { Env } from '#server/env.ts'
import { createNotConfiguredPayments } from './not-configured.ts'
import { createStripePayments } from './stripe.ts'
import type { Payments } from './types.ts'

type PaymentsEnv = Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PRICE_PRO' | 'STRIPE_PRICE_CREDITS' | 'STRIPE_API_BASE'>

/**
 * Stripe when STRIPE_SECRET_KEY is set (`configured` only once the prices and the webhook secret
 * are set too); otherwise payments that say they are not set up, so a fresh install runs offline.
 */
export function createPayments(env: PaymentsEnv): Payments {
	if (!env.STRIPE_SECRET_KEY) return createNotConfiguredPayments()
	return createStripePayments({
		secretKey: env.STRIPE_SECRET_KEY,
		webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
		pricePro: env.STRIPE_PRICE_PRO ?? null,
		priceCredits: env.STRIPE_PRICE_CREDITS ?? null,
		apiBase: env.STRIPE_API_BASE,
	})
}
