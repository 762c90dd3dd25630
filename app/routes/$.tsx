import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PublicErrorBoundary } from '#app/components/public-layout.tsx'
import { pageMeta } from '#app/utils/meta.ts'

/*
 * Catches every path no other route matches. Its loader throws a 404 that the error boundary
 * renders as the "page not found" page, so the response carries status 404.
 */

export const meta: MetaFunction = () => pageMeta({ title: 'Page not found' })

export async function loader({ request, context }: LoaderFunctionArgs) {
	const { pathname } = new URL(request.url)
	context.app.logger.warn({ path: pathname, requestId: context.requestId }, 'page not found')
	throw new Response('Not Found', { status: 404 })
}

// A form posted to an unknown path gets the same page instead of 405.
export const action = loader

export const ErrorBoundary = PublicErrorBoundary

// Never rendered (the loader always throws), but a route without a component would be a resource route.
export default function NotFound() {
	return <PublicErrorBoundary />
}
