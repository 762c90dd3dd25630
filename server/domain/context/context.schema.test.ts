import { describe, expect, test } from 'vitest'
import { backToDraftOf, contextPagePath } from './context.schema.ts'

const draftId = '0b6f9d1e-4c1a-4f7e-9a57-3f2d5c8e1a20'
const opportunityId = '9a0c2b1d-7e3f-4a5b-8c6d-1e2f3a4b5c6d'

describe("the context page's way back to a draft", () => {
	test("the opportunity's context opened from a draft carries the draft, and reads it back", () => {
		const path = contextPagePath({ opportunityId, slug: 'artist-statement', backToDraft: draftId })
		expect(path).toBe(`/portal/opportunities/${opportunityId}/context/artist-statement?backTo=${draftId}`)
		expect(backToDraftOf(new URL(path, 'http://localhost'))).toBe(draftId)
	})

	test("a draft's own context needs no way back: the draft is its owner", () => {
		const path = contextPagePath({ opportunityId, slug: 'artist-statement', draftId, backToDraft: draftId })
		expect(path).toBe(`/portal/opportunities/${opportunityId}/context/artist-statement?draftId=${draftId}`)
		expect(backToDraftOf(new URL(path, 'http://localhost'))).toBeNull()
	})

	test('anything but a draft id leads nowhere else', () => {
		for (const backTo of ['https://evil.example/', '//evil.example', '../../admin', `${draftId}/delete`, ''])
			expect(backToDraftOf(new URL(`/x?${new URLSearchParams({ backTo })}`, 'http://localhost')), backTo).toBeNull()
	})
})
