import { redirect } from '@remix-run/node'
import type { RequestContext } from '#server/context.ts'
import type { SessionUser } from './session.server.ts'

/**
 * Route guards, run by loaders and actions before anything renders (spec
 * section 4). Each throws a redirect Remix follows; none trusts the client.
 */

/** Where to go after signing in: a same-site path only, never another origin. */
export function safeRedirectTo(value: FormDataEntryValue | string | null | undefined, fallback = '/') {
	if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
		return fallback
	}
	return value
}

function signInUrl(request: Request) {
	const { pathname, search } = new URL(request.url)
	return `/signin?${new URLSearchParams({ redirectTo: `${pathname}${search}` })}`
}

/** Signed in, or off to /signin (coming back here afterwards). */
export function requireUser(request: Request, context: RequestContext): SessionUser {
	const user = context.session?.user
	if (!user) throw redirect(signInUrl(request))
	return user
}

/** Signed in with onboarding completed, or off to /onboarding. */
export function requireOnboardedUser(request: Request, context: RequestContext): SessionUser {
	const user = requireUser(request, context)
	if (!user.onboardingCompleted) throw redirect('/onboarding')
	return user
}

/** An onboarded admin; everyone else signed in goes to the feed (spec: "Others are redirected to /portal/feed"). */
export function requireAdmin(request: Request, context: RequestContext): SessionUser {
	const user = requireOnboardedUser(request, context)
	if (user.role !== 'admin') throw redirect('/portal/feed')
	return user
}
