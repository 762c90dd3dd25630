import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { FileText, Search, SearchX } from '#app/components/ui/icons.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { formatShortDate, toIsoDate } from '#server/domain/dates.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { requireOnboardedUser } from '#server/auth/guards.ts'
import { draftPath, draftStatusLabel, draftStatusVariant } from '#server/domain/drafting/drafting.schema.ts'
import { listDrafts } from '#server/domain/drafting/drafts.ts'
import { logFailure } from '#server/logger.ts'

export const meta: MetaFunction = () => pageMeta({ title: 'Drafts' })

/** The artist's drafts (spec section 2, "Drafts list"): newest first, searched by title or organization in the URL. */
export async function loader({ request, context }: LoaderFunctionArgs) {
	const user = requireOnboardedUser(request, context)
	const params = new URL(request.url).searchParams
	let list
	try {
		// The search box holds at most 200 characters; a longer one in a hand-made URL is cut, not an error.
		list = await listDrafts(context.app, user, { q: (params.get('q') ?? '').slice(0, 200), page: params.get('page') ?? 1 })
	} catch (error) {
		logFailure(context.app.logger, error, {}, 'drafts list failed to load')
		return { q: params.get('q')?.slice(0, 200) ?? '', page: 1, pageCount: 1, total: 0, drafts: [], loadError: 'Failed to load drafts' }
	}
	// A page past the end (drafts deleted since, an old link) opens the last page, not "no drafts yet".
	if (list.page > list.pageCount) {
		params.set('page', String(list.pageCount))
		throw redirect(`/portal/drafts?${params}`)
	}
	return { ...list, loadError: null }
}

export default function Drafts() {
	const { q, page, pageCount, total, drafts, loadError } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold sm:text-3xl">Drafts</h1>
				<p className="mt-1 text-muted-foreground">Every application you have drafted, newest first.</p>
			</div>
			<Form method="get" role="search" className="flex flex-wrap items-end gap-2">
				<div className="grid min-w-0 flex-1 gap-1.5">
					<Label htmlFor="drafts-search">Search drafts</Label>
					<Input id="drafts-search" type="search" name="q" defaultValue={q} maxLength={200} placeholder="Title or organization" />
				</div>
				<Button type="submit" variant="outline">
					<Search aria-hidden />
					Search
				</Button>
			</Form>
			{/* One live region, there whatever a search found: its count, or the empty state, is read out
			    when a search changes it (a search that finds nothing included). */}
			<div aria-live="polite" className="empty:hidden">
				{loadError ? null : drafts.length === 0 ? (
					<EmptyDrafts searched={Boolean(q)} />
				) : (
					<p className="text-sm text-muted-foreground">
						{total === 1 ? '1 draft' : `${total.toLocaleString('en-US')} drafts`}
						{q ? ` matching “${q}”` : ''}
					</p>
				)}
			</div>
			{loadError ? (
				<p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm text-destructive">
					{loadError}
				</p>
			) : drafts.length === 0 ? null : (
				<>
					<ul className="grid gap-3">
						{drafts.map((draft) => (
							<li key={draft.id}>
								<Link
									to={draftPath(draft.id)}
									className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4 shadow-card transition-colors hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:flex-row sm:items-center sm:justify-between"
								>
									<span className="min-w-0">
										<span className="block font-medium text-balance">{draft.title}</span>
										<span className="block text-sm text-muted-foreground">
											{[draft.organization || draft.opportunityTitle, `${draft.answerCount} ${draft.answerCount === 1 ? 'question' : 'questions'}`].join(' · ')}
										</span>
									</span>
									<span className="flex shrink-0 items-center gap-3 text-sm text-muted-foreground">
										{draft.model === 'offline' ? <Badge variant="outline">Offline draft</Badge> : null}
										<Badge variant={draftStatusVariant(draft.status)}>{draftStatusLabel(draft.status)}</Badge>
										<span>{formatShortDate(toIsoDate(new Date(draft.createdAt)))}</span>
									</span>
								</Link>
							</li>
						))}
					</ul>
					{pageCount > 1 ? <Pagination page={page} pageCount={pageCount} /> : null}
				</>
			)}
		</div>
	)
}

function EmptyDrafts({ searched }: { searched: boolean }) {
	return (
		<div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-border px-6 py-14 text-center">
			{searched ? (
				<>
					<SearchX aria-hidden className="size-8 text-muted-foreground" />
					<p className="text-muted-foreground">No drafts match your search criteria.</p>
					<ButtonLink to="/portal/drafts" variant="outline">
						Show all drafts
					</ButtonLink>
				</>
			) : (
				<>
					<FileText aria-hidden className="size-8 text-muted-foreground" />
					<p className="text-muted-foreground">You haven't created any drafts yet.</p>
					<ButtonLink to="/portal/feed">Browse opportunities</ButtonLink>
				</>
			)}
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
