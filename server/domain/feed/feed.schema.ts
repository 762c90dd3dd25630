import { z } from 'zod'

/*
 * The feed's filters as they arrive in the URL (a GET form: they survive a reload and can be
 * shared). Browser-safe: the page builds its links from the same names. Anything unexpected
 * falls back to its default rather than failing, so a hand-edited address still shows a feed.
 */

export const FEED_PAGE_SIZE = 24
/** How many tags a feed card shows before "+N more". */
export const CARD_TAGS = 4
/** "Load more" shows pages 1..N at once (see feed.ts); past this the list stops growing. */
export const MAX_FEED_PAGE = 40

/**
 * Best match ranks the open calls closing soonest, at most this many (after the filters), and says
 * so on the page: a score that differs per artist cannot be served by an index, so ranking the
 * whole catalogue would cost a scan of every open row on every page (ADR 026).
 */
export const MATCH_CANDIDATES = 2000

export const FEED_SORTS = ['deadline', 'match'] as const
export type FeedSort = (typeof FEED_SORTS)[number]
export const FEED_SORT_LABELS: Record<FeedSort, string> = { deadline: 'Deadline (soonest first)', match: 'Best match' }

/** URL parameter names, one per filter; repeated for several values (`?medium=painting&medium=video`). */
export const FEED_PARAMS = {
	mediums: 'medium',
	types: 'type',
	locations: 'location',
	saved: 'saved',
	sort: 'sort',
	page: 'page',
} as const

/** Tags are stored lowercased and trimmed, so filter values are compared the same way. */
const tagValues = z
	.array(z.string().trim().toLowerCase().min(1).max(100))
	.max(20)
	.transform((values) => [...new Set(values)])
	.catch([])

export const FeedInput = z.object({
	mediums: tagValues.default([]),
	types: tagValues.default([]),
	locations: z
		.array(z.string().trim().min(1).max(200))
		.max(50)
		.transform((values) => [...new Set(values)])
		.catch([])
		.default([]),
	saved: z.boolean().catch(false).default(false),
	sort: z.enum(FEED_SORTS).catch('deadline').default('deadline'),
	// A page past the end shows as far as the list goes, not the first page again.
	page: z.coerce.number().int().catch(1).transform((page) => Math.min(Math.max(page, 1), MAX_FEED_PAGE)).default(1),
})
export type FeedInput = z.input<typeof FeedInput>
export type FeedFilters = z.output<typeof FeedInput>

/** Reads the filters from a feed URL's search parameters. */
export function feedInputFromSearchParams(params: URLSearchParams): FeedFilters {
	return FeedInput.parse({
		mediums: params.getAll(FEED_PARAMS.mediums),
		types: params.getAll(FEED_PARAMS.types),
		locations: params.getAll(FEED_PARAMS.locations),
		saved: params.get(FEED_PARAMS.saved) === '1',
		sort: params.get(FEED_PARAMS.sort) ?? undefined,
		page: params.get(FEED_PARAMS.page) ?? undefined,
	})
}

/** The feed URL for `filters` (defaults left out, so the plain feed is just /portal/feed). */
export function feedSearchParams(filters: FeedFilters): URLSearchParams {
	const params = new URLSearchParams()
	for (const value of filters.mediums) params.append(FEED_PARAMS.mediums, value)
	for (const value of filters.types) params.append(FEED_PARAMS.types, value)
	for (const value of filters.locations) params.append(FEED_PARAMS.locations, value)
	if (filters.saved) params.set(FEED_PARAMS.saved, '1')
	if (filters.sort !== 'deadline') params.set(FEED_PARAMS.sort, filters.sort)
	if (filters.page > 1) params.set(FEED_PARAMS.page, String(filters.page))
	return params
}
