import { beforeAll, describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { explain, onOpportunities } from '#tests/query-plans.ts'
import type { AppContext } from '#server/context.ts'
import { type Prisma } from '#server/db/generated/client.ts'
import { adminListQueries } from './admin-list.ts'
import { AdminListInput } from './opportunity.schema.ts'

/*
 * The admin list must stay fast as the catalogue grows: with 100,000 opportunities its statements
 * are planned on indexes, not by reading the whole table. These EXPLAIN the exact SQL that
 * listOpportunitiesForAdmin runs (adminListQueries), with its bound parameters.
 */
const ROWS = 100_000
let ctx: AppContext

const plan = (query: Prisma.Sql) => explain(ctx, query)

beforeAll(async () => {
	ctx = await createTestContext()
	await ctx.db.$executeRawUnsafe(`
		INSERT INTO opportunities (title, url, category, location, deadline, tags, slug, created_at)
		SELECT 'Call ' || n, 'https://example.org/' || n,
		       (ARRAY['grant', 'residency', 'open_call']::category[])[1 + n % 3],
		       'City ' || (n % 50), DATE '2030-01-01' + (n % 700),
		       ARRAY['tag' || (n % 500), 'medium' || (n % 7)],
		       'call-' || n, TIMESTAMPTZ '2030-01-01' + n * interval '1 minute'
		FROM generate_series(1, ${ROWS}) AS n`)
	await ctx.db.$executeRawUnsafe('VACUUM ANALYZE opportunities')
}, 120_000)

const queriesFor = (input: AdminListInput) => adminListQueries(AdminListInput.parse(input), '2030-06-15')

describe('admin list query plans with 100,000 opportunities', () => {
	test('a page of the unfiltered list reads the created_at index, never the whole table', async () => {
		for (const offset of [0, 20 * 49]) {
			const nodes = onOpportunities(await plan(queriesFor({}).page(offset)))
			expect(nodes.map((node) => node['Node Type'])).not.toContain('Seq Scan')
			expect(nodes.map((node) => node['Index Name'])).toContain('opportunities_created_at_idx')
		}
	})

	test('the unfiltered count is answered from an index', async () => {
		const nodes = onOpportunities(await plan(queriesFor({}).count))
		expect(nodes.map((node) => node['Node Type'])).not.toContain('Seq Scan')
	})

	test('a filtered page (search, category, deadline) still walks the created_at index and stops after 20 rows', async () => {
		for (const input of [{ q: 'Call 4' }, { category: 'residency' }, { deadline: 'upcoming' }, { q: 'medium3', category: 'grant' }] as const) {
			const nodes = onOpportunities(await plan(queriesFor(input).page(0)))
			expect(nodes.map((node) => node['Node Type'])).not.toContain('Seq Scan')
			expect(nodes.map((node) => node['Index Name'])).toContain('opportunities_created_at_idx')
		}
	})

	test('a search count is answered from the title trigram and tag indexes, never a table scan', async () => {
		const nodes = await plan(queriesFor({ q: 'Call 4242' }).count)
		expect(nodes.map((node) => node['Node Type'])).not.toContain('Seq Scan')
		const indexes = nodes.map((node) => node['Index Name'])
		expect(indexes).toContain('opportunities_title_trgm_idx')
		expect(indexes).toContain('opportunities_tags_idx')
	})
})
