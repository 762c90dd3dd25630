import { describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { createUser } from '#tests/factories.ts'
import type { RecordingJobs } from '#tests/fakes/recording-jobs.ts'
import { assertReadyToComplete, completeOnboarding, getOnboarding, saveOnboardingStep } from './onboarding.ts'

const step1 = { fullName: '  Ada Lovelace ', city: ' Lisbon', country: 'Portugal ' }
const step2 = { mediums: ['Sculpture', 'Painting', 'Painting'], interests: ['residencies'] }

async function setup() {
	const ctx = await createTestContext()
	const user = await createUser(ctx.db)
	return { ctx, user, jobs: ctx.jobs as RecordingJobs }
}

async function reachStep4(ctx: Awaited<ReturnType<typeof setup>>['ctx'], userId: string, step3: unknown) {
	await saveOnboardingStep(ctx, userId, { step: 1, values: step1, move: 'next' })
	await saveOnboardingStep(ctx, userId, { step: 2, values: step2, move: 'next' })
	await saveOnboardingStep(ctx, userId, { step: 3, values: step3, move: 'next' })
}

describe('onboarding steps', () => {
	test('step 1 needs a name, city and country; answers are trimmed and kept on the server', async () => {
		const { ctx, user } = await setup()
		await expect(
			saveOnboardingStep(ctx, user.id, { step: 1, values: { fullName: ' ', city: 'Lisbon' }, move: 'next' }),
		).rejects.toMatchObject({ code: 'INVALID', fieldErrors: { fullName: ['Full name is required'], country: ['Country is required'] } })
		expect((await getOnboarding(ctx, user.id)).step).toBe(1)

		expect(await saveOnboardingStep(ctx, user.id, { step: '1', values: step1, move: 'next' })).toBe(2)
		const progress = await getOnboarding(ctx, user.id)
		expect(progress).toMatchObject({ completed: false, step: 2, values: { fullName: 'Ada Lovelace', city: 'Lisbon', country: 'Portugal' } })
	})

	test('step 2 needs at least one medium and one interest, from the lists', async () => {
		const { ctx, user } = await setup()
		await saveOnboardingStep(ctx, user.id, { step: 1, values: step1, move: 'next' })
		await expect(
			saveOnboardingStep(ctx, user.id, { step: 2, values: { mediums: [], interests: [] }, move: 'next' }),
		).rejects.toMatchObject({ fieldErrors: { mediums: ['Select at least one medium'], interests: ['Select at least one interest'] } })
		await expect(
			saveOnboardingStep(ctx, user.id, { step: 2, values: { mediums: ['Painting', 'Knitting'], interests: ['grants'] }, move: 'next' }),
		).rejects.toMatchObject({ code: 'INVALID', fieldErrors: { mediums: ['Choose from the list'] } })
		expect(await saveOnboardingStep(ctx, user.id, { step: 2, values: step2, move: 'next' })).toBe(3)
		// Kept in the list's order, without duplicates.
		expect((await getOnboarding(ctx, user.id)).values.mediums).toEqual(['Painting', 'Sculpture'])
	})

	test('a step cannot be skipped, but a reached step can be submitted again', async () => {
		const { ctx, user } = await setup()
		expect(await saveOnboardingStep(ctx, user.id, { step: 3, values: { links: [] }, move: 'next' })).toBe(1)
		await saveOnboardingStep(ctx, user.id, { step: 1, values: step1, move: 'next' })
		expect(
			await saveOnboardingStep(ctx, user.id, { step: 1, values: { ...step1, city: 'Porto' }, move: 'next' }),
		).toBe(2)
		expect((await getOnboarding(ctx, user.id)).values.city).toBe('Porto')
	})

	test('previous goes back without failing, keeping only valid answers', async () => {
		const { ctx, user } = await setup()
		await saveOnboardingStep(ctx, user.id, { step: 1, values: step1, move: 'next' })
		expect(await saveOnboardingStep(ctx, user.id, { step: 2, values: { mediums: [] }, move: 'previous' })).toBe(1)
		expect((await getOnboarding(ctx, user.id)).values.mediums).toEqual([])
	})

	test('step 3 takes an optional website and at most 3 links; URLs must be valid', async () => {
		const { ctx, user } = await setup()
		await saveOnboardingStep(ctx, user.id, { step: 1, values: step1, move: 'next' })
		await saveOnboardingStep(ctx, user.id, { step: 2, values: step2, move: 'next' })
		const link = { kind: 'press', url: 'https://news.example.com/ada' }
		await expect(
			saveOnboardingStep(ctx, user.id, { step: 3, values: { links: [link, link, link, link] }, move: 'next' }),
		).rejects.toMatchObject({ fieldErrors: { links: ['Add at most 3 links'] } })
		await expect(
			saveOnboardingStep(ctx, user.id, {
				step: 3,
				values: { websiteUrl: 'javascript:alert(1)', links: [{ kind: 'instagram', url: 'not a url' }] },
				move: 'next',
			}),
		).rejects.toMatchObject({ fieldErrors: { websiteUrl: ['Must be a valid URL'], 'links.0.url': ['Must be a valid URL'] } })
		// Too long: said alone, for the optional website as for the links.
		const long = `https://${'a'.repeat(2100)}.example.com`
		await expect(saveOnboardingStep(ctx, user.id, { step: 3, values: { websiteUrl: long, links: [{ kind: 'instagram', url: long }] }, move: 'next' })).rejects.toMatchObject({
			fieldErrors: { websiteUrl: ['URL is too long'], 'links.0.url': ['URL is too long'] },
		})
		expect(await saveOnboardingStep(ctx, user.id, { step: 3, values: { websiteUrl: '', links: [] }, move: 'next' })).toBe(4)
	})

	test('step 4 is finished by completing, not by next', async () => {
		const { ctx, user } = await setup()
		await reachStep4(ctx, user.id, {})
		await expect(saveOnboardingStep(ctx, user.id, { step: 4, values: {}, move: 'next' })).rejects.toMatchObject({ code: 'INVALID' })
		expect(await saveOnboardingStep(ctx, user.id, { step: 4, values: {}, move: 'previous' })).toBe(3)
	})
})

describe('completing onboarding', () => {
	test('writes the profile, saves the non-blank links, clears the answers and queues the ingest', async () => {
		const { ctx, user, jobs } = await setup()
		await reachStep4(ctx, user.id, {
			websiteUrl: 'ada.example.com',
			links: [
				{ kind: 'instagram', url: 'https://instagram.com/ada' },
				{ kind: 'press', url: '   ' },
				{ kind: 'other', url: 'https://blog.example.com' },
			],
		})
		// Blank rows stay in the form while onboarding, so a reload shows the same rows.
		expect((await getOnboarding(ctx, user.id)).values.links).toHaveLength(3)

		expect(await completeOnboarding(ctx, user.id)).toEqual({ completed: true })
		const profile = await ctx.db.profile.findUniqueOrThrow({ where: { userId: user.id } })
		expect(profile).toMatchObject({
			fullName: 'Ada Lovelace',
			city: 'Lisbon',
			country: 'Portugal',
			mediums: ['Painting', 'Sculpture'],
			interests: ['residencies'],
			websiteUrl: 'https://ada.example.com',
			onboardingCompleted: true,
			onboardingData: null,
		})
		const links = await ctx.db.userLink.findMany({ where: { userId: user.id }, select: { kind: true, url: true } })
		expect(links).toHaveLength(2)
		expect(links).toEqual(
			expect.arrayContaining([
				{ kind: 'instagram', url: 'https://instagram.com/ada' },
				{ kind: 'other', url: 'https://blog.example.com' },
			]),
		)
		expect(jobs.sent.map((job) => [job.name, job.data])).toEqual([['profile.ingest', { userId: user.id }]])

		// Submitting again changes nothing.
		await expect(completeOnboarding(ctx, user.id)).rejects.toMatchObject({ code: 'CONFLICT' })
		expect(await ctx.db.userLink.count({ where: { userId: user.id } })).toBe(2)
	})

	test('a website left blank is saved as null', async () => {
		const { ctx, user } = await setup()
		await reachStep4(ctx, user.id, { websiteUrl: '  ', links: [{ kind: 'other', url: '' }] })
		await completeOnboarding(ctx, user.id)
		const profile = await ctx.db.profile.findUniqueOrThrow({ where: { userId: user.id } })
		expect(profile.websiteUrl).toBeNull()
		expect(await ctx.db.userLink.count({ where: { userId: user.id } })).toBe(0)
	})

	test('cannot complete before the last step', async () => {
		const { ctx, user } = await setup()
		await saveOnboardingStep(ctx, user.id, { step: 1, values: step1, move: 'next' })
		await expect(assertReadyToComplete(ctx, user.id)).rejects.toMatchObject({
			code: 'INVALID',
			message: 'Step 2 is not complete yet.',
		})
		await expect(completeOnboarding(ctx, user.id)).rejects.toMatchObject({ code: 'INVALID' })
		expect((await ctx.db.profile.findUniqueOrThrow({ where: { userId: user.id } })).onboardingCompleted).toBe(false)
	})
})
