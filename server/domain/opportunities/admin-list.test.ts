import { beforeAll, describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import type { AppContext } from '#server/context.ts'
import type { Actor } from '#server/domain/actor.ts'
import { DomainError } from '#server/domain/errors.ts'
import { withQueryStats } from '#server/db/query-stats.ts'
import { listOpportunitiesForAdmin } from './admin-list.ts'

const admin: Actor = { id: '00000000-0000-4000-8000-00000000000a', role: 'admin' }
const now = new Date('2030-06-15T12:00:00Z')
let ctx: AppContext

/*
 * 45 opportunities, one a minute apart so "newest first" is known: #0 is the oldest. Every third
 * is a residency in Porto; deadlines run from 20 days before to 24 days after 2030-06-15.
 */
beforeAll(async () => {
	ctx = await createTestContext()
	await ctx.db.opportunity.createMany({
		data: Array.from({ length: 45 }, (_, i) => ({
			title: i === 7 ? 'The 100% Painting_Prize' : `Call number ${i}`,
			url: `https://example.org/${i}`,
			category: i % 3 === 0 ? ('residency' as const) : ('grant' as const),
			location: i % 3 === 0 ? 'Porto' : i % 5 === 0 ? null : 'Lisbon',
			deadline: new Date(Date.UTC(2030, 5, 15 + (i - 20))),
			tags: i % 4 === 0 ? ['ceramics', 'open air'] : ['painting'],
			slug: `call-${i}`,
			active: i !== 43,
			createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)),
		})),
	})
})

const list = (input: Parameters<typeof listOpportunitiesForAdmin>[2]) => listOpportunitiesForAdmin(ctx, admin, input, { now })
const titles = (rows: { title: string }[]) => rows.map((row) => row.title)

describe('listOpportunitiesForAdmin', () => {
	test('newest first, 20 per page, with the total, the page count and exactly the fields the table shows', async () => {
		const first = await list({})
		expect(first).toMatchObject({ total: 45, page: 1, pageCount: 3, pageSize: 20 })
		expect(first.rows).toHaveLength(20)
		expect(first.rows[0]).toEqual({
			id: expect.any(String),
			title: 'Call number 44',
			url: 'https://example.org/44',
			tags: ['ceramics', 'open air'],
			category: 'grant',
			location: 'Lisbon',
			deadline: '2030-07-09',
			createdAt: new Date(Date.UTC(2030, 0, 1, 0, 44)),
			active: true,
		})
		// Hidden calls are listed too, marked (the table says "Inactive").
		expect(first.rows[1]).toMatchObject({ title: 'Call number 43', active: false })
		const third = await list({ page: 3 })
		expect(titles(third.rows)).toEqual(['Call number 4', 'Call number 3', 'Call number 2', 'Call number 1', 'Call number 0'])
	})

	test('a page past the end shows the last page; nonsense falls back to page 1', async () => {
		expect((await list({ page: 99 })).page).toBe(3)
		expect((await list({ page: 'x' as unknown as number })).page).toBe(1)
		expect((await list({ q: 'nothing matches this', page: 4 })).page).toBe(1)
		expect(await list({ q: 'nothing matches this' })).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 })
	})

	test('search is trimmed and matches the title case-insensitively, or a whole tag', async () => {
		expect(titles((await list({ q: '  CALL NUMBER 4  ' })).rows)).toEqual(['Call number 44', 'Call number 43', 'Call number 42', 'Call number 41', 'Call number 40', 'Call number 4'])
		expect((await list({ q: 'Ceramics' })).total).toBe(12)
		expect((await list({ q: 'open air' })).total).toBe(12)
		// A tag matches as a whole: "ceram" is neither a tag nor in a title.
		expect((await list({ q: 'ceram' })).total).toBe(0)
		// Wildcards in the text are literal.
		expect(titles((await list({ q: '100%' })).rows)).toEqual(['The 100% Painting_Prize'])
		expect((await list({ q: '_' })).total).toBe(1)
	})

	test('category, location and deadline filters combine; today counts as upcoming', async () => {
		expect((await list({ category: 'residency' })).total).toBe(15)
		expect((await list({ category: 'open_call' })).total).toBe(0)
		expect((await list({ location: 'Porto' })).total).toBe(15)
		expect((await list({ category: 'grant', location: 'Porto' })).total).toBe(0)
		// #20 is due on 2030-06-15, "today".
		const upcoming = await list({ deadline: 'upcoming', page: 2 })
		expect(upcoming.total).toBe(25)
		expect(upcoming.rows.at(-1)?.deadline).toBe('2030-06-15')
		expect((await list({ deadline: 'past' })).total).toBe(20)
		expect((await list({ deadline: 'past', category: 'residency', q: 'ceramics' })).total).toBe(2)
	})

	test('the location filter offers every distinct location, sorted', async () => {
		expect((await list({ q: 'Call number 44' })).locations).toEqual(['Lisbon', 'Porto'])
	})

	test('only admins may list', async () => {
		const error = await listOpportunitiesForAdmin(ctx, { id: admin.id, role: 'user' }, {}).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(DomainError)
		expect((error as DomainError).code).toBe('FORBIDDEN')
	})

	test('the count and locations are read once while the catalogue stays the same; a change shows on the next page', async () => {
		const statements = async (input: Parameters<typeof list>[0]) => {
			const stats = { count: 0, ms: 0 }
			const result = await withQueryStats(stats, () => list(input))
			return { count: stats.count, result }
		}
		await statements({ location: 'Porto' })
		const again = await statements({ location: 'Porto' })
		expect(again.count).toBe(1)
		expect(again.result).toMatchObject({ total: 15, pageCount: 1 })

		const added = await ctx.db.opportunity.create({
			data: { title: 'Added in Porto', url: 'https://example.org/added', category: 'grant', location: 'Porto', slug: 'added-in-porto' },
		})
		try {
			const changed = await statements({ location: 'Porto' })
			expect(changed.result.total).toBe(16)
			expect(titles(changed.result.rows)).toContain('Added in Porto')
			// A page past the end, known only once counted again, still shows the last page.
			expect((await list({ location: 'Porto', page: 9 })).page).toBe(1)
		} finally {
			await ctx.db.opportunity.delete({ where: { id: added.id } })
		}
		expect((await list({ location: 'Porto' })).total).toBe(15)
	})
})
