import { redirect } from '@remix-run/node'
import type { RequestContext } from '#server/context.ts'
import type { SessionUser } from './session.server.ts'

/**
 * Route guards, run by loaders and actions before anything renders (spec
 * section 4). Each throws a redirect Remix follows; none trusts the client.
 */

/*
 * Any origin would do as the base: only a path that stays on it is accepted, and only the path,
 * query and fragment are returned, so the answer is the same on every installation. `.invalid`
 * can never be a real host.
 */
const REDIRECT_BASE = 'http://callboard.invalid'
const REDIRECT_MAX_LENGTH = 2048
// Control and format characters, separators and any other whitespace, and backslashes: browsers
// drop or rewrite them before parsing ("/\t/evil.example" is read as "//evil.example"), so a
// value holding one means something else to the browser than to this check.
const UNSAFE_IN_REDIRECT = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u

/**
 * Where to go after signing in (or back to after a form): a path on this site only. The value is
 * parsed as a URL relative to an origin and accepted only when it stays on it; what comes back
 * is the normalised path, query and fragment. Anything else (another origin, "//host", a scheme
 * such as "javascript:", control characters, whitespace, backslashes, a path whose dot segments
 * normalise to "//host", an overlong value) gives `fallback`.
 */
export function safeRedirectTo(value: FormDataEntryValue | string | null | undefined, fallback = '/') {
	if (typeof value !== 'string' || value.length > REDIRECT_MAX_LENGTH) return fallback
	if (!value.startsWith('/') || value.startsWith('//') || UNSAFE_IN_REDIRECT.test(value)) return fallback
	let url: URL
	try {
		url = new URL(value, REDIRECT_BASE)
	} catch {
		return fallback
	}
	if (url.origin !== REDIRECT_BASE) return fallback
	const target = `${url.pathname}${url.search}${url.hash}`
	// "/..//evil.example" normalises to "//evil.example", which a browser reads as another host.
	if (!target.startsWith('/') || target.startsWith('//') || target.length > REDIRECT_MAX_LENGTH) return fallback
	return target
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
