import type { AppContext } from '#server/context.ts'
import { Prisma } from '#server/db/generated/client.ts'
import type { Actor } from '#server/domain/actor.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import type { Category } from '#server/domain/opportunities/opportunity.schema.ts'
import { INTEREST_LABELS, type Interest } from '#server/domain/profiles/choices.ts'
import { effectiveTimeZone, todayIn } from '#server/domain/time-zone.ts'
import { FEED_PAGE_SIZE, FeedInput, type FeedFilters } from './feed.schema.ts'
import { asTag, matchReasons, optionsFor, type MatchReasons } from './matching.ts'

/** How many distinct locations the location filter offers at most. */
export const MAX_FEED_LOCATIONS = 200

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
	tags: string[]
	category: Category
	saved: boolean
	match: MatchReasons
}

type Row = Omit<FeedCard, 'match'>

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
 * (feed.plan.test.ts). Sorted by deadline, a page walks the (active, deadline, id) index and
 * stops after `limit` rows, so its cost does not grow with the table; so does the count, capped
 * at FEED_COUNT_CAP. Best match orders by how
 * many of the artist's mediums and interests an opportunity's tags contain, which no index can
 * hold (it differs per artist): that sort scores every open row once (ADR 016).
 */
export function feedQueries(filters: FeedFilters, scope: QueryScope) {
	const where = whereClause(filters, scope)
	// One containment test per practice tag: several times cheaper per row than unnesting the tags.
	const score = () => Prisma.join(
		scope.practiceTags.map((tag) => Prisma.sql`(o.tags @> ARRAY[${tag}]::text[])::int`),
		' + ',
	)
	// Without mediums or interests nothing scores: best match is the deadline order.
	const order =
		filters.sort === 'match' && scope.practiceTags.length
			? Prisma.sql`ORDER BY (${score()}) DESC, o.deadline, o.id`
			: Prisma.sql`ORDER BY o.deadline, o.id`
	return {
		count: Prisma.sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM opportunities o ${where} LIMIT ${FEED_COUNT_CAP + 1}) AS open`,
		page: (limit: number) => Prisma.sql`
			SELECT o.id, o.title, o.organization, o.location, to_char(o.deadline, 'YYYY-MM-DD') AS deadline,
			       o.tags, o.category::text AS category,
			       EXISTS (SELECT 1 FROM saved_opportunities s WHERE s.user_id = ${scope.userId}::uuid AND s.opportunity_id = o.id) AS saved
			FROM opportunities o ${where}
			${order}
			LIMIT ${limit}`,
		/**
		 * Which of `tags` at least one open opportunity carries: one index probe per tag rather
		 * than unnesting every row's tags.
		 */
		presentTags: (tags: string[]) => Prisma.sql`
			SELECT tag FROM unnest(${tags}::text[]) AS tag
			WHERE EXISTS (SELECT 1 FROM opportunities o
			              WHERE o.active = true AND o.deadline >= ${scope.today}::date AND o.tags @> ARRAY[tag])`,
		/**
		 * The distinct locations of open opportunities, read as a "loose index scan": each step
		 * jumps to the next location in the (active, location) index instead of reading every row.
		 */
		locations: Prisma.sql`
			WITH RECURSIVE next_location(location) AS (
				(SELECT o.location FROM opportunities o
				 WHERE o.active = true AND o.location IS NOT NULL AND o.deadline >= ${scope.today}::date
				 ORDER BY o.location LIMIT 1)
				UNION ALL
				SELECT (SELECT o.location FROM opportunities o
				        WHERE o.active = true AND o.location > n.location AND o.deadline >= ${scope.today}::date
				        ORDER BY o.location LIMIT 1)
				FROM next_location n WHERE n.location IS NOT NULL
			)
			SELECT location FROM next_location WHERE location IS NOT NULL AND location <> '' LIMIT ${MAX_FEED_LOCATIONS}`,
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
	{ now = new Date(), browserTimeZone = null }: { now?: Date; browserTimeZone?: string | null } = {},
) {
	const filters = parseInput(FeedInput, input)
	const profile = await ctx.db.profile.findUnique({
		where: { userId: actor.id },
		select: { mediums: true, interests: true, timeZone: true },
	})
	if (!profile) throw new DomainError('NOT_FOUND', `No profile for user ${actor.id}.`)

	const timeZone = effectiveTimeZone(profile.timeZone, browserTimeZone)
	const today = todayIn(timeZone, now)
	const practice = { mediums: profile.mediums, interests: profile.interests }
	const practiceTags = [...new Set([...practice.mediums, ...practice.interests].map(asTag))]
	const queries = feedQueries(filters, { userId: actor.id, today, practiceTags })

	const [[counted], rows, presentRows, locationRows] = await Promise.all([
		ctx.db.$queryRaw<{ total: number }[]>(queries.count),
		ctx.db.$queryRaw<Row[]>(queries.page(filters.page * FEED_PAGE_SIZE)),
		practiceTags.length ? ctx.db.$queryRaw<{ tag: string }[]>(queries.presentTags(practiceTags)) : [],
		ctx.db.$queryRaw<{ location: string }[]>(queries.locations),
	])
	const counting = counted?.total ?? 0
	const presentTags = new Set(presentRows.map((row) => row.tag))
	const interestLabel = (interest: string) => INTEREST_LABELS[interest as Interest] ?? interest

	return {
		cards: rows.map((row): FeedCard => ({ ...row, match: matchReasons(row.tags, practice) })),
		/** Exact up to FEED_COUNT_CAP; past it `totalIsCapped` says "more than that". */
		total: Math.min(counting, FEED_COUNT_CAP),
		totalIsCapped: counting > FEED_COUNT_CAP,
		hasMore: rows.length < counting,
		filters,
		today,
		timeZone,
		options: {
			mediums: optionsFor(practice.mediums, presentTags),
			types: optionsFor(practice.interests, presentTags).map((option) => ({ ...option, label: interestLabel(option.label) })),
			locations: locationRows.map((row) => row.location),
		},
	}
}
export type Feed = Awaited<ReturnType<typeof listFeed>>
