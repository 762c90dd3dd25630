import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FLASH_FOCUS } from '#app/components/toaster.tsx'
import { readForm } from '#app/utils/read-form.server.ts'
import { createToastHeaders, redirectWithToast, type ToastInput } from '#app/utils/toast.server.ts'
import { requireOnboardedUser, safeRedirectTo } from '#server/auth/guards.ts'
import { isDomainError, parseInput } from '#server/domain/errors.ts'
import { saveOpportunity, unsaveOpportunity } from '#server/domain/saved/saved.ts'
import { SaveIntent } from '#server/domain/saved/saved.schema.ts'

/*
 * POST /portal/opportunities/{id}/save with `intent=save|unsave`: the save button
 * (app/components/save-opportunity-button.tsx). With JavaScript its fetcher gets `{ saved }` back and
 * stays on its page; without it the form also carries `redirectTo` and comes back there with a toast.
 * Failures are flash toasts either way.
 */

const detailPage = (id: string | undefined) => `/portal/opportunities/${encodeURIComponent(id ?? '')}`

// Nothing to show here: a GET (a typed or shared URL) goes to the opportunity itself.
export async function loader({ params }: LoaderFunctionArgs) {
	throw redirect(detailPage(params.id))
}

export async function action({ request, params, context }: ActionFunctionArgs) {
	const user = requireOnboardedUser(request, context)
	const { app } = context
	const form = await readForm(request)
	const back = form.has('redirectTo') ? safeRedirectTo(form.get('redirectTo'), detailPage(params.id)) : null
	const input = { opportunityId: params.id }
	try {
		const result =
			parseInput(SaveIntent, form.get('intent')) === 'save'
				? await saveOpportunity(app, user, input)
				: await unsaveOpportunity(app, user, input)
		if (!back) return { saved: result.saved }
		// Back on its page, focus returns to the button that was pressed (on a feed, many screens down).
		const focus = FLASH_FOCUS.save(result.opportunityId)
		const toast: ToastInput = result.saved
			? { title: 'Saved', description: `"${result.title}" is in your saved opportunities.`, focus }
			: { title: 'Removed from saved', focus }
		return await redirectWithToast(back, toast, app.env)
	} catch (error) {
		if (!isDomainError(error)) throw error
		// The specification's words for an opportunity that is gone (section 8, Opportunity detail).
		const toast: ToastInput =
			error.code === 'NOT_FOUND'
				? { type: 'error', title: 'Not Found', description: 'Opportunity not found' }
				: { type: 'error', description: error.message }
		// A fetcher's page reloads its loaders after the post, and the root loader shows this toast once (an
		// opportunity page that is gone now redirects with its own toast, which replaces this one).
		if (!back) return data({ error: toast }, { status: error.status, headers: await createToastHeaders(toast, app.env) })
		if (error.code === 'NOT_FOUND') return await redirectWithToast(back, toast, app.env)
		// A tampered form has no page to go back to: its message, with its status, on the error page.
		throw new Response(error.message, { status: error.status })
	}
}

// Never rendered (the loader always redirects and the action answers or redirects); a route
// without a component would be a resource route, without the portal's error page.
export default function SaveOpportunity() {
	return null
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
