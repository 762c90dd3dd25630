import type { LoaderFunctionArgs } from '@remix-run/node'
import { NavLink, Outlet } from '@remix-run/react'
import { PublicErrorBoundary } from '#app/components/public-layout.tsx'
import { SiteHeader } from '#app/components/site-header.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { LayoutDashboard, ListChecks, Plus, Users } from '#app/components/ui/icons.tsx'
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
	{ to: '/admin/users', label: 'Users', icon: Users, end: false },
]

const linkClass = ({ isActive }: { isActive: boolean }) =>
	cn(
		'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-ring',
		isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
	)

/** The admin links: a column in the sidebar, a scrollable row on small screens where the sidebar is hidden. */
function AdminNavList({ className }: { className: string }) {
	return (
		<ul className={className}>
			{links.map(({ to, label, icon: Icon, end }) => (
				<li key={to}>
					<NavLink to={to} end={end} className={linkClass}>
						{/* Not in the phone's row (the sidebar is md and up), so the three links fit beside New at 390 px. */}
						<Icon aria-hidden className="size-4 max-sm:hidden" />
						{label}
					</NavLink>
				</li>
			))}
		</ul>
	)
}

export default function AdminLayout() {
	return (
		<div className="flex min-h-dvh flex-col">
			<SiteHeader />
			{/* The spec hides the sidebar on small screens; this row keeps every admin page one tap away there, without JavaScript. */}
			{/* The links scroll sideways when they must; the New button stays in view beside them. */}
			<div className="flex items-center gap-2 border-b border-border bg-card px-4 py-2 md:hidden">
				<nav aria-label="Admin" className="min-w-0 flex-1 overflow-x-auto">
					<AdminNavList className="flex gap-1" />
				</nav>
				<ButtonLink to="/admin/opportunities/new" size="sm" aria-label="New Opportunity">
					<Plus aria-hidden />
					<span className="hidden sm:inline">New Opportunity</span>
				</ButtonLink>
			</div>
			<div className="flex flex-1">
				<aside className="hidden w-64 shrink-0 border-r border-border bg-card p-4 md:block">
					{/* The nav's name, not a heading: it would come before each page's h1. */}
					<p className="px-3 pb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
						Admin Panel
					</p>
					<nav aria-label="Admin">
						<AdminNavList className="grid gap-1" />
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
