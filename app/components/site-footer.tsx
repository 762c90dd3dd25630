import { Link } from '@remix-run/react'
import { Brand } from '#app/components/brand.tsx'
import { useOptionalUser } from '#app/utils/user.ts'

export function SiteFooter() {
	// As the header: a signed-in visitor is offered the portal, not the sign-in page.
	const links = [
		{ to: '/', label: 'Home' },
		{ to: '/pricing', label: 'Pricing' },
		useOptionalUser() ? { to: '/portal/feed', label: 'Dashboard' } : { to: '/signin', label: 'Sign In' },
	]
	return (
		<footer className="border-t border-border bg-card">
			<div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:flex-row sm:items-start sm:justify-between sm:px-6">
				<div className="max-w-xs">
					<Brand />
					<p className="mt-3 text-sm text-muted-foreground">
						Open calls for visual artists, and a first draft of every application.
					</p>
				</div>
				<nav aria-label="Footer">
					<ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
						{links.map((link) => (
							<li key={link.to}>
								<Link
									to={link.to}
									className="inline-block rounded-sm py-1 text-muted-foreground underline-offset-4 transition-colors hover:text-foreground hover:underline"
								>
									{link.label}
								</Link>
							</li>
						))}
					</ul>
				</nav>
			</div>
			<div className="border-t border-border">
				<p className="mx-auto max-w-6xl px-4 py-5 text-xs text-muted-foreground sm:px-6">
					© {new Date().getFullYear()} Callboard. Made for artists.
				</p>
			</div>
		</footer>
	)
}
