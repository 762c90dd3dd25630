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
})
