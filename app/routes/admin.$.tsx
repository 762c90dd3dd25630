import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

/*
 * Any /admin/… path without a page of its own: a 404 (logged, like every
 * unknown path) inside the admin layout, so the layout's guard runs first and
 * an anonymous visitor is sent to sign in rather than told what exists.
 */
export { loader, action, meta } from './$.tsx'

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

// Never rendered (the loader always throws), but a route without a component would be a resource route.
export default function AdminNotFound() {
	return <GeneralErrorBoundary />
}
