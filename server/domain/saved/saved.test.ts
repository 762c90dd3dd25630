import { beforeAll, describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { createActors, createOpportunity } from '#tests/factories.ts'
import type { AppContext } from '#server/context.ts'
import type { Actor } from '#server/domain/actor.ts'
import { saveOpportunity, unsaveOpportunity } from './saved.ts'

let ctx: AppContext
let artist: Actor
let other: Actor

beforeAll(async () => {
	ctx = await createTestContext()
	const actors = await createActors(ctx.db)
	artist = actors.user
	other = actors.admin
})

const savedIds = async (actor: Actor) =>
	(await ctx.db.savedOpportunity.findMany({ where: { userId: actor.id }, select: { opportunityId: true } })).map((row) => row.opportunityId)

describe('saving an opportunity', () => {
	test('saves it for the actor only, and saving twice is the same as once', async () => {
		const opportunity = await createOpportunity(ctx.db)
		expect(await saveOpportunity(ctx, artist, { opportunityId: opportunity.id })).toEqual({
			opportunityId: opportunity.id,
			title: opportunity.title,
			saved: true,
		})
		await saveOpportunity(ctx, artist, { opportunityId: opportunity.id })
		expect(await savedIds(artist)).toEqual([opportunity.id])
		expect(await savedIds(other)).toEqual([])
	})

	test('an upper-case id names the same opportunity', async () => {
		const opportunity = await createOpportunity(ctx.db)
		await saveOpportunity(ctx, other, { opportunityId: opportunity.id.toUpperCase() })
		expect(await savedIds(other)).toContain(opportunity.id)
	})

	test('an inactive, unknown or malformed opportunity is NOT_FOUND and nothing is saved', async () => {
		const hidden = await createOpportunity(ctx.db)
		await ctx.db.opportunity.update({ where: { id: hidden.id }, data: { active: false } })
		const before = await savedIds(artist)
		await expect(saveOpportunity(ctx, artist, { opportunityId: hidden.id })).rejects.toMatchObject({
			code: 'NOT_FOUND',
			message: `Opportunity "${hidden.id}" not found.`,
		})
		for (const opportunityId of ['00000000-0000-4000-8000-000000000000', "1' OR 1=1"]) {
			await expect(saveOpportunity(ctx, artist, { opportunityId })).rejects.toMatchObject({ code: 'NOT_FOUND' })
		}
		expect(await savedIds(artist)).toEqual(before)
	})

	test('a missing id is INVALID with a message a person can act on', async () => {
		for (const input of [{}, { opportunityId: '  ' }]) {
			await expect(saveOpportunity(ctx, artist, input)).rejects.toMatchObject({ code: 'INVALID', message: 'Choose an opportunity to save' })
		}
	})

	test('saving the same opportunity from two requests at once saves it once, without an error', async () => {
		const opportunity = await createOpportunity(ctx.db)
		const results = await Promise.all(Array.from({ length: 5 }, () => saveOpportunity(ctx, other, { opportunityId: opportunity.id })))
		expect(results.every((result) => result.saved)).toBe(true)
		expect(await ctx.db.savedOpportunity.count({ where: { userId: other.id, opportunityId: opportunity.id } })).toBe(1)
	})
})

describe('unsaving an opportunity', () => {
	test("removes the actor's row only, and unsaving twice is the same as once", async () => {
		const opportunity = await createOpportunity(ctx.db)
		await saveOpportunity(ctx, artist, { opportunityId: opportunity.id })
		await saveOpportunity(ctx, other, { opportunityId: opportunity.id })
		expect(await unsaveOpportunity(ctx, artist, { opportunityId: opportunity.id })).toEqual({ opportunityId: opportunity.id, saved: false })
		expect(await unsaveOpportunity(ctx, artist, { opportunityId: opportunity.id })).toEqual({ opportunityId: opportunity.id, saved: false })
		expect(await savedIds(artist)).not.toContain(opportunity.id)
		expect(await savedIds(other)).toContain(opportunity.id)
	})

	test('works for an opportunity hidden since it was saved, so it can still be let go', async () => {
		const opportunity = await createOpportunity(ctx.db)
		await saveOpportunity(ctx, artist, { opportunityId: opportunity.id })
		await ctx.db.opportunity.update({ where: { id: opportunity.id }, data: { active: false } })
		await unsaveOpportunity(ctx, artist, { opportunityId: opportunity.id })
		expect(await savedIds(artist)).not.toContain(opportunity.id)
	})

	test('a malformed id is NOT_FOUND, never a database error', async () => {
		await expect(unsaveOpportunity(ctx, artist, { opportunityId: 'not-a-uuid' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
	})
})

test('a deleted opportunity takes its saved rows with it', async () => {
	const opportunity = await createOpportunity(ctx.db)
	await saveOpportunity(ctx, artist, { opportunityId: opportunity.id })
	await ctx.db.opportunity.delete({ where: { id: opportunity.id } })
	expect(await ctx.db.savedOpportunity.count({ where: { opportunityId: opportunity.id } })).toBe(0)
})
