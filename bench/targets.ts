// What the bench and `npm run bench:profile` load, so a profile measures the very requests the
// bench does: the feed's variants, signed-in pages rotating over artists, the draft page, autosave.
import { rotation, trpcMutation, type Target } from './measure.ts'
import type { DraftFixture, Visitor } from './seed.ts'

/** The feed's variants: the default, filtered by the artist's own first medium and interest, best match. */
export const FEEDS = [
	{ name: 'feed', quick: true, path: () => '/portal/feed' },
	{
		name: 'feed, filtered',
		quick: false,
		path: (visitor: Visitor) => `/portal/feed?medium=${encodeURIComponent(visitor.medium)}&type=${encodeURIComponent(visitor.interest)}`,
	},
	{ name: 'feed, best match', quick: true, path: () => '/portal/feed?sort=match' },
] as const

/** A signed-in page requested as the next of `visitors` in turn, each with their own cookie. */
export function asVisitors(name: string, visitors: Visitor[], pathFor: (visitor: Visitor) => string): Target {
	const next = rotation(visitors)
	return {
		name,
		rotate: () => {
			const visitor = next()
			return { path: pathFor(visitor), headers: { cookie: visitor.cookie } }
		},
	}
}

/** Each draft's page in turn, as its owner. */
export function draftPages(drafts: DraftFixture[]): Target {
	const next = rotation(drafts)
	return {
		name: 'draft',
		rotate: () => {
			const draft = next()
			return { path: `/portal/drafts/${draft.draftId}`, headers: { cookie: draft.cookie } }
		},
	}
}

/**
 * drafts.saveAnswer over tRPC, as the editor sends it, rotating over every seeded answer with a
 * revision that only grows. Far more answers than connections, so two saves of one answer are never
 * in flight together (a save that arrived after a newer one would change nothing, and cost less).
 */
export function autosaves(origin: string, drafts: DraftFixture[]): Target {
	const next = rotation(drafts.flatMap((draft) => draft.answerIds.map((answerId) => ({ cookie: draft.cookie, answerId }))))
	let revision = 0
	return {
		name: 'autosave',
		rotate: () => {
			const { cookie, answerId } = next()
			revision += 1
			return trpcMutation(origin, cookie, 'drafts.saveAnswer', { answerId, userEdit: `An edited answer, revision ${revision}.`, revision })
		},
	}
}
