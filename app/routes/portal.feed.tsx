import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FeedFilterForm } from '#app/components/feed/feed-filters.tsx'
import { OpportunityCard } from '#app/components/feed/opportunity-card.tsx'
import { SaveOpportunityButton } from '#app/components/save-opportunity-button.tsx'
import { StatusPanel } from '#app/components/status-panel.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { CalendarClock, SearchX } from '#app/components/ui/icons.tsx'
import { FLASH_FOCUS, useFlashFocusKey } from '#app/components/toaster.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { timeZoneHint } from '#app/utils/time-zone.server.ts'
import { requireOnboardedUser } from '#server/auth/guards.ts'
import { listFeed } from '#server/domain/feed/feed.ts'
import { FEED_PAGE_SIZE, MATCH_CANDIDATES, MAX_FEED_PAGE, feedInputFromSearchParams, feedSearchParams } from '#server/domain/feed/feed.schema.ts'

export const meta: MetaFunction = () => pageMeta({ title: 'Opportunities' })

export async function loader({ request, context }: LoaderFunctionArgs) {
	// Loaders run in parallel with the layout's: each checks access itself.
	const user = requireOnboardedUser(request, context)
	const filters = feedInputFromSearchParams(new URL(request.url).searchParams)
	// The practice and time zone came with the session.
	return listFeed(context.app, { id: user.id, role: user.role }, filters, { browserTimeZone: timeZoneHint(request), profile: user.account })
}

const numberFormat = new Intl.NumberFormat('en-US')

export default function Feed() {
	const { cards, total, totalIsCapped, hasMore, matchRankedSoonest, filters, options, today } = useLoaderData<typeof loader>()
	const totalText = `${numberFormat.format(total)}${totalIsCapped ? '+' : ''}`
	const navigation = useNavigation()
	const loading = navigation.state === 'loading' && navigation.location.pathname === '/portal/feed'
	const nextPage = feedSearchParams({ ...filters, page: filters.page + 1 })
	const listRef = useRef<HTMLUListElement>(null)
	const shownBefore = useRef(cards.length)
	// Unsaved on the Saved filter without JavaScript: the card and its button are gone, so the count
	// of what is left takes focus rather than the top of the page (FLASH_FOCUS).
	const returning = useFlashFocusKey()
	const pressedIsGone = FLASH_FOCUS.isSave(returning) && !cards.some((card) => FLASH_FOCUS.save(card.id) === returning)

	// After "Load more" (in place, with JavaScript), keyboard focus moves to the first new card.
	useEffect(() => {
		const previous = shownBefore.current
		shownBefore.current = cards.length
		if (cards.length <= previous || filters.page === 1) return
		listRef.current?.querySelector<HTMLAnchorElement>(`li:nth-child(${previous + 1}) h2 a`)?.focus()
	}, [cards.length, filters.page])

	return (
		<div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
			<div className="flex flex-wrap items-end justify-between gap-3">
				<div>
					<h1 className="text-2xl font-semibold sm:text-3xl">Opportunities</h1>
					<p className="mt-1 text-muted-foreground">Open calls matched to your mediums and interests.</p>
				</div>
				<Link
					to="/portal/calendar"
					className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
				>
					<CalendarClock aria-hidden className="size-4" />
					Deadline calendar
				</Link>
			</div>

			<div className="mt-6">
				<FeedFilterForm filters={filters} options={options} />
			</div>

			<p
				className={`mt-4 text-sm text-muted-foreground${pressedIsGone ? ' focus:outline-none' : ''}`}
				aria-live="polite"
				tabIndex={pressedIsGone ? -1 : undefined}
				autoFocus={pressedIsGone || undefined}
			>
				{total === 1 && !totalIsCapped ? '1 open opportunity' : `${totalText} open opportunities`}
				{matchRankedSoonest ? ` · best matches among the ${numberFormat.format(MATCH_CANDIDATES)} closing soonest` : null}
			</p>

			{cards.length === 0 ? (
				<StatusPanel icon={SearchX} tone="primary" title="Nothing here" level={2} actions={<ButtonLink to="/portal/feed">Clear filters</ButtonLink>}>
					<p>No opportunities match your current filters.</p>
				</StatusPanel>
			) : (
				<>
					<ul
						ref={listRef}
						aria-busy={loading}
						className={`mt-3 grid grid-cols-1 gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${loading ? 'opacity-60' : ''}`}
					>
						{cards.map((card, index) => (
							// The first card of the latest "Load more": where that link lands (with JavaScript too, where focus moves to it anyway).
							<li key={card.id} id={filters.page > 1 && index === (filters.page - 1) * FEED_PAGE_SIZE ? 'more' : undefined}>
								<OpportunityCard
									opportunity={card}
									today={today}
									actions={<SaveOpportunityButton opportunityId={card.id} title={card.title} saved={card.saved} />}
								/>
							</li>
						))}
					</ul>
					<div className="mt-8 flex flex-col items-center gap-3">
						<p className="text-sm text-muted-foreground">
							Showing {numberFormat.format(cards.length)} of {totalText}
						</p>
						{hasMore && filters.page < MAX_FEED_PAGE ? (
							<ButtonLink to={`?${nextPage}#more`} variant="outline" preventScrollReset replace>
								Load more
							</ButtonLink>
						) : null}
					</div>
				</>
			)}
		</div>
	)
}

export function ErrorBoundary() {
	return (
		<GeneralErrorBoundary
			unexpectedErrorHandler={() => (
				<StatusPanel icon={SearchX} tone="destructive" title="Error" actions={<ButtonLink to="/portal/feed">Try again</ButtonLink>}>
					<p>Failed to load opportunities</p>
				</StatusPanel>
			)}
		/>
	)
}
