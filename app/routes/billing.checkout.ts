import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { readForm } from '#app/utils/read-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { safeRedirectTo } from '#server/auth/guards.ts'
import { BILLING_MESSAGES, type CheckoutInput } from '#server/domain/billing/billing.schema.ts'
import { startCheckout } from '#server/domain/billing/checkout.ts'
import { isDomainError } from '#server/domain/errors.ts'

/**
 * Checkout without JavaScript: the Upgrade and credit-pack buttons post here and Stripe's checkout
 * opens in the same tab (303). Signed out, the sign-in page comes first and leads back to pricing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
	const { app } = context
	const form = await readForm(request)
	const returnTo = safeRedirectTo(form.get('returnTo'), '/pricing')
	const user = context.session?.user
	if (!user) {
		return redirectWithToast(
			`/signin?${new URLSearchParams({ redirectTo: '/pricing' })}`,
			{ type: 'error', title: BILLING_MESSAGES.signInTitle, description: BILLING_MESSAGES.signInDescription },
			app.env,
		)
	}
	try {
		const { url } = await startCheckout(app, user, { kind: String(form.get('kind') ?? '') as CheckoutInput['kind'] })
		return redirect(url, 303)
	} catch (error) {
		if (!isDomainError(error)) throw error
		return redirectWithToast(returnTo, { type: 'error', description: error.message }, app.env)
	}
}

export const loader = () => redirect('/pricing')
