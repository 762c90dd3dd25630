import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { readForm } from '#app/utils/read-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { requireUser, safeRedirectTo } from '#server/auth/guards.ts'
import { openBillingPortal } from '#server/domain/billing/checkout.ts'
import { isDomainError } from '#server/domain/errors.ts'

/** "Manage billing" without JavaScript: Stripe's billing portal in the same tab (303). */
export async function action({ request, context }: ActionFunctionArgs) {
	const user = requireUser(request, context)
	const { app } = context
	const returnTo = safeRedirectTo((await readForm(request)).get('returnTo'), '/portal/profile')
	try {
		const { url } = await openBillingPortal(app, user)
		return redirect(url, 303)
	} catch (error) {
		if (!isDomainError(error)) throw error
		return redirectWithToast(returnTo, { type: 'error', description: error.message }, app.env)
	}
}

export const loader = () => redirect('/portal/profile')
