import { describe, expect, test } from 'vitest'
import { draftAllowance } from './allowance.ts'

describe('draftAllowance', () => {
	test('Pro drafts without limit, even with no credits', () => {
		expect(draftAllowance({ plan: 'pro', creditsRemaining: 0 })).toMatchObject({ unlimited: true, canDraft: true })
	})

	test('a free plan needs a credit: the balance decides, not how many drafts were made', () => {
		expect(draftAllowance({ plan: 'free', creditsRemaining: 1 })).toMatchObject({ unlimited: false, canDraft: true })
		expect(draftAllowance({ plan: 'free', creditsRemaining: 0 })).toMatchObject({ unlimited: false, canDraft: false })
	})
})
