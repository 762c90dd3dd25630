import type { AppContext } from '#server/context.ts'
import { Prisma } from '#server/db/generated/client.ts'
import { literalLike } from '#server/db/like.ts'
import { assertAdmin, type Actor } from '#server/domain/actor.ts'
import { parseInput } from '#server/domain/errors.ts'
import { catalogueCache, catalogueVersion } from './catalogue-cache.ts'
import { ADMIN_PAGE_SIZE, AdminListInput, type Category } from './opportunity.schema.ts'

/** How many distinct locations the location filter offers at most. */
export const MAX_FILTER_LOCATIONS = 200

/** One row of the admin table: exactly what it shows. `deadline` is `yyyy-MM-dd`. */
export type AdminOpportunityRow = {
	id: string
	title: string
	url: string
	tags: string[]
	category: Category
	location: string | null
	deadline: string | null
	createdAt: Date
	/** False: hidden from artists (the table marks it). */
	active: boolean
}

type Filters = ReturnType<typeof AdminListInput.parse>

function whereClause({ q, category, location, deadline }: Filters, today: string): Prisma.Sql {
	const conditions: Prisma.Sql[] = []
	if (q) {
		// Title contains the text (any case), or the text (lowercased, as tags are stored) is one of the tags.
		conditions.push(Prisma.sql`(title ILIKE ${`%${literalLike(q)}%`} OR tags @> ARRAY[${q.toLowerCase()}]::text[])`)
	}
	if (category !== 'all') conditions.push(Prisma.sql`category = ${category}::category`)
	if (location) conditions.push(Prisma.sql`location = ${location}`)
	if (deadline === 'upcoming') conditions.push(Prisma.sql`deadline >= ${today}::date`)
	if (deadline === 'past') conditions.push(Prisma.sql`deadline < ${today}::date`)
	return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty
}

/**
 * The list's statements, written as SQL on purpose: the query-plan test EXPLAINs exactly these
 * (admin-list.plan.test.ts), and the page is ordered by the created_at index.
 */
export function adminListQueries(filters: Filters, today: string) {
	const where = whereClause(filters, today)
	const page = (offset: number) => Prisma.sql`
			SELECT id, title, url, coalesce(tags, '{}') AS tags, category::text AS category, location,
			       to_char(deadline, 'YYYY-MM-DD') AS deadline, created_at AS "createdAt", active
			FROM opportunities ${where}
			ORDER BY created_at DESC, id DESC
			LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${offset}`
	return {
		count: Prisma.sql`SELECT count(*)::int AS total FROM opportunities ${where}`,
		page,
		/** A page with the catalogue's version, in one statement; one row even when the page is empty. */
		pageWithVersion: (offset: number) => Prisma.sql`
			SELECT meta.version, p.id, p.title, p.url, p.tags, p.category, p.location, p.deadline, p."createdAt", p.active
			FROM (SELECT ${catalogueVersion} AS version) AS meta
			LEFT JOIN LATERAL (SELECT row_number() OVER () AS ord, page.* FROM (${page(offset)}) AS page) AS p ON true
			ORDER BY p.ord`,
		locations: Prisma.sql`
			SELECT DISTINCT location FROM opportunities
			WHERE location IS NOT NULL AND location <> ''
			ORDER BY location LIMIT ${MAX_FILTER_LOCATIONS}`,
	}
}

/**
 * Counts (by filters and day) and the location list, kept while the catalogue's version stays the
 * same: both read every matching row, which grows with the catalogue, and admins page through
 * the same list many times between changes.
 */
const kept = catalogueCache<number | string[]>()

type PageRow = { version: string } & (AdminOpportunityRow | { id: null })

/**
 * The admin dashboard's list (spec sections 2 and 5): search, filters and 20 per page, newest
 * first, counted and paged in the database. A page past the end shows the last page. "Upcoming"
 * and "past" count from `today`: the admin's own day (viewerDay), as artists' pages do.
 *
 * `locations` offers every distinct location (up to MAX_FILTER_LOCATIONS), not only those of the
 * loaded page as the specification's client did: a filter that only offers what is already on
 * screen cannot find anything new (ADR 012).
 *
 * Usually one statement: the page and the catalogue's version, the count and locations being kept
 * for that version. After a change to the catalogue they are read again (and the page once more
 * if the count moved it).
 */
export async function listOpportunitiesForAdmin(
	ctx: Pick<AppContext, 'db'>,
	actor: Actor,
	input: AdminListInput,
	{ now = new Date(), today = now.toISOString().slice(0, 10) }: { now?: Date; today?: string } = {},
) {
	assertAdmin(actor)
	const filters = parseInput(AdminListInput, input)
	const queries = adminListQueries(filters, today)
	const countKey = JSON.stringify([today, filters.q, filters.category, filters.location, filters.deadline])
	const lastPage = (total: number) => Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE))
	const readPage = (page: number) => ctx.db.$queryRaw<PageRow[]>(queries.pageWithVersion((page - 1) * ADMIN_PAGE_SIZE))

	// The last version seen in this process says which count applies until the page tells otherwise.
	const guess = kept.latest(ctx.db)?.values.get(countKey) as number | undefined
	let page = guess === undefined ? filters.page : Math.min(filters.page, lastPage(guess))
	let rows = await readPage(page)
	const version = rows[0]?.version ?? ''
	const values = kept.at(ctx.db, version)
	if (!values.has(countKey) || !values.has(LOCATIONS)) {
		const [[counted], locationRows] = await Promise.all([
			ctx.db.$queryRaw<{ total: number }[]>(queries.count),
			ctx.db.$queryRaw<{ location: string }[]>(queries.locations),
		])
		values.set(countKey, counted?.total ?? 0)
		values.set(LOCATIONS, locationRows.map((row) => row.location))
	}
	const total = values.get(countKey) as number
	const pageCount = lastPage(total)
	if (Math.min(filters.page, pageCount) !== page) {
		page = Math.min(filters.page, pageCount)
		rows = await readPage(page)
	}
	return {
		rows: rows.flatMap(({ version: _version, ...row }) => (row.id === null ? [] : [row as AdminOpportunityRow])),
		total,
		page,
		pageCount,
		pageSize: ADMIN_PAGE_SIZE,
		locations: values.get(LOCATIONS) as string[],
		filters: { ...filters, page },
	}
}

const LOCATIONS = 'locations'
