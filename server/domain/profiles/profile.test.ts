import { describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { createUser } from '#tests/factories.ts'
import { getProfileBasics, updateProfileBasics } from './profile.ts'

describe('editing the profile basics', () => {
	test('validates like onboarding and saves trimmed values', async () => {
		const ctx = await createTestContext()
		const user = await createUser(ctx.db, { onboardingCompleted: true })
		await expect(
			updateProfileBasics(ctx, user.id, { fullName: 'Ada', city: '', country: 'PT', mediums: ['Mixed Media'], interests: [] }),
		).rejects.toMatchObject({ fieldErrors: { city: ['City is required'], interests: ['Select at least one interest'] } })

		await updateProfileBasics(ctx, user.id, {
			fullName: ' Ada L. ',
			city: 'Porto',
			country: 'Portugal',
			mediums: ['Mixed Media'],
			interests: ['exhibitions', 'competitions'],
			websiteUrl: 'https://ada.example.com/work',
		})
		expect(await getProfileBasics(ctx, user.id)).toMatchObject({
			fullName: 'Ada L.',
			city: 'Porto',
			mediums: ['Mixed Media'],
			interests: ['exhibitions', 'competitions'],
			websiteUrl: 'https://ada.example.com/work',
		})
	})

	test('keeps a chosen time zone, refuses an unknown one, and blank means automatic', async () => {
		const ctx = await createTestContext()
		const user = await createUser(ctx.db, { onboardingCompleted: true })
		const basics = { fullName: 'Ada', city: 'Apia', country: 'Samoa', mediums: ['Painting'], interests: ['grants'] }
		await updateProfileBasics(ctx, user.id, { ...basics, timeZone: 'Pacific/Apia' })
		expect(await getProfileBasics(ctx, user.id)).toMatchObject({ timeZone: 'Pacific/Apia' })

		await expect(updateProfileBasics(ctx, user.id, { ...basics, timeZone: 'Mars/Olympus_Mons' })).rejects.toMatchObject({
			fieldErrors: { timeZone: ['Choose a time zone from the list'] },
		})
		expect(await getProfileBasics(ctx, user.id)).toMatchObject({ timeZone: 'Pacific/Apia' })

		await updateProfileBasics(ctx, user.id, { ...basics, timeZone: '' })
		expect(await getProfileBasics(ctx, user.id)).toMatchObject({ timeZone: null })
	})
})
