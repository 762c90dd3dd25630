import type { LoaderFunctionArgs } from '@remix-run/node'
import { NavLink, Outlet } from '@remix-run/react'
import { LayoutDashboard, ListChecks, Plus } from 'lucide-react'
import { PublicErrorBoundary } from '#app/components/public-layout.tsx'
import { SiteHeader } from '#app/components/site-header.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import { requireAdmin } from '#server/auth/guards.ts'

export const ErrorBoundary = PublicErrorBoundary

/** Admins only (onboarded, role admin); everyone else signed in goes to the feed. Guards every page under /admin/. */
export async function loader({ request, context }: LoaderFunctionArgs) {
	requireAdmin(request, context)
	return null
}

const links = [
	{ to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
	{ to: '/admin/opportunities', label: 'Opportunities', icon: ListChecks, end: false },
]

export default function AdminLayout() {
	return (
		<div className="flex min-h-dvh flex-col">
			<SiteHeader />
			<div className="flex flex-1">
				<aside className="hidden w-64 shrink-0 border-r border-border bg-card p-4 md:block">
					<h2 className="px-3 pb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">Admin Panel</h2>
					<nav aria-label="Admin">
						<ul className="grid gap-1">
							{links.map(({ to, label, icon: Icon, end }) => (
								<li key={to}>
									<NavLink
										to={to}
										end={end}
										className={({ isActive }) =>
											cn(
												'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
												isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
											)
										}
									>
										<Icon aria-hidden className="size-4" />
										{label}
									</NavLink>
								</li>
							))}
						</ul>
					</nav>
					<ButtonLink to="/admin/opportunities/new" className="mt-4 w-full">
						<Plus aria-hidden />
						New Opportunity
					</ButtonLink>
				</aside>
				<main id="main-content" tabIndex={-1} className="flex min-w-0 flex-1 flex-col focus:outline-none">
					<Outlet />
				</main>
			</div>
		</div>
	)
}
