import { data, redirect, type ActionFunctionArgs } from '@remix-run/node'
import {
	creditsBannerDismissedCookie,
	sidebarPreferenceCookie,
} from '#app/utils/portal-preferences.server.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { requireOnboardedUser, safeRedirectTo } from '#server/auth/guards.ts'

/**
 * Saves the portal layout's preferences (sidebar open or closed, credits
 * banner dismissed) in cookies. With JavaScript a fetcher posts here and gets
 * JSON; without it the form carries `redirectTo` and comes back to its page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
	requireOnboardedUser(request, context)
	const form = await readForm(request)
	const secure = context.app.env.isProduction
	const intent = form.get('intent')
	let cookie: string
	if (intent === 'toggle-sidebar') cookie = await sidebarPreferenceCookie(form.get('open') === 'true', { secure })
	else if (intent === 'dismiss-credits-banner') cookie = await creditsBannerDismissedCookie({ secure })
	else throw new Response('Unknown form.', { status: 400 })
	const headers = { 'Set-Cookie': cookie }
	const redirectTo = form.get('redirectTo')
	return redirectTo ? redirect(safeRedirectTo(redirectTo, '/portal/feed'), { headers }) : data({ ok: true }, { headers })
}

/** Only posts have something to save; a visit goes to the feed. */
export const loader = () => redirect('/portal/feed')
