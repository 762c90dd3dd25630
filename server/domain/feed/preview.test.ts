import { describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { listFeedPreview } from './preview.ts'

const day = (iso: string) => new Date(`${iso}T00:00:00Z`)

describe('listFeedPreview', () => {
	test('active opportunities due today or later, soonest first, at most 24', async () => {
		const ctx = await createTestContext()
		await ctx.db.opportunity.deleteMany()
		const base = { organization: 'Org', category: 'grant' as const, url: 'https://example.test', slug: 's' }
		await ctx.db.opportunity.createMany({
			data: [
				{ ...base, title: 'Yesterday', deadline: day('2026-04-09') },
				{ ...base, title: 'Today', deadline: day('2026-04-10') },
				{ ...base, title: 'Inactive', deadline: day('2026-04-12'), active: false },
				{ ...base, title: 'No deadline', deadline: null },
				...Array.from({ length: 30 }, (_, i) => ({ ...base, title: `Later ${String(i).padStart(2, '0')}`, deadline: day('2026-05-01') })),
			],
		})
		const preview = await listFeedPreview(ctx, { now: new Date('2026-04-10T23:30:00Z') })
		expect(preview).toHaveLength(24)
		expect(preview[0]).toMatchObject({ title: 'Today', organization: 'Org', deadline: day('2026-04-10') })
		expect(preview.map((o) => o.title)).not.toContain('Yesterday')
		expect(preview.map((o) => o.title)).not.toContain('Inactive')
		expect(preview.map((o) => o.title)).not.toContain('No deadline')
	})
})
