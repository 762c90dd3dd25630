import type { HeadersFunction } from '@remix-run/node'

/**
 * Who may keep a page. Signed in, or with a toast about to show, the page is this visitor's own:
 * `private, no-store` (the root loader says so, and every page inherits it). Not `no-cache`: a
 * browser going back or forward shows a `no-cache` page from its cache without asking, and that
 * copy is the page as first loaded. Its forms then hold what was there before (a draft's answers
 * from before their autosaves, which an edit would save over the newer text), and its private
 * data outlives signing out. These pages have no validators, so `no-store` costs nothing.
 *
 * A route that is the same for every signed-out visitor exports `publicPageHeaders`: shared
 * caches may keep it for a minute, and the server keeps it rendered (server/http/page-cache.ts).
 * `Vary: Cookie`, so a browser that signs in never reuses the signed-out copy.
 */
export const PRIVATE_PAGE = 'private, no-store'
const PUBLIC_PAGE = 'public, max-age=60'

/** The root's headers: the Cache-Control its loader chose, nothing else (cookies pass by themselves). */
export const rootHeaders: HeadersFunction = ({ loaderHeaders }) => {
	const cacheControl = loaderHeaders.get('Cache-Control')
	return cacheControl ? { 'Cache-Control': cacheControl } : new Headers()
}

export const publicPageHeaders: HeadersFunction = ({ parentHeaders }) => {
	const headers: Record<string, string> =
		parentHeaders.get('Cache-Control') === PRIVATE_PAGE ? { 'Cache-Control': PRIVATE_PAGE } : { 'Cache-Control': PUBLIC_PAGE, Vary: 'Cookie' }
	return headers
}
