import type { AppContext } from '#server/context.ts'
import { Prisma } from '#server/db/generated/client.ts'
import { assertAdmin, type Actor } from '#server/domain/actor.ts'
import { parseInput } from '#server/domain/errors.ts'
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
}

type Filters = ReturnType<typeof AdminListInput.parse>

/** `%` and `_` in the search text are matched literally. */
function escapeLike(text: string) {
	return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

function whereClause({ q, category, location, deadline }: Filters, today: string): Prisma.Sql {
	const conditions: Prisma.Sql[] = []
	if (q) {
		// Title contains the text (any case), or the text (lowercased, as tags are stored) is one of the tags.
		conditions.push(Prisma.sql`(title ILIKE ${`%${escapeLike(q)}%`} OR tags @> ARRAY[${q.toLowerCase()}]::text[])`)
	}
	if (category !== 'all') conditions.push(Prisma.sql`category = ${category}::category`)
	if (location) conditions.push(Prisma.sql`location = ${location}`)
	if (deadline === 'upcoming') conditions.push(Prisma.sql`deadline >= ${today}::date`)
	if (deadline === 'past') conditions.push(Prisma.sql`deadline < ${today}::date`)
	return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty
}

/**
 * The list's two statements, written as SQL on purpose: the query-plan test EXPLAINs exactly
 * these (admin-list.plan.test.ts), and the page is ordered by the created_at index.
 */
export function adminListQueries(filters: Filters, today: string) {
	const where = whereClause(filters, today)
	return {
		count: Prisma.sql`SELECT count(*)::int AS total FROM opportunities ${where}`,
		page: (offset: number) => Prisma.sql`
			SELECT id, title, url, coalesce(tags, '{}') AS tags, category::text AS category, location,
			       to_char(deadline, 'YYYY-MM-DD') AS deadline, created_at AS "createdAt"
			FROM opportunities ${where}
			ORDER BY created_at DESC, id DESC
			LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${offset}`,
	}
}

/**
 * The admin dashboard's list (spec sections 2 and 5): search, filters and 20 per page, newest
 * first, counted and paged in the database. A page past the end shows the last page. "Upcoming"
 * and "past" count from `today`: the admin's own day (getArtistToday), as artists' pages do.
 *
 * `locations` offers every distinct location (up to MAX_FILTER_LOCATIONS), not only those of the
 * loaded page as the specification's client did: a filter that only offers what is already on
 * screen cannot find anything new (ADR 012).
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
	const [[counted], locationRows] = await Promise.all([
		ctx.db.$queryRaw<{ total: number }[]>(queries.count),
		ctx.db.$queryRaw<{ location: string }[]>`
			SELECT DISTINCT location FROM opportunities
			WHERE location IS NOT NULL AND location <> ''
			ORDER BY location LIMIT ${MAX_FILTER_LOCATIONS}`,
	])
	const total = counted?.total ?? 0
	const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE))
	const page = Math.min(filters.page, pageCount)
	const rows = total ? await ctx.db.$queryRaw<AdminOpportunityRow[]>(queries.page((page - 1) * ADMIN_PAGE_SIZE)) : []
	return {
		rows,
		total,
		page,
		pageCount,
		pageSize: ADMIN_PAGE_SIZE,
		locations: locationRows.map((row) => row.location),
		filters: { ...filters, page },
	}
}
