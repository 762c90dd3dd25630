import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useLocation } from '@remix-run/react'
import { useId } from 'react'
import { deleteQuestion, humanize } from '#app/components/admin/opportunity-labels.ts'
import { ConfirmDeleteButton } from '#app/components/confirm-delete.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { ExternalLink, Pencil, Plus, Search, SearchX, Trash2 } from '#app/components/ui/icons.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { formatShortDate, isDeadlineSoon, toIsoDate } from '#server/domain/dates.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { useFilterSubmit } from '#app/utils/use-filter-submit.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { viewerDay } from '#app/utils/viewer-day.server.ts'
import { requireAdmin } from '#server/auth/guards.ts'
import { listOpportunitiesForAdmin } from '#server/domain/opportunities/admin-list.ts'
import { CATEGORIES, CATEGORY_LABELS } from '#server/domain/opportunities/opportunity.schema.ts'
import { logFailure } from '#server/logger.ts'

/*
 * The admin's opportunity list (spec section 2, "Admin dashboard"). /admin/opportunities shows the
 * same list: admin.opportunities._index.tsx re-exports this module.
 */

export const meta: MetaFunction = () => pageMeta({ title: 'Admin Dashboard', noindex: true })

const TAGS_SHOWN = 3

export async function loader({ request, context }: LoaderFunctionArgs) {
	// Loaders run in parallel with the layout's: each checks access itself.
	const actor = requireAdmin(request, context)
	const params = new URL(request.url).searchParams
	const input = {
		q: params.get('q') ?? undefined,
		category: params.get('category') ?? undefined,
		location: params.get('location') ?? undefined,
		deadline: params.get('deadline') ?? undefined,
		page: params.get('page') ?? undefined,
	} as Parameters<typeof listOpportunitiesForAdmin>[2]
	const { today, timeZone } = viewerDay(request, context)
	try {
		return { ...(await listOpportunitiesForAdmin(context.app, actor, input, { today })), today, timeZone, loadError: null as string | null }
	} catch (error) {
		logFailure(context.app.logger, error, {}, 'admin opportunity list failed to load')
		const empty: Awaited<ReturnType<typeof listOpportunitiesForAdmin>> = { rows: [], total: 0, page: 1, pageCount: 1, pageSize: 20, locations: [], filters: { q: '', category: 'all', location: '', deadline: 'all', page: 1 } }
		return { ...empty, today, timeZone, loadError: 'Failed to load opportunities' }
	}
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>
type Row = LoaderData['rows'][number]

export default function AdminDashboard() {
	const data = useLoaderData<typeof loader>()
	const { total, page, pageCount, pageSize, rows } = data
	const from = total ? (page - 1) * pageSize + 1 : 0
	const to = (page - 1) * pageSize + rows.length
	return (
		<div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6">
			<div className="flex flex-wrap items-start justify-between gap-4">
				<div>
					<h1 className="text-2xl font-semibold sm:text-3xl">Admin Dashboard</h1>
					<p className="mt-1 text-muted-foreground">Manage opportunity listings</p>
				</div>
				<ButtonLink to="/admin/opportunities/new">
					<Plus aria-hidden />
					New Opportunity
				</ButtonLink>
			</div>
			<Filters data={data} />
			<p className="-mt-3 text-xs text-muted-foreground">
				“Soon” and “Upcoming” count from today in your time zone ({data.timeZone}), as artists’ pages do for them.
			</p>
			{/* One live region, there whatever the filters found: the count, or the empty state, is read
			    out when a search or filter changes it (finding nothing included). */}
			<div className={data.loadError ? 'hidden' : rows.length > 0 ? 'flex flex-wrap items-center justify-between gap-3' : undefined}>
				<div aria-live="polite" className="empty:hidden">
					{data.loadError ? null : rows.length === 0 ? (
						<div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-14 text-center">
							<SearchX aria-hidden className="size-8 text-muted-foreground" />
							<p className="text-muted-foreground">No opportunities found matching your criteria.</p>
							<ButtonLink to="/admin/opportunities/new" variant="outline">
								<Plus aria-hidden />
								Create your first opportunity
							</ButtonLink>
						</div>
					) : (
						<p className="text-sm text-muted-foreground">
							Showing {from}-{to} of {total} opportunities
						</p>
					)}
				</div>
				{rows.length > 0 && !data.loadError ? <Pagination page={page} pageCount={pageCount} /> : null}
			</div>
			{data.loadError ? (
				<p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm text-destructive">
					{data.loadError}
				</p>
			) : rows.length > 0 ? (
				<OpportunityTable rows={rows} today={data.today} />
			) : null}
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

function Filters({ data }: { data: LoaderData }) {
	const id = useId()
	const hydrated = useHydrated()
	const { filters } = data
	const locations = filters.location && !data.locations.includes(filters.location) ? [filters.location, ...data.locations] : data.locations
	// With JavaScript the list follows the filters as they change (after a pause in typing or arrowing); the page resets to 1.
	const onChange = useFilterSubmit()

	return (
		<Card>
			<CardContent className="pt-6">
				<Form method="get" role="search" aria-label="Filter opportunities" onChange={onChange} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end">
					<div className="grid gap-1.5">
						<Label htmlFor={`${id}-q`}>Search</Label>
						<div className="relative">
							<Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
							<Input id={`${id}-q`} type="search" name="q" defaultValue={filters.q} maxLength={200} placeholder="Title or tag" className="pl-9" />
						</div>
					</div>
					<div className="grid gap-1.5">
						<Label htmlFor={`${id}-category`}>Category</Label>
						<Select id={`${id}-category`} name="category" defaultValue={filters.category}>
							<option value="all">All categories</option>
							{CATEGORIES.map((category) => (
								<option key={category} value={category}>
									{CATEGORY_LABELS[category]}
								</option>
							))}
						</Select>
					</div>
					<div className="grid gap-1.5">
						<Label htmlFor={`${id}-location`}>Location</Label>
						<Select id={`${id}-location`} name="location" defaultValue={filters.location}>
							<option value="">All locations</option>
							{locations.map((location) => (
								<option key={location} value={location}>
									{location}
								</option>
							))}
						</Select>
					</div>
					<div className="grid gap-1.5">
						<Label htmlFor={`${id}-deadline`}>Deadline</Label>
						<Select id={`${id}-deadline`} name="deadline" defaultValue={filters.deadline}>
							<option value="all">All deadlines</option>
							<option value="upcoming">Upcoming</option>
							<option value="past">Past</option>
						</Select>
					</div>
					<Button type="submit" variant={hydrated ? 'outline' : 'default'}>
						Apply filters
					</Button>
				</Form>
			</CardContent>
		</Card>
	)
}

function OpportunityTable({ rows, today }: { rows: Row[]; today: string }) {
	return (
		// Scrolls sideways on small screens; the focusable region lets keyboard users scroll it too.
		<div className="relative min-w-0 overflow-x-auto rounded-xl border border-border bg-card shadow-card" tabIndex={0} role="region" aria-label="Opportunities table">
			<table className="w-full min-w-[52rem] text-left text-sm">
				<caption className="sr-only">Opportunities, newest first</caption>
				<thead className="border-b border-border bg-muted/50 text-xs tracking-wide text-muted-foreground uppercase">
					<tr>
						{['Title', 'Category', 'Location', 'Deadline', 'Created'].map((heading) => (
							<th key={heading} scope="col" className="px-4 py-3 font-medium">
								{heading}
							</th>
						))}
						{/* Actions stay in view while the rest of a row scrolls sideways on a phone. */}
						<th scope="col" className="sticky right-0 bg-[color-mix(in_oklab,var(--color-muted)_50%,var(--color-card))] px-4 py-3 text-right font-medium">
							Actions
						</th>
					</tr>
				</thead>
				<tbody className="divide-y divide-border">
					{rows.map((row) => (
						<OpportunityRow key={row.id} row={row} today={today} />
					))}
				</tbody>
			</table>
		</div>
	)
}

function OpportunityRow({ row, today }: { row: Row; today: string }) {
	const extraTags = row.tags.length - TAGS_SHOWN
	return (
		<tr className="align-top">
			<th scope="row" className="max-w-sm px-4 py-3 font-normal">
				<div className="flex items-start gap-2">
					<span className="font-medium text-foreground">{row.title}</span>
					{row.active ? null : <Badge variant="outline">Inactive</Badge>}
					<a
						href={row.url}
						target="_blank"
						rel="noopener noreferrer"
						// A 24 px target around the 16 px icon (the margin keeps the row as it was).
						className="-mx-1 -mt-0.5 -mb-1 shrink-0 rounded-sm p-1 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
					>
						<ExternalLink aria-hidden className="size-4" />
						<span className="sr-only">Open the official page of {row.title} (new tab)</span>
					</a>
				</div>
				{row.tags.length ? (
					<ul className="mt-1.5 flex flex-wrap gap-1" aria-label="Tags">
						{row.tags.slice(0, TAGS_SHOWN).map((tag) => (
							<li key={tag}>
								<Badge variant="outline">{humanize(tag)}</Badge>
							</li>
						))}
						{extraTags > 0 ? (
							<li>
								<Badge variant="secondary">+{extraTags} more</Badge>
							</li>
						) : null}
					</ul>
				) : null}
			</th>
			<td className="px-4 py-3 whitespace-nowrap capitalize">{humanize(row.category)}</td>
			<td className="px-4 py-3">{row.location || <span aria-label="None">—</span>}</td>
			<td className="px-4 py-3 whitespace-nowrap">
				{row.deadline ? (
					<span className="inline-flex items-center gap-2">
						{formatShortDate(row.deadline)}
						{isDeadlineSoon(row.deadline, today) ? <Badge variant="destructive">Soon</Badge> : null}
					</span>
				) : (
					<span aria-label="None">—</span>
				)}
			</td>
			<td className="px-4 py-3 whitespace-nowrap">{formatShortDate(toIsoDate(new Date(row.createdAt)))}</td>
			{/* On a phone the sticky column shows the icons only (the words stay their names), so it
			    covers less of the columns scrolling under it. */}
			<td className="sticky right-0 bg-card px-4 py-3 max-lg:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.2)] max-sm:px-2">
				<div className="flex justify-end gap-2">
					<ButtonLink to={`/admin/opportunities/${row.id}`} variant="outline" size="sm">
						<Pencil aria-hidden />
						<span className="max-sm:sr-only">Edit</span>
						<span className="sr-only"> {row.title}</span>
					</ButtonLink>
					<DeleteOpportunity id={row.id} title={row.title} />
				</div>
			</td>
		</tr>
	)
}

/** With JavaScript a dialog; without, the confirmation page (admin.opportunities.$id_.delete.tsx). */
function DeleteOpportunity({ id, title }: { id: string; title: string }) {
	const location = useLocation()
	return (
		<ConfirmDeleteButton
			action={`/admin/opportunities/${id}/delete`}
			title="Delete opportunity"
			question={deleteQuestion(title)}
			fields={{ redirectTo: `${location.pathname}${location.search}` }}
			modal
		>
			<Trash2 aria-hidden />
			<span className="max-sm:sr-only">Delete</span>
			<span className="sr-only"> {title}</span>
		</ConfirmDeleteButton>
	)
}
