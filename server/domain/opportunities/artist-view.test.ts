import { beforeAll, describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { createUser } from '#tests/factories.ts'
import type { AppContext } from '#server/context.ts'
import type { Actor } from '#server/domain/actor.ts'
import { getOpportunityForArtist } from './artist-view.ts'

let ctx: AppContext
let artist: Actor

beforeAll(async () => {
	ctx = await createTestContext()
	artist = { id: (await createUser(ctx.db, { onboardingCompleted: true })).id, role: 'user' }
})

async function opportunity(active = true) {
	return ctx.db.opportunity.create({
		data: {
			title: 'Studio Grant',
			organization: 'Arts Council',
			url: 'https://example.org/grant',
			category: 'grant',
			slug: 'studio-grant',
			deadline: new Date('2026-01-05T00:00:00Z'),
			tags: ['painting'],
			description: 'Line one\nLine two',
			active,
			questions: {
				create: [
					{ label: 'Second question', slug: 'second', prompt: 'Second question', orderIndex: 1, idx: 1 },
					{ label: 'First question', slug: 'first', prompt: 'First question', orderIndex: 0, idx: 0, required: true, limitType: 'words', limitValue: 300 },
				],
			},
		},
	})
}

describe('getOpportunityForArtist', () => {
	test('returns the active opportunity with its questions in order and the deadline as a calendar date', async () => {
		const { id } = await opportunity()
		const view = await getOpportunityForArtist(ctx, artist, { id })
		expect(view).toMatchObject({ title: 'Studio Grant', deadline: '2026-01-05', description: 'Line one\nLine two', saved: false })
		expect(view.questions.map((question) => [question.slug, question.required, question.limitValue])).toEqual([
			['first', true, 300],
			['second', false, null],
		])
	})

	test("says whether this artist saved it, not whether anyone did", async () => {
		const { id } = await opportunity()
		const other = await createUser(ctx.db, { onboardingCompleted: true })
		await ctx.db.savedOpportunity.create({ data: { userId: other.id, opportunityId: id } })
		expect((await getOpportunityForArtist(ctx, artist, { id })).saved).toBe(false)
		await ctx.db.savedOpportunity.create({ data: { userId: artist.id, opportunityId: id } })
		expect((await getOpportunityForArtist(ctx, artist, { id })).saved).toBe(true)
	})

	test('an inactive, unknown or malformed id is not found', async () => {
		const { id } = await opportunity(false)
		for (const candidate of [id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
			await expect(getOpportunityForArtist(ctx, artist, { id: candidate })).rejects.toMatchObject({ code: 'NOT_FOUND' })
		}
	})
})
