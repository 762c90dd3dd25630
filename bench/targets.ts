// What the bench and `npm run bench:profile` load, so a profile measures the very requests the
// bench does: the feed's variants, signed-in pages rotating over artists, the draft page, autosave.
import pg from 'pg'
import { rotation, trpcMutation, type Target } from './measure.ts'
import { growCatalogue, opportunityWithQuestions, seedArtists, seedDrafts, vacuumAnalyze, type DraftFixture, type Visitor } from './seed.ts'

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
export function autosaves(origin: string, drafts: DraftFixture[], { name = 'autosave', procedure = 'drafts.saveAnswer' } = {}): Target {
	const next = rotation(drafts.flatMap((draft) => draft.answerIds.map((answerId) => ({ cookie: draft.cookie, answerId }))))
	let revision = 0
	return {
		name,
		rotate: () => {
			const { cookie, answerId } = next()
			revision += 1
			return trpcMutation(origin, cookie, procedure, { answerId, userEdit: `An edited answer, revision ${revision}.`, revision })
		},
	}
}

/**
 * The same requests (cookies, headers and bodies) sent to the stack's floor
 * (bench/floor-server.tsx), at `/trpc/save`, whose procedure takes the same input and only sends
 * two trivial statements.
 */
export function floorSaves(origin: string, drafts: DraftFixture[]): Target {
	return autosaves(origin, drafts, { name: 'floor: tRPC mutation', procedure: 'save' })
}

/** The pages `npm run bench:profile` and `npm run bench:cpu` load one at a time. */
export const PAGES = ['landing', 'feed', 'filtered', 'match', 'opportunity', 'draft', 'admin', 'autosave'] as const
export type Page = (typeof PAGES)[number]

/**
 * The page a command line names, or exit: with the usage for --help, with an error for no page or
 * an unknown one. Called before anything starts, so a mistyped name leaves no server holding ports.
 */
export function pageOrExit(named: string | undefined, { help, usage }: { help: boolean | undefined; usage: string }): Page {
	if (help) {
		console.log(usage)
		process.exit(0)
	}
	if (!named || !(PAGES as readonly string[]).includes(named)) {
		console.error(`${named ? `no page named "${named}"\n\n` : ''}${usage}`)
		process.exit(2)
	}
	return named as Page
}

type OnePageFixtures = { artists: Visitor[]; admins: Visitor[]; drafts: DraftFixture[]; opportunityId: string }

/** What one page's load needs, seeded as the bench does on a smaller scale: 200 artists, 5 admins, 20 drafts. */
export async function seedForOnePage(databaseUrl: string, grow: number): Promise<OnePageFixtures> {
	const db = new pg.Client({ connectionString: databaseUrl })
	await db.connect()
	try {
		const { artists, admins } = await seedArtists(db, { count: 200, admins: 5 })
		const drafts = await seedDrafts(db, artists.slice(0, 20))
		if (grow > 0) await growCatalogue(db, grow)
		await vacuumAnalyze(db)
		const opportunityId = await opportunityWithQuestions(db, 1)
		return { artists, admins, drafts, opportunityId }
	} finally {
		await db.end()
	}
}

export function pageTarget(page: Page, { artists, admins, drafts, opportunityId }: OnePageFixtures, origin: string): Target {
	const feed = (feedName: (typeof FEEDS)[number]['name']) => asVisitors(page, artists, FEEDS.find((one) => one.name === feedName)!.path)
	switch (page) {
		case 'landing':
			return { name: page, fixed: { path: '/' } }
		case 'feed':
			return feed('feed')
		case 'filtered':
			return feed('feed, filtered')
		case 'match':
			return feed('feed, best match')
		case 'opportunity':
			return asVisitors(page, artists, () => `/portal/opportunities/${opportunityId}`)
		case 'admin':
			return asVisitors(page, admins, () => '/admin')
		case 'draft':
			return draftPages(drafts)
		case 'autosave':
			return autosaves(origin, drafts)
	}
}
