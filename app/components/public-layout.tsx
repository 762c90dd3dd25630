import type { ReactNode } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { SiteFooter } from '#app/components/site-footer.tsx'
import { SiteHeader } from '#app/components/site-header.tsx'

/** Header, main landmark (the skip link's target) and footer of the public pages. */
export function PublicLayout({ children }: { children: ReactNode }) {
	return (
		<div className="flex min-h-dvh flex-col">
			<SiteHeader />
			<main id="main-content" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
				{children}
			</main>
			<SiteFooter />
		</div>
	)
}

/** The error boundary of the public routes: the error page inside the public layout. */
export function PublicErrorBoundary() {
	return (
		<PublicLayout>
			<GeneralErrorBoundary />
		</PublicLayout>
	)
}
