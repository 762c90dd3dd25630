import { beforeEach, describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { createUser } from '#tests/factories.ts'
import type { AppContext } from '#server/context.ts'
import type { Actor } from '#server/domain/actor.ts'
import { withQueryStats } from '#server/db/query-stats.ts'
import { listFeed, MAX_FEED_LOCATIONS, type FeedProfile } from './feed.ts'
import { MATCH_CANDIDATES, type FeedInput } from './feed.schema.ts'

let ctx: AppContext
let artist: Actor

const day = (iso: string) => new Date(`${iso}T00:00:00Z`)
/** 2026-04-10, mid-afternoon UTC. */
const NOW = new Date('2026-04-10T15:00:00Z')

type Seed = { title: string; tags?: string[]; location?: string | null; deadline?: string | null; active?: boolean }

async function seed(...opportunities: Seed[]) {
	await ctx.db.opportunity.createMany({
		data: opportunities.map(({ title, tags = [], location = null, deadline = '2026-05-01', active = true }) => ({
			title,
			tags,
			location,
			active,
			deadline: deadline ? day(deadline) : null,
			organization: 'Org',
			category: 'grant' as const,
			url: 'https://example.test',
			slug: title.toLowerCase().replace(/\W+/g, '-'),
		})),
	})
}

async function feed(input: FeedInput = {}, options: { now?: Date; browserTimeZone?: string | null; profile?: FeedProfile } = {}) {
	return listFeed(ctx, artist, input, { now: NOW, ...options })
}

const titles = (result: Awaited<ReturnType<typeof feed>>) => result.cards.map((card) => card.title)

beforeEach(async () => {
	ctx = await createTestContext()
	await ctx.db.opportunity.deleteMany()
	const user = await createUser(ctx.db, { onboardingCompleted: true })
	await ctx.db.profile.update({
		where: { userId: user.id },
		data: { mediums: ['Painting', 'Digital Art', 'Video'], interests: ['grants', 'residencies'] },
	})
	artist = { id: user.id, role: 'user' }
})

describe('the feed', () => {
	test('shows active opportunities due today or later, soonest first', async () => {
		await seed(
			{ title: 'Later', deadline: '2026-06-01' },
			{ title: 'Today', deadline: '2026-04-10' },
			{ title: 'Yesterday', deadline: '2026-04-09' },
			{ title: 'Inactive', deadline: '2026-04-20', active: false },
			{ title: 'No deadline', deadline: null },
			{ title: 'Soon', deadline: '2026-04-12' },
		)
		const result = await feed()
		expect(titles(result)).toEqual(['Today', 'Soon', 'Later'])
		expect(result.total).toBe(3)
		expect(result.cards[0]).toMatchObject({ deadline: '2026-04-10', organization: 'Org', category: 'grant', saved: false })
	})

	test("'today' is the artist's calendar day: in a zone far from UTC the boundary moves with it", async () => {
		await seed({ title: 'Due Apr 10', deadline: '2026-04-10' }, { title: 'Due Apr 11', deadline: '2026-04-11' })
		const lateEveningUtc = new Date('2026-04-10T23:30:00Z')

		// Kiritimati (UTC+14) is already on April 11: the April 10 deadline has passed there.
		expect(titles(await feed({}, { now: lateEveningUtc, browserTimeZone: 'Pacific/Kiritimati' }))).toEqual(['Due Apr 11'])
		// Pago Pago (UTC-11) is still on April 10 at 23:30 UTC: both are open.
		expect(titles(await feed({}, { now: lateEveningUtc, browserTimeZone: 'Pacific/Pago_Pago' }))).toEqual([
			'Due Apr 10',
			'Due Apr 11',
		])
		// On April 11 at 08:00 UTC it is still April 10 in Pago Pago: yesterday's deadline (UTC) is today's there.
		const nextMorningUtc = new Date('2026-04-11T08:00:00Z')
		expect(titles(await feed({}, { now: nextMorningUtc, browserTimeZone: 'Pacific/Pago_Pago' }))).toEqual([
			'Due Apr 10',
			'Due Apr 11',
		])
		expect(titles(await feed({}, { now: nextMorningUtc }))).toEqual(['Due Apr 11'])
	})

	test("the profile's time zone wins over the browser's", async () => {
		await seed({ title: 'Due Apr 10', deadline: '2026-04-10' })
		await ctx.db.profile.update({ where: { userId: artist.id }, data: { timeZone: 'Pacific/Kiritimati' } })
		const result = await feed({}, { now: new Date('2026-04-10T23:30:00Z'), browserTimeZone: 'Pacific/Pago_Pago' })
		expect(result.timeZone).toBe('Pacific/Kiritimati')
		expect(result.today).toBe('2026-04-11')
		expect(titles(result)).toEqual([])
	})

	test('within a category any selected value matches; categories combine with AND', async () => {
		await seed(
			{ title: 'Painting grant', tags: ['painting', 'grants'], location: 'Berlin', deadline: '2026-05-01' },
			{ title: 'Video residency', tags: ['video', 'residencies'], location: 'Lisbon', deadline: '2026-05-02' },
			{ title: 'Painting residency', tags: ['painting', 'residencies'], location: 'Berlin', deadline: '2026-05-03' },
			{ title: 'Sculpture grant', tags: ['sculpture', 'grants'], location: 'Lisbon', deadline: '2026-05-04' },
		)
		expect(titles(await feed({ mediums: ['painting', 'video'] }))).toEqual([
			'Painting grant',
			'Video residency',
			'Painting residency',
		])
		expect(titles(await feed({ mediums: ['painting', 'video'], types: ['residencies'] }))).toEqual([
			'Video residency',
			'Painting residency',
		])
		expect(titles(await feed({ mediums: ['painting'], types: ['residencies'], locations: ['Lisbon'] }))).toEqual([])
		expect(titles(await feed({ locations: ['Lisbon', 'Berlin'], types: ['grants'] }))).toEqual([
			'Painting grant',
			'Sculpture grant',
		])
		expect((await feed({ mediums: ['painting'], types: ['grants'] })).total).toBe(1)
	})

	test('filter values match tags by their lowercase form', async () => {
		await seed({ title: 'Digital call', tags: ['digital art'] })
		expect(titles(await feed({ mediums: ['  Digital Art '] }))).toEqual(['Digital call'])
	})

	test("offers the artist's mediums and interests that open opportunities are tagged with, and every open location", async () => {
		await seed(
			{ title: 'Call A', tags: ['painting', 'grants'], location: 'Berlin' },
			{ title: 'Call B', tags: ['digital art', 'exhibitions'], location: 'Accra' },
			// Closed ones offer nothing: their tags and locations would filter to an empty feed.
			{ title: 'Call C', tags: ['video', 'residencies'], location: 'Lisbon', deadline: '2026-01-01' },
			{ title: 'Call D', tags: ['video'], location: 'Oslo', active: false },
			{ title: 'Call E', tags: ['sculpture'], location: null },
		)
		const { options } = await feed()
		expect(options.mediums).toEqual([
			{ value: 'painting', label: 'Painting' },
			{ value: 'digital art', label: 'Digital Art' },
		])
		// "exhibitions" is a tag, but not one of this artist's interests.
		expect(options.types).toEqual([{ value: 'grants', label: 'Grants' }])
		expect(options.locations).toEqual(['Accra', 'Berlin'])
	})

	test("each card says which of the artist's mediums and interests it matches", async () => {
		await seed({ title: 'Match', tags: ['video', 'painting', 'residencies', 'uk'] }, { title: 'None', tags: ['ceramics'] })
		const cards = (await feed()).cards
		expect(cards.find((card) => card.title === 'Match')?.match).toEqual({
			mediums: ['Painting', 'Video'],
			interests: ['residencies'],
		})
		expect(cards.find((card) => card.title === 'None')?.match).toEqual({ mediums: [], interests: [] })
	})

	test('best match puts the opportunities matching most of the practice first, then by deadline', async () => {
		await seed(
			{ title: 'One match, soonest', tags: ['painting'], deadline: '2026-04-11' },
			{ title: 'No match', tags: ['ceramics'], deadline: '2026-04-12' },
			{ title: 'Three matches', tags: ['painting', 'video', 'grants'], deadline: '2026-06-01' },
			{ title: 'Two matches', tags: ['digital art', 'residencies'], deadline: '2026-05-01' },
			{ title: 'Two matches, later', tags: ['video', 'grants'], deadline: '2026-05-20' },
		)
		expect(titles(await feed({ sort: 'match' }))).toEqual([
			'Three matches',
			'Two matches',
			'Two matches, later',
			'One match, soonest',
			'No match',
		])
		expect(titles(await feed({ sort: 'deadline' }))[0]).toBe('One match, soonest')
	})

	test('pages of 24: page N shows the first N pages, and says whether there is more', async () => {
		await seed(
			...Array.from({ length: 50 }, (_, i) => ({
				title: `Call ${String(i).padStart(2, '0')}`,
				deadline: `2026-05-${String(1 + (i % 28)).padStart(2, '0')}`,
			})),
		)
		const first = await feed()
		expect(first.cards).toHaveLength(24)
		expect(first).toMatchObject({ total: 50, hasMore: true })
		const second = await feed({ page: 2 })
		expect(second.cards).toHaveLength(48)
		expect(second.cards.slice(0, 24)).toEqual(first.cards)
		const third = await feed({ page: 3 })
		expect(third.cards).toHaveLength(50)
		expect(third.hasMore).toBe(false)
		// Equal deadlines still page in one stable order.
		expect(new Set(third.cards.map((card) => card.id)).size).toBe(50)
		// A page past the end, or past the most the list grows to, shows as far as it goes.
		expect((await feed({ page: 99 })).cards).toHaveLength(50)
		expect((await feed({ page: 5 })).filters.page).toBe(5)
		expect((await feed({ page: 1_000_000 })).filters.page).toBe(40)
	})

	test('best match for an artist with no mediums or interests is the deadline order', async () => {
		await ctx.db.profile.update({ where: { userId: artist.id }, data: { mediums: [], interests: [] } })
		await seed({ title: 'Later', tags: ['painting'], deadline: '2026-06-01' }, { title: 'Sooner', deadline: '2026-04-20' })
		expect(titles(await feed({ sort: 'match' }))).toEqual(['Sooner', 'Later'])
	})

	test('counts exactly up to 1,000, then says there are more', async () => {
		await seed(...Array.from({ length: 1000 }, (_, i) => ({ title: `Call ${i}` })))
		expect(await feed()).toMatchObject({ total: 1000, totalIsCapped: false })
		await seed({ title: 'One more' })
		expect(await feed()).toMatchObject({ total: 1000, totalIsCapped: true, hasMore: true })
	})

	test("the saved filter shows only this artist's saved opportunities, and cards say whether they are saved", async () => {
		await seed({ title: 'Saved', deadline: '2026-05-01' }, { title: 'Not saved', deadline: '2026-05-02' })
		const saved = await ctx.db.opportunity.findFirstOrThrow({ where: { title: 'Saved' } })
		const other = await createUser(ctx.db, { onboardingCompleted: true })
		await ctx.db.savedOpportunity.createMany({
			data: [
				{ userId: artist.id, opportunityId: saved.id },
				{ userId: other.id, opportunityId: (await ctx.db.opportunity.findFirstOrThrow({ where: { title: 'Not saved' } })).id },
			],
		})
		expect((await feed()).cards.map((card) => [card.title, card.saved])).toEqual([
			['Saved', true],
			['Not saved', false],
		])
		expect(titles(await feed({ saved: true }))).toEqual(['Saved'])
	})

	test('best match ranks the 2,000 soonest deadlines, and says so only when there were more', async () => {
		// 2,001 open calls: the best one closes last, so it is past the candidates and not ranked first.
		await seed(
			...Array.from({ length: MATCH_CANDIDATES }, (_, i) => ({ title: `Call ${i}`, tags: ['painting'], deadline: '2026-05-01' })),
			{ title: 'Best, closing last', tags: ['painting', 'video', 'grants'], deadline: '2026-09-01' },
		)
		const ranked = await feed({ sort: 'match' })
		expect(ranked.matchRankedSoonest).toBe(true)
		expect(titles(ranked)[0]).not.toBe('Best, closing last')
		await ctx.db.opportunity.deleteMany({ where: { title: 'Call 0' } })
		const all = await feed({ sort: 'match' })
		expect(all.matchRankedSoonest).toBe(false)
		expect(titles(all)[0]).toBe('Best, closing last')
	})

	test('the filter options and counts are read once while the catalogue stays the same, and a change shows on the next page', async () => {
		await seed({ title: 'Call A', tags: ['painting'], location: 'Berlin' })
		const statements = async () => {
			const stats = { count: 0, ms: 0 }
			const result = await withQueryStats(stats, () => feed({}, { profile: { mediums: ['Painting', 'Video'], interests: [], timeZone: null } }))
			return { count: stats.count, options: result.options, total: result.total }
		}
		const first = await statements()
		expect(first.options.locations).toEqual(['Berlin'])
		const again = await statements()
		// The page, nothing else: its count and options were kept.
		expect(again.count).toBe(1)
		expect(again.options).toEqual(first.options)
		expect(again.total).toBe(1)

		await seed({ title: 'Call B', tags: ['video'], location: 'Accra' })
		const changed = await statements()
		expect(changed.options.locations).toEqual(['Accra', 'Berlin'])
		expect(changed.total).toBe(2)
		expect(changed.options.mediums.map((option) => option.value)).toEqual(['painting', 'video'])
	})

	test('the location filter offers the 50 places with the most open calls', async () => {
		await seed(
			...Array.from({ length: 60 }, (_, i) => ({ title: `Call in ${i}`, location: `Place ${String(i).padStart(2, '0')}` })),
			{ title: 'Second in 59', location: 'Place 59' },
		)
		const { options } = await feed()
		expect(options.locations).toHaveLength(MAX_FEED_LOCATIONS)
		expect(options.locations).toContain('Place 59')
		expect(options.locations).toEqual([...options.locations].sort())
	})

	test('filters from a hand-edited URL fall back to defaults instead of failing', async () => {
		await seed({ title: 'Only' })
		const result = await feed({ sort: 'random' as never, page: -3, mediums: 'painting' as never })
		expect(result.filters).toMatchObject({ sort: 'deadline', page: 1, mediums: [] })
		expect(titles(result)).toEqual(['Only'])
	})
})
