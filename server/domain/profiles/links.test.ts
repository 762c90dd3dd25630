import { describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { createUser } from '#tests/factories.ts'
import { MAX_PROFILE_LINKS, TOO_MANY_LINKS_MESSAGE } from './choices.ts'
import { addLink, listLinks, removeLink } from './links.ts'

describe('profile links', () => {
	test('adding needs a non-blank, valid URL and a known kind', async () => {
		const ctx = await createTestContext()
		const user = await createUser(ctx.db)
		await expect(addLink(ctx, user.id, { kind: 'press', url: '   ' })).rejects.toMatchObject({
			code: 'INVALID',
			fieldErrors: { url: ['URL is required'] },
		})
		await expect(addLink(ctx, user.id, { kind: 'press', url: 'ftp://example.com' })).rejects.toMatchObject({
			fieldErrors: { url: ['Must be a valid URL'] },
		})
		// Too long is said alone, not with "Must be a valid URL" beside it.
		await expect(addLink(ctx, user.id, { kind: 'press', url: `https://${'a'.repeat(2100)}.example.com` })).rejects.toMatchObject({
			fieldErrors: { url: ['URL is too long'] },
		})
		// A password in a link would be shown with it and sent to the drafting model.
		for (const url of ['https://me:secret@example.com', 'me@example.com/work']) {
			await expect(addLink(ctx, user.id, { kind: 'press', url })).rejects.toMatchObject({
				fieldErrors: { url: ['Remove the user name and password from the URL'] },
			})
		}
		await expect(addLink(ctx, user.id, { kind: 'blog', url: 'https://example.com' })).rejects.toMatchObject({
			fieldErrors: { kind: ['Choose a link type'] },
		})
		for (const kind of ['press', 'social', 'portfolio', 'instagram', 'other']) {
			await addLink(ctx, user.id, { kind, url: `${kind}.example.com` })
		}
		// An @ in the path is no user name.
		await addLink(ctx, user.id, { kind: 'social', url: 'https://social.example.com/@me' })
		const links = await listLinks(ctx, user.id)
		expect(links.map((link) => link.url)).toEqual([
			'https://social.example.com/@me',
			...['other', 'instagram', 'portfolio', 'social', 'press'].map((kind) => `https://${kind}.example.com`),
		])
	})

	test("removing works on one's own links only", async () => {
		const ctx = await createTestContext()
		const [user, other] = [await createUser(ctx.db), await createUser(ctx.db)]
		const link = await addLink(ctx, user.id, { kind: 'press', url: 'https://example.com/review' })
		await expect(removeLink(ctx, other.id, { linkId: link.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
		await removeLink(ctx, user.id, { linkId: link.id })
		expect(await listLinks(ctx, user.id)).toEqual([])
	})

	test(`a profile keeps at most ${MAX_PROFILE_LINKS} links, even when adds arrive at once`, async () => {
		const ctx = await createTestContext()
		const user = await createUser(ctx.db)
		for (let index = 0; index < MAX_PROFILE_LINKS - 3; index++) await addLink(ctx, user.id, { kind: 'press', url: `https://example.com/review-${index}` })
		// Eight at once for the last three places.
		const adds = Array.from({ length: 8 }, (_, index) => addLink(ctx, user.id, { kind: 'other', url: `https://example.com/at-once-${index}` }))
		const outcomes = await Promise.allSettled(adds)
		expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3)
		for (const outcome of outcomes.filter((outcome) => outcome.status === 'rejected')) {
			expect(outcome.reason).toMatchObject({ code: 'INVALID', fieldErrors: { url: [TOO_MANY_LINKS_MESSAGE] } })
		}
		expect(await listLinks(ctx, user.id)).toHaveLength(MAX_PROFILE_LINKS)
		// Removing one makes room for one.
		await removeLink(ctx, user.id, { linkId: (await listLinks(ctx, user.id))[0]!.id })
		await addLink(ctx, user.id, { kind: 'other', url: 'https://example.com/last' })
	})
})
