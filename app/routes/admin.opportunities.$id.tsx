import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { NavLink, Outlet, useLoaderData } from '@remix-run/react'
import { Badge } from '#app/components/ui/badge.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { ArrowLeft } from '#app/components/ui/icons.tsx'
import { requireOpportunityForAdmin } from '#app/utils/admin-opportunity.server.ts'
import { cn } from '#app/utils/cn.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { opportunityTabTitle } from '#app/utils/opportunity-form.ts'
import { viewerDay } from '#app/utils/viewer-day.server.ts'

/*
 * The edit page of one opportunity: its title and two tabs, "Opportunity Details" (the index
 * route) and "Application Questions" (the questions route). The tabs are links, so each has its
 * own address and works without JavaScript; the current one carries aria-current.
 */

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta({ title: opportunityTabTitle(data?.opportunity.title, 'Edit'), noindex: true })

export async function loader({ request, params, context }: LoaderFunctionArgs) {
	const { opportunity } = await requireOpportunityForAdmin(request, context, params.id)
	return { opportunity, today: viewerDay(request, context).today }
}

export type OpportunityLayoutData = Awaited<ReturnType<typeof loader>>

const tabClass = ({ isActive }: { isActive: boolean }) =>
	cn(
		'-mb-px inline-flex h-10 items-center border-b-2 px-4 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-ring',
		isActive ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
	)

export default function EditOpportunityLayout() {
	const { opportunity } = useLoaderData<typeof loader>()
	const base = `/admin/opportunities/${opportunity.id}`
	return (
		<div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:px-6">
			<div>
				<ButtonLink to="/admin" variant="ghost" size="sm" className="-ml-3">
					<ArrowLeft aria-hidden />
					Back to Dashboard
				</ButtonLink>
				<div className="mt-2 flex flex-wrap items-center gap-3">
					<h1 className="text-2xl font-semibold sm:text-3xl">{opportunity.title}</h1>
					{opportunity.active ? null : <Badge variant="outline">Inactive</Badge>}
				</div>
			</div>
			<nav aria-label="Opportunity sections" className="overflow-x-auto border-b border-border">
				<ul className="flex">
					<li>
						<NavLink to={base} end preventScrollReset className={tabClass}>
							Opportunity Details
						</NavLink>
					</li>
					<li>
						<NavLink to={`${base}/questions`} preventScrollReset className={tabClass}>
							Application Questions
						</NavLink>
					</li>
				</ul>
			</nav>
			<Outlet />
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
