import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FocusKeeper } from '#app/components/focus-keeper.tsx'
import { RouteAnnouncer } from '#app/components/route-announcer.tsx'
import { Toaster } from '#app/components/toaster.tsx'
import stylesheet from '#app/styles/tailwind.css?url'
import { PRIVATE_PAGE, rootHeaders } from '#app/utils/cache-control.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { useNonce } from '#app/utils/nonce-provider.tsx'
import { timeZoneHintScript } from '#app/utils/time-zone.ts'
import { getToast } from '#app/utils/toast.server.ts'
import { TrpcProviders } from '#app/utils/trpc.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { getOptionalUser } from '#server/auth/session.server.ts'

export const links: LinksFunction = () => [
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	{ rel: 'stylesheet', href: stylesheet },
]

export const headers = rootHeaders

export const meta: MetaFunction = () =>
	pageMeta({ description: 'Find open calls for visual artists and get AI-written drafts of your applications.' })

export async function loader({ request, context }: LoaderFunctionArgs) {
	const [user, { toast, headers }] = await Promise.all([
		getOptionalUser(request, context),
		getToast(request, context.app.env),
	])
	// Clears the flash cookie, so the toast shows once.
	const responseHeaders = new Headers(headers ?? undefined)
	// A page with this visitor's name or toast on it is theirs alone (app/utils/cache-control.ts).
	if (user || toast) responseHeaders.set('Cache-Control', PRIVATE_PAGE)
	return data({ user: user ? { email: user.email, role: user.role } : null, toast }, { headers: responseHeaders })
}

export function Layout({ children }: { children: ReactNode }) {
	const nonce = useNonce()
	// Marks the page as ready for clicks and typing handled by React (the end-to-end tests wait for it).
	const hydrated = useHydrated()
	return (
		<html lang="en" data-hydrated={hydrated ? '' : undefined}>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="theme-color" content="#faf9f7" />
				<Meta />
				<Links />
				<script nonce={nonce} dangerouslySetInnerHTML={{ __html: timeZoneHintScript }} />
			</head>
			<body>
				{/* Every layout's <main> carries id="main-content". */}
				<a
					href="#main-content"
					className="sr-only rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[200]"
				>
					Skip to content
				</a>
				{children}
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

export default function App() {
	const { toast } = useLoaderData<typeof loader>()
	return (
		<>
			<TrpcProviders>
				<Outlet />
				<FocusKeeper />
				<RouteAnnouncer />
			</TrpcProviders>
			<Toaster toast={toast} />
		</>
	)
}

export function ErrorBoundary() {
	return (
		<main id="main-content" tabIndex={-1} className="focus:outline-none">
			<GeneralErrorBoundary />
		</main>
	)
}
