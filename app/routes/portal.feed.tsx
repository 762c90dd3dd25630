import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { CalendarDays, MapPin, SearchX } from 'lucide-react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { requireOnboardedUser } from '#server/auth/guards.ts'
import { listFeedPreview } from '#server/domain/feed/preview.ts'
import { formatShortDate, toIsoDate } from '#app/utils/dates.ts'

export const meta: MetaFunction = () => pageMeta({ title: 'Opportunities' })

export async function loader({ request, context }: LoaderFunctionArgs) {
	// Loaders run in parallel with the layout's: each checks access itself.
	requireOnboardedUser(request, context)
	const opportunities = await listFeedPreview(context.app)
	return {
		opportunities: opportunities.map(({ deadline, ...opportunity }) => ({
			...opportunity,
			deadline: deadline ? formatShortDate(toIsoDate(deadline)) : null,
		})),
	}
}

export default function Feed() {
	const { opportunities } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
			<h1 className="text-2xl font-semibold sm:text-3xl">Opportunities</h1>
			<p className="mt-1 text-muted-foreground">Open calls, soonest deadline first.</p>
			{opportunities.length === 0 ? (
				<div className="mt-6 flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-14 text-center">
					<SearchX aria-hidden className="size-8 text-muted-foreground" />
					<p className="text-muted-foreground">No open opportunities right now. Check back soon.</p>
				</div>
			) : (
				<ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
					{opportunities.map((opportunity) => (
						<li key={opportunity.id}>
							<Link
								to={`/portal/opportunities/${opportunity.id}`}
								className="block h-full rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
							>
								<Card className="h-full transition-colors hover:border-primary/40">
									<CardHeader>
										<CardTitle as="h2" className="text-base">
											{opportunity.title}
										</CardTitle>
										{opportunity.organization ? <CardDescription>{opportunity.organization}</CardDescription> : null}
										<div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
											{opportunity.location ? (
												<span className="inline-flex items-center gap-1.5">
													<MapPin aria-hidden className="size-4" />
													{opportunity.location}
												</span>
											) : null}
											{opportunity.deadline ? (
												<span className="inline-flex items-center gap-1.5">
													<CalendarDays aria-hidden className="size-4" />
													Deadline: {opportunity.deadline}
												</span>
											) : null}
										</div>
									</CardHeader>
								</Card>
							</Link>
						</li>
					))}
				</ul>
			)}
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
