import { beforeAll, describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { explain, onOpportunities, type PlanNode } from '#tests/query-plans.ts'
import { createUser } from '#tests/factories.ts'
import type { AppContext } from '#server/context.ts'
import { type Prisma } from '#server/db/generated/client.ts'
import { feedQueries } from './feed.ts'
import { FEED_PAGE_SIZE, FeedInput, MATCH_CANDIDATES } from './feed.schema.ts'

/*
 * The feed must not slow down as the catalogue grows: with 100,000 opportunities its statements
 * are planned on indexes, never by reading the whole table into a sort. These EXPLAIN the exact
 * SQL that listFeed runs (feedQueries), with its bound parameters.
 */
const ROWS = 100_000
const TODAY = '2030-06-15'
let ctx: AppContext
let userId: string

const plan = (query: Prisma.Sql) => explain(ctx, query)
const types = (nodes: PlanNode[]) => nodes.map((node) => node['Node Type'])
const indexes = (nodes: PlanNode[]) => nodes.map((node) => node['Index Name'])

const queriesFor = (input: FeedInput) =>
	feedQueries(FeedInput.parse(input), { userId, today: TODAY, practiceTags: ['painting', 'video', 'grants'] })

beforeAll(async () => {
	ctx = await createTestContext()
	userId = (await createUser(ctx.db, { onboardingCompleted: true })).id
	// A realistic spread: most calls closed or inactive, deadlines over four years, 300 locations.
	await ctx.db.$executeRawUnsafe(`
		INSERT INTO opportunities (title, url, category, location, deadline, tags, slug, active)
		SELECT 'Call ' || n, 'https://example.org/' || n,
		       (ARRAY['grant', 'residency', 'open_call']::category[])[1 + n % 3],
		       'City ' || (n % 300), DATE '2028-01-01' + (n % 1460),
		       ARRAY['tag' || (n % 500), (ARRAY['painting', 'video', 'sculpture', 'ceramics', 'textiles'])[1 + n % 5],
		             (ARRAY['grants', 'residencies', 'exhibitions'])[1 + n % 3]],
		       'call-' || n, n % 10 <> 0
		FROM generate_series(1, ${ROWS}) AS n`)
	await ctx.db.$executeRawUnsafe('VACUUM ANALYZE opportunities')
}, 120_000)

describe('feed query plans with 100,000 opportunities', () => {
	test('the first page, by deadline, walks the (active, deadline, id, tags) index alone and stops after a page, then reads its cards: no sort, no table scan', async () => {
		for (const input of [{}, { mediums: ['ceramics'] }, { mediums: ['painting', 'video'], types: ['residencies'] }]) {
			const nodes = await plan(queriesFor(input).page(FEED_PAGE_SIZE))
			expect(types(onOpportunities(nodes)), JSON.stringify(input)).not.toContain('Seq Scan')
			expect(types(nodes), JSON.stringify(input)).not.toContain('Sort')
			// Tag filters are checked on the index's own copy of the tags: no table row is read to choose the page.
			const walk = nodes.find((node) => node['Index Name'] === 'opportunities_active_deadline_id_tags_idx')
			expect(walk?.['Node Type'], JSON.stringify(input)).toBe('Index Only Scan')
			// Then one primary-key probe per card.
			expect(indexes(nodes), JSON.stringify(input)).toContain('opportunities_pkey')
		}
	})

	test('the count of open opportunities is answered from an index', async () => {
		const nodes = onOpportunities(await plan(queriesFor({}).count))
		expect(types(nodes)).not.toContain('Seq Scan')
		expect(indexes(nodes)).toContain('opportunities_active_deadline_id_tags_idx')
	})

	test('filtered pages and counts (mediums, types, location) use an index, never a table scan', async () => {
		const filtered = [
			{ mediums: ['ceramics'] },
			{ mediums: ['painting', 'video'], types: ['residencies'] },
			{ types: ['grants'], locations: ['City 7'] },
		]
		for (const input of filtered) {
			const queries = queriesFor(input)
			for (const query of [queries.page(FEED_PAGE_SIZE), queries.count]) {
				const nodes = await plan(query)
				expect(types(onOpportunities(nodes)), JSON.stringify(input)).not.toContain('Seq Scan')
				// A bitmap index scan names its index but not its table.
				expect(indexes(nodes).some((name) => name?.startsWith('opportunities_')), JSON.stringify(input)).toBe(true)
			}
		}
	})

	test('best match ranks the soonest deadlines only: an index-only walk that stops at MATCH_CANDIDATES, then a small sort', async () => {
		for (const input of [{ sort: 'match' as const }, { sort: 'match' as const, types: ['grants'] }]) {
			const nodes = await plan(queriesFor(input).page(FEED_PAGE_SIZE))
			expect(types(onOpportunities(nodes)), JSON.stringify(input)).not.toContain('Seq Scan')
			// The candidates' tags come from the deadline index: no table row is read to score them.
			const walk = nodes.find((node) => node['Index Name'] === 'opportunities_active_deadline_id_tags_idx')
			expect(walk?.['Node Type'], JSON.stringify(input)).toBe('Index Only Scan')
			// The candidates' Limit sits under the sort: the sort never sees more than MATCH_CANDIDATES rows.
			const sort = nodes.find((node) => node['Node Type'] === 'Sort')
			expect(sort?.['Plan Rows'], JSON.stringify(input)).toBeLessThanOrEqual(MATCH_CANDIDATES)
		}
	})

	test('a page and its count are one statement, still on the indexes', async () => {
		for (const input of [{}, { sort: 'match' as const }, { mediums: ['ceramics'], locations: ['City 7'] }]) {
			const nodes = await plan(queriesFor(input).pageWithCount(FEED_PAGE_SIZE))
			expect(types(onOpportunities(nodes)), JSON.stringify(input)).not.toContain('Seq Scan')
		}
	})

	test('the tag options probe the tags index one tag at a time', async () => {
		const tagNodes = onOpportunities(await plan(queriesFor({}).presentTags(['painting', 'video', 'grants', 'digital art'])))
		expect(types(tagNodes)).not.toContain('Seq Scan')
	})
})
