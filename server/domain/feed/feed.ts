import type { AppContext } from '#server/context.ts'
import { Prisma } from '#server/db/generated/client.ts'
import type { Actor } from '#server/domain/actor.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import type { Category } from '#server/domain/opportunities/opportunity.schema.ts'
import { INTEREST_LABELS, type Interest } from '#server/domain/profiles/choices.ts'
import { effectiveTimeZone, todayIn } from '#server/domain/time-zone.ts'
import { CARD_TAGS, FEED_PAGE_SIZE, FeedInput, MATCH_CANDIDATES, type FeedFilters } from './feed.schema.ts'
import { catalogueCache, catalogueVersion } from '#server/domain/opportunities/catalogue-cache.ts'
import { feedFacets } from './facets.ts'
import { asTag, matchReasons, optionsFor, type MatchReasons } from './matching.ts'

/**
 * How many locations the location filter offers at most: those with the most open calls (a
 * catalogue of 100,000 calls in 300 cities would otherwise put 300 checkboxes on every page).
 */
export const MAX_FEED_LOCATIONS = 50


/**
 * The count stops here ("1,000+ open opportunities"): counting every open row reads the whole
 * index, a cost that grows with the catalogue, and nobody pages through a thousand cards.
 */
export const FEED_COUNT_CAP = 1000

/** One feed card: exactly what it shows. `deadline` is `yyyy-MM-dd`. */
export type FeedCard = {
	id: string
	title: string
	organization: string
	location: string | null
	deadline: string
	/** The first CARD_TAGS tags; `moreTags` says how many it does not show. */
	tags: string[]
	moreTags: number
	category: Category
	saved: boolean
	match: MatchReasons
}

type Row = Omit<FeedCard, 'match' | 'moreTags'>

type QueryScope = {
	userId: string
	/** The artist's calendar day, yyyy-MM-dd. */
	today: string
	/** The artist's mediums and interests as tags, for the best-match score. */
	practiceTags: string[]
}

/** Open means active with a deadline today or later (spec: Feed); filters add AND-ed conditions. */
function whereClause(filters: FeedFilters, { userId, today }: QueryScope): Prisma.Sql {
	const conditions = [Prisma.sql`o.active = true`, Prisma.sql`o.deadline >= ${today}::date`]
	// Any of the selected values within a category (&& is "overlaps", served by the tags GIN index); AND across.
	if (filters.mediums.length) conditions.push(Prisma.sql`o.tags && ${filters.mediums}::text[]`)
	if (filters.types.length) conditions.push(Prisma.sql`o.tags && ${filters.types}::text[]`)
	if (filters.locations.length) conditions.push(Prisma.sql`o.location = ANY(${filters.locations}::text[])`)
	if (filters.saved) {
		conditions.push(
			Prisma.sql`EXISTS (SELECT 1 FROM saved_opportunities s WHERE s.user_id = ${userId}::uuid AND s.opportunity_id = o.id)`,
		)
	}
	return Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}`
}

/**
 * The feed's statements, written as SQL on purpose: the query-plan test EXPLAINs exactly these
 * (feed.plan.test.ts). Sorted by deadline, a page walks the (active, deadline, id, tags) index and
 * stops after `limit` rows, so its cost does not grow with the table; so does the count, capped
 * at FEED_COUNT_CAP. Best match orders by how many of the artist's mediums and interests an
 * opportunity's tags contain, which no index can hold (it differs per artist): it scores the
 * MATCH_CANDIDATES soonest deadlines, from the tags the deadline index carries (ADR 016, ADR 026).
 */
export function feedQueries(filters: FeedFilters, scope: QueryScope) {
	const where = whereClause(filters, scope)
	// One containment test per practice tag: several times cheaper per row than unnesting the tags.
	// Built only for best match: Prisma.join refuses an empty list.
	const score = () =>
		Prisma.join(
			scope.practiceTags.map((tag) => Prisma.sql`(c.tags @> ARRAY[${tag}]::text[])::int`),
			' + ',
		)
	// Without mediums or interests nothing scores: best match is the deadline order.
	const byMatch = filters.sort === 'match' && scope.practiceTags.length > 0
	// Best match counts a little further, to say whether it ranked every open call or only the soonest.
	const countUpTo = byMatch ? Math.max(FEED_COUNT_CAP, MATCH_CANDIDATES) : FEED_COUNT_CAP
	const count = Prisma.sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM opportunities o ${where} LIMIT ${countUpTo + 1}) AS open`
	// A page is chosen from the deadline index alone (ids, deadlines and tags: an index-only walk,
	// tag filters checked there), and only its cards' rows are read from the table.
	const cards = (ranked: Prisma.Sql, order: Prisma.Sql) => Prisma.sql`
		SELECT o.id, o.title, o.organization, o.location, to_char(o.deadline, 'YYYY-MM-DD') AS deadline,
		       o.tags, o.category::text AS category,
		       EXISTS (SELECT 1 FROM saved_opportunities s WHERE s.user_id = ${scope.userId}::uuid AND s.opportunity_id = o.id) AS saved
		FROM (${ranked}) AS ranked
		JOIN opportunities o ON o.id = ranked.id
		ORDER BY ${order}`
	const page = (limit: number) =>
		byMatch
			? // Best match ranks the MATCH_CANDIDATES soonest deadlines: a walk that stops, then a sort
				// of at most that many scores.
				cards(
					Prisma.sql`
					SELECT c.id, c.deadline, (${score()}) AS score
					FROM (SELECT o.id, o.deadline, o.tags FROM opportunities o ${where} ORDER BY o.deadline, o.id LIMIT ${MATCH_CANDIDATES}) AS c
					ORDER BY score DESC, c.deadline, c.id
					LIMIT ${limit}`,
					Prisma.sql`ranked.score DESC, ranked.deadline, ranked.id`,
				)
			: cards(
					Prisma.sql`SELECT o.id, o.deadline FROM opportunities o ${where} ORDER BY o.deadline, o.id LIMIT ${limit}`,
					Prisma.sql`ranked.deadline, ranked.id`,
				)
	return {
		count,
		page,
		/**
		 * What a feed request reads, in one statement: the page, the capped count (unless kept) and the
		 * catalogue's version (for the kept filter options and counts). One row even when the page is empty.
		 */
		pageWithCount: (limit: number, { withCount = true }: { withCount?: boolean } = {}) => Prisma.sql`
			SELECT meta.total, meta.version, p.id, p.title, p.organization, p.location, p.deadline, p.tags, p.category, p.saved
			FROM (SELECT ${withCount ? Prisma.sql`(${count})` : Prisma.sql`NULL::int`} AS total, ${catalogueVersion} AS version) AS meta
			LEFT JOIN LATERAL (SELECT row_number() OVER () AS ord, page.* FROM (${page(limit)}) AS page) AS p ON true
			ORDER BY p.ord`,
		/**
		 * Which of `tags` at least one open opportunity carries: one index probe per tag rather
		 * than unnesting every row's tags.
		 */
		presentTags: (tags: string[]) => Prisma.sql`
			SELECT tag FROM unnest(${tags}::text[]) AS tag
			WHERE EXISTS (SELECT 1 FROM opportunities o
			              WHERE o.active = true AND o.deadline >= ${scope.today}::date AND o.tags @> ARRAY[tag])`,
		/**
		 * The MAX_FEED_LOCATIONS locations with the most open calls, alphabetically. It counts every
		 * open call, so it runs once per catalogue version and day (facets.ts), not per page.
		 */
		locations: Prisma.sql`
			SELECT location FROM (
				SELECT o.location, count(*) AS calls FROM opportunities o
				WHERE o.active = true AND o.deadline >= ${scope.today}::date AND o.location IS NOT NULL AND o.location <> ''
				GROUP BY o.location ORDER BY calls DESC, o.location LIMIT ${MAX_FEED_LOCATIONS}
			) AS top ORDER BY location`,
	}
}

/**
 * The artist's feed (spec: Feed): open opportunities, filtered, sorted and counted in
 * PostgreSQL. "Load more" asks for page N and gets pages 1..N, so the plain link works without
 * JavaScript and a reload shows what was on screen.
 *
 * Filter options: "Mediums" and "Types" are the artist's mediums and interests that some open
 * opportunity is tagged with; locations are those of all open opportunities.
 */
export async function listFeed(
	ctx: Pick<AppContext, 'db'>,
	actor: Actor,
	input: FeedInput,
	{
		now = new Date(),
		browserTimeZone = null,
		profile,
	}: {
		now?: Date
		browserTimeZone?: string | null
		/** The artist's practice and time zone when the caller has them already (the session has). */
		profile?: FeedProfile
	} = {},
) {
	const filters = parseInput(FeedInput, input)
	const practiceProfile = profile ?? (await readFeedProfile(ctx, actor))

	const timeZone = effectiveTimeZone(practiceProfile.timeZone, browserTimeZone)
	const today = todayIn(timeZone, now)
	const practice = { mediums: practiceProfile.mediums, interests: practiceProfile.interests }
	const practiceTags = [...new Set([...practice.mediums, ...practice.interests].map(asTag))]
	const queries = feedQueries(filters, { userId: actor.id, today, practiceTags })

	// The statement's one row for an empty page has only `total` and `version`.
	type PageRow = { total: number | null; version: string } & (Row | { id: null })
	// Counts are kept per catalogue version like the options (not the saved filter: it is the artist's own).
	const countKey = filters.saved ? null : JSON.stringify([today, filters.sort === 'match' && practiceTags.length > 0, filters.mediums, filters.types, filters.locations])
	const latest = countKey === null ? undefined : keptCounts.latest(ctx.db)
	const keptCount = countKey === null ? undefined : latest?.values.get(countKey)
	const rows = await ctx.db.$queryRaw<PageRow[]>(queries.pageWithCount(filters.page * FEED_PAGE_SIZE, { withCount: keptCount === undefined }))
	const version = rows[0]?.version ?? ''
	let counting = rows[0]?.total ?? keptCount ?? 0
	if (keptCount !== undefined && version !== latest?.version) {
		// The catalogue moved since the count was kept: count again.
		const [counted] = await ctx.db.$queryRaw<{ total: number }[]>(queries.count)
		counting = counted?.total ?? 0
	}
	if (countKey !== null) keptCounts.at(ctx.db, version).set(countKey, counting)
	const cards = rows.flatMap(({ total: _total, version: _version, ...row }) => (row.id === null ? [] : [row as Row]))
	const facets = await feedFacets(ctx, { version: rows[0]?.version ?? '', today, tags: practiceTags, queries })
	const interestLabel = (interest: string) => INTEREST_LABELS[interest as Interest] ?? interest

	return {
		// The page shows CARD_TAGS tags and a count of the rest: the rest would only weigh on the page.
		cards: cards.map(({ tags, ...row }): FeedCard => ({
			...row,
			tags: tags.slice(0, CARD_TAGS),
			moreTags: Math.max(0, tags.length - CARD_TAGS),
			match: matchReasons(tags, practice),
		})),
		/** Exact up to FEED_COUNT_CAP; past it `totalIsCapped` says "more than that". */
		total: Math.min(counting, FEED_COUNT_CAP),
		totalIsCapped: counting > FEED_COUNT_CAP,
		hasMore: cards.length < counting,
		/** Best match ranked only the MATCH_CANDIDATES soonest deadlines (the page says so). */
		matchRankedSoonest: filters.sort === 'match' && practiceTags.length > 0 && counting > MATCH_CANDIDATES,
		filters,
		today,
		timeZone,
		options: {
			mediums: optionsFor(practice.mediums, facets.presentTags),
			types: optionsFor(practice.interests, facets.presentTags).map((option) => ({ ...option, label: interestLabel(option.label) })),
			locations: facets.locations,
		},
	}
}

/** The capped counts of the feed's filters, kept per catalogue version (catalogue-cache.ts). */
const keptCounts = catalogueCache<number>()

export type FeedProfile = { mediums: string[]; interests: string[]; timeZone: string | null }

async function readFeedProfile(ctx: Pick<AppContext, 'db'>, actor: Actor): Promise<FeedProfile> {
	const profile = await ctx.db.profile.findUnique({
		where: { userId: actor.id },
		select: { mediums: true, interests: true, timeZone: true },
	})
	if (!profile) throw new DomainError('NOT_FOUND', `No profile for user ${actor.id}.`)
	return profile
}

export type Feed = Awaited<ReturnType<typeof listFeed>>
