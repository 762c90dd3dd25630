import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { createE2eSession, createE2eUser, withE2eDb } from './support/e2e-db.ts'
import { ROOT } from './support/own-server.ts'

/*
 * Who may open which page (spec section 2's route table, section 4's guards and section 6's
 * roles), checked over HTTP without following redirects, for six visitors: signed out, signed in
 * without a profile, an artist, another artist, a Pro artist and an admin. The rows are checked
 * against app/routes itself: a new route without a row fails the first test, so none is forgotten.
 * (Procedures are listed the same way in server/trpc/router.test.ts.)
 */

type Persona = 'anonymous' | 'notOnboarded' | 'artist' | 'otherArtist' | 'pro' | 'admin'
type Expected = number | { redirect: string }
type Row = { route: string; path: string; expected: Record<Persona, Expected> }

const PERSONAS: Persona[] = ['anonymous', 'notOnboarded', 'artist', 'otherArtist', 'pro', 'admin']
const SOME_ID = '00000000-0000-4000-8000-000000000000'
const OPPORTUNITY_ID = '00000000-0000-4000-8000-0000000a0001'
/** The artist's own draft (created in beforeAll). */
const DRAFT_ID = '00000000-0000-4000-8000-0000000d0001'
const toSignIn = (path: string) => ({ redirect: `/signin?${new URLSearchParams({ redirectTo: path })}` })
const toOnboarding = { redirect: '/onboarding' }
const toFeed = { redirect: '/portal/feed' }
const toDrafts = { redirect: '/portal/drafts' }

const same = (expected: Expected) => Object.fromEntries(PERSONAS.map((persona) => [persona, expected])) as Record<Persona, Expected>
/** Anyone, signed in or not, gets the same. */
const everyone = (route: string, path: string, expected: Expected): Row => ({ route, path, expected: same(expected) })
/** Portal pages: onboarded users only. */
const portal = (route: string, path: string, signedIn: Expected): Row => ({
	route,
	path,
	expected: { ...same(signedIn), anonymous: toSignIn(path), notOnboarded: toOnboarding },
})
/** The artist's own things: everyone else onboarded is told it is not there. */
const owned = (route: string, path: string, owner: Expected, others: Expected): Row => ({
	route,
	path,
	expected: { anonymous: toSignIn(path), notOnboarded: toOnboarding, artist: owner, otherArtist: others, pro: others, admin: others },
})
/** Admin pages: onboarded admins only; other users go to the feed. */
const admin = (route: string, path: string, forAdmin: Expected): Row => ({
	route,
	path,
	expected: { ...same(toFeed), anonymous: toSignIn(path), notOnboarded: toOnboarding, admin: forAdmin },
})
/** Signed-out pages (sign-in): the signed-in go to the feed. */
const signedOut = (route: string, path: string, expected: Expected): Row => ({ route, path, expected: { ...same(toFeed), anonymous: expected } })

const MATRIX: Row[] = [
	everyone('/', '/', 200),
	signedOut('/signin', '/signin', 200),
	// Signing out is a POST; GET offers the button to those signed in (tested below).
	{ route: '/signout', path: '/signout', expected: { ...same(200), anonymous: { redirect: '/' } } },
	everyone('/forgot-password', '/forgot-password', 200),
	// E-mailed links without a valid token say so (400) to anyone.
	everyone('/reset-password', '/reset-password', 400),
	everyone('/account/email', '/account/email', 400),
	everyone('/auth/magic', '/auth/magic', 400),
	everyone('/auth/confirm', '/auth/confirm', 400),
	// The setup link without its token offers nothing.
	everyone('/setup', '/setup', 200),
	everyone('/pricing', '/pricing', 200),
	everyone('/billing/success', '/billing/success?success=true', 200),
	everyone('/billing/success', '/billing/success', toFeed),
	everyone('/billing/cancel', '/billing/cancel', 200),
	// Checkout and the portal are forms; a GET goes back to where they are offered.
	everyone('/billing/checkout', '/billing/checkout', { redirect: '/pricing' }),
	everyone('/billing/portal', '/billing/portal', { redirect: '/portal/profile' }),
	// A calendar feed is found by its secret token alone.
	everyone('/calendar/:file', '/calendar/not-a-token.ics', 404),
	// The outbox page is on in the e2e server (OUTBOX_PAGE): for tests, never on a public server.
	everyone('/dev/outbox', '/dev/outbox', 200),
	everyone('/dev/outbox/:id', `/dev/outbox/${SOME_ID}`, 404),
	everyone('/api/profile/ingest', '/api/profile/ingest', 405),
	{ route: '/onboarding', path: '/onboarding', expected: { ...same(toFeed), anonymous: toSignIn('/onboarding'), notOnboarded: 200 } },
	portal('/portal', '/portal', toFeed),
	portal('/portal/feed', '/portal/feed', 200),
	portal('/portal/profile', '/portal/profile', 200),
	portal('/portal/calendar', '/portal/calendar', 200),
	portal('/portal/account', '/portal/account', 200),
	portal('/portal/drafts', '/portal/drafts', 200),
	portal('/portal/*', '/portal/no-such-page', 404),
	owned('/portal/drafts/:id', `/portal/drafts/${DRAFT_ID}`, 200, toDrafts),
	owned('/portal/drafts/:id/download', `/portal/drafts/${DRAFT_ID}/download`, 200, toDrafts),
	// PDF and Word are Pro's: the free owner is offered Pro on the draft's page.
	owned('/portal/drafts/:id/export/:format', `/portal/drafts/${DRAFT_ID}/export/pdf`, { redirect: `/portal/drafts/${DRAFT_ID}?upgrade=export` }, toDrafts),
	owned('/portal/drafts/:id/delete', `/portal/drafts/${DRAFT_ID}/delete`, 200, toDrafts),
	portal('/portal/drafts/:id', `/portal/drafts/${SOME_ID}`, toDrafts),
	// An active opportunity (created in beforeAll); an unknown one goes back to the feed with a toast.
	portal('/portal/opportunities/:id', `/portal/opportunities/${OPPORTUNITY_ID}`, 200),
	portal('/portal/opportunities/:id', `/portal/opportunities/${SOME_ID}`, toFeed),
	// The save toggle is a form; a GET goes to the opportunity's page.
	portal('/portal/opportunities/:id/save', `/portal/opportunities/${OPPORTUNITY_ID}/save`, { redirect: `/portal/opportunities/${OPPORTUNITY_ID}` }),
	// The context page of a question the opportunity does not have goes back to the opportunity.
	portal('/portal/opportunities/:id/context/:slug', `/portal/opportunities/${OPPORTUNITY_ID}/context/no-such-question`, {
		redirect: `/portal/opportunities/${OPPORTUNITY_ID}`,
	}),
	portal('/portal/opportunities/:id/context/:slug', `/portal/opportunities/${OPPORTUNITY_ID}/context/statement`, 200),
	everyone('/portal/opportunities/:id/context/:slug/save', `/portal/opportunities/${OPPORTUNITY_ID}/context/statement/save`, 405),
	// The preferences form answers its posts; a GET goes to the feed.
	everyone('/portal/preferences', '/portal/preferences', toFeed),
	// Files are their owner's (onboarding uploads them before the profile is complete); anyone else
	// gets the 404 of an id that does not exist (tested below with real files).
	{ route: '/files/:assetId', path: `/files/${SOME_ID}`, expected: { ...same(404), anonymous: toSignIn(`/files/${SOME_ID}`) } },
	{ route: '/files/context/:fileId', path: `/files/context/${SOME_ID}`, expected: { ...same(404), anonymous: toSignIn(`/files/context/${SOME_ID}`) } },
	admin('/admin', '/admin', 200),
	admin('/admin/*', '/admin/no-such-page', 404),
	admin('/admin/users', '/admin/users', 200),
	admin('/admin/users/:userId', `/admin/users/${SOME_ID}`, 404),
	admin('/admin/opportunities', '/admin/opportunities', 200),
	admin('/admin/opportunities/new', '/admin/opportunities/new', 200),
	// An opportunity that exists (created in beforeAll); an unknown one goes back to /admin with a toast.
	admin('/admin/opportunities/:id', `/admin/opportunities/${OPPORTUNITY_ID}`, 200),
	admin('/admin/opportunities/:id', `/admin/opportunities/${SOME_ID}`, { redirect: '/admin' }),
	admin('/admin/opportunities/:id/delete', `/admin/opportunities/${OPPORTUNITY_ID}/delete`, 200),
	admin('/admin/opportunities/:id/questions', `/admin/opportunities/${OPPORTUNITY_ID}/questions`, 200),
	admin('/admin/opportunities/:id/questions/new', `/admin/opportunities/${OPPORTUNITY_ID}/questions/new`, 200),
	admin('/admin/opportunities/:id/questions/import', `/admin/opportunities/${OPPORTUNITY_ID}/questions/import`, 200),
	admin('/admin/opportunities/:id/questions/:questionId', `/admin/opportunities/${OPPORTUNITY_ID}/questions/${SOME_ID}`, {
		redirect: `/admin/opportunities/${OPPORTUNITY_ID}/questions`,
	}),
	everyone('*', '/no-such-page', 404),
]

/**
 * The URL pattern of every route module in app/routes, by Remix's flat-route rules: dots separate
 * segments, `$name` is a parameter, a lone `$` a splat, `_index` the parent's own page, a trailing
 * `_` only leaves a layout, and a folder's route.tsx is named by its folder.
 */
function routePatterns(): string[] {
	const dir = path.join(ROOT, 'app', 'routes')
	const names = readdirSync(dir).map((entry) => (statSync(path.join(dir, entry)).isDirectory() ? entry : entry.replace(/\.tsx?$/, '')))
	const patterns = names.map((name) => {
		const segments = name
			.split('.')
			.filter((segment) => segment !== '_index')
			.map((segment) => segment.replace(/_$/, ''))
			.map((segment) => (segment === '$' ? '*' : segment.startsWith('$') ? `:${segment.slice(1)}` : segment))
		const joined = `/${segments.join('/')}`
		return joined === '/*' ? '*' : joined
	})
	return [...new Set(patterns)].sort()
}

async function fetchAs(request: APIRequestContext, path: string, token: string | null) {
	return request.get(path, { maxRedirects: 0, headers: token ? { Cookie: `cb_session=${token}` } : {} })
}

function describeResponse(status: number, location: string | undefined): Expected {
	return status >= 300 && status < 400 ? { redirect: location ?? '' } : status
}

test('every route in app/routes has a row in the authorization matrix @js-only', () => {
	const covered = new Set(MATRIX.map((row) => row.route))
	expect(routePatterns().filter((route) => !covered.has(route))).toEqual([])
})

test.describe('authorization matrix @js-only', () => {
	const tokens: Record<Persona, string | null> = { anonymous: null, notOnboarded: null, artist: null, otherArtist: null, pro: null, admin: null }

	test.beforeAll(async () => {
		const artist = await createE2eUser()
		tokens.notOnboarded = await createE2eSession(await createE2eUser({ onboarded: false }))
		tokens.artist = await createE2eSession(artist)
		tokens.otherArtist = await createE2eSession(await createE2eUser())
		tokens.pro = await createE2eSession(await createE2eUser({ plan: 'pro' }))
		tokens.admin = await createE2eSession(await createE2eUser({ role: 'admin' }))
		await withE2eDb(async (client) => {
			await client.query(
				`INSERT INTO opportunities (id, title, url, category, slug) VALUES ($1, 'Authorization Check', 'https://example.org', 'grant', 'authorization-check')
				 ON CONFLICT (id) DO NOTHING`,
				[OPPORTUNITY_ID],
			)
			await client.query(
				`INSERT INTO opportunity_questions (opportunity_id, label, slug, order_index, prompt, idx, updated_at)
				 VALUES ($1, 'Statement', 'statement', 0, 'Statement', 0, now()) ON CONFLICT DO NOTHING`,
				[OPPORTUNITY_ID],
			)
			await client.query('DELETE FROM drafts WHERE id = $1', [DRAFT_ID])
			await client.query(
				`INSERT INTO drafts (id, user_id, opportunity_id, opportunity_title, title, status, updated_at)
				 VALUES ($1, $2, $3, 'Authorization Check', 'Authorization Check · Nov 23, 2026', 'draft', now())`,
				[DRAFT_ID, artist.id, OPPORTUNITY_ID],
			)
			await client.query(
				`INSERT INTO draft_answers (draft_id, idx, slug, prompt, status, model_answer, updated_at) VALUES ($1, 0, 'statement', 'Statement', 'written', 'An answer.', now())`,
				[DRAFT_ID],
			)
		})
	})

	for (const { path, expected } of MATRIX) {
		test(`GET ${path}`, async ({ request }) => {
			const actual: Partial<Record<Persona, Expected>> = {}
			for (const persona of PERSONAS) {
				const response = await fetchAs(request, path, tokens[persona])
				actual[persona] = describeResponse(response.status(), response.headers().location)
			}
			expect(actual).toEqual(expected)
		})
	}

	test("another user's file is a 404, the same as a file that does not exist", async ({ request }) => {
		const owner = await createE2eUser()
		const assetId = await withE2eDb(async (client) => {
			const { rows } = await client.query<{ id: string }>(
				`INSERT INTO user_assets (user_id, kind, storage_path, original_name, size, content_type)
				 VALUES ($1, 'cv', $2, 'cv.pdf', 1000, 'application/pdf') RETURNING id`,
				[owner.id, `user-assets/${owner.id}/cv/${Date.now()}_authz.pdf`],
			)
			return rows[0]!.id
		})
		const path = `/files/${assetId}`
		const statuses: Record<string, Expected> = {}
		for (const persona of ['anonymous', 'notOnboarded', 'otherArtist'] as const) {
			const response = await fetchAs(request, path, tokens[persona])
			statuses[persona] = describeResponse(response.status(), response.headers().location)
		}
		expect(statuses).toEqual({ anonymous: toSignIn(path), notOnboarded: 404, otherArtist: 404 })
		expect((await fetchAs(request, `/files/${SOME_ID}`, tokens.artist)).status()).toBe(404)
	})

	test("another user's question-context file is a 404, the same as a file that does not exist", async ({ request }) => {
		const owner = await createE2eUser()
		const fileId = await withE2eDb(async (client) => {
			const { rows: contexts } = await client.query<{ id: string }>(
				`INSERT INTO question_contexts (user_id, opportunity_id, question_slug, notes, updated_at)
				 VALUES ($1, $2, 'statement', 'Private notes', now()) RETURNING id`,
				[owner.id, OPPORTUNITY_ID],
			)
			const { rows } = await client.query<{ id: string }>(
				`INSERT INTO context_files (context_id, name, content_type, size, storage_path)
				 VALUES ($1, 'sketch.png', 'image/png', 1000, $2) RETURNING id`,
				[contexts[0]!.id, `user-assets/${owner.id}/context/${Date.now()}_authz.png`],
			)
			return rows[0]!.id
		})
		const path = `/files/context/${fileId}`
		const statuses: Record<string, Expected> = {}
		for (const persona of ['anonymous', 'notOnboarded', 'otherArtist', 'admin'] as const) {
			const response = await fetchAs(request, path, tokens[persona])
			statuses[persona] = describeResponse(response.status(), response.headers().location)
		}
		expect(statuses).toEqual({ anonymous: toSignIn(path), notOnboarded: 404, otherArtist: 404, admin: 404 })
		expect((await fetchAs(request, `/files/context/${SOME_ID}`, tokens.artist)).status()).toBe(404)
	})

	test('POST /signout ends the session and goes home; GET only offers the button', async ({ request }) => {
		const user = await createE2eUser()
		const token = await createE2eSession(user)
		// A link prefetch, a crawler or <img src="/signout"> elsewhere signs nobody out.
		const page = await fetchAs(request, '/signout', token)
		expect(page.status()).toBe(200)
		expect(page.headers()['set-cookie'] ?? '').not.toMatch(/cb_session=;/)
		expect(await page.text()).toMatch(/<form(?=[^>]*method="post")(?=[^>]*action="\/signout")/)
		expect(describeResponse(...(await statusOf(request, '/portal/feed', token)))).toBe(200)

		const response = await request.post('/signout', { maxRedirects: 0, headers: { Cookie: `cb_session=${token}` } })
		expect(response.status()).toBe(302)
		expect(response.headers().location).toBe('/')
		expect(response.headers()['set-cookie']).toMatch(/cb_session=;.*Max-Age=0/)
		// The session is gone on the server, not only forgotten by the browser.
		expect(describeResponse(...(await statusOf(request, '/portal/feed', token)))).toEqual(toSignIn('/portal/feed'))

		const anonymous = await fetchAs(request, '/signout', null)
		expect(describeResponse(anonymous.status(), anonymous.headers().location)).toEqual({ redirect: '/' })
	})

	test('the portal preferences form is guarded like the portal', async ({ request }) => {
		const form = { intent: 'toggle-sidebar', open: 'false' }
		const anonymous = await request.post('/portal/preferences', { form, maxRedirects: 0 })
		expect(describeResponse(anonymous.status(), anonymous.headers().location)).toEqual(toSignIn('/portal/preferences'))
		const notOnboarded = await request.post('/portal/preferences', {
			form,
			maxRedirects: 0,
			headers: { Cookie: `cb_session=${tokens.notOnboarded}` },
		})
		expect(describeResponse(notOnboarded.status(), notOnboarded.headers().location)).toEqual(toOnboarding)
	})
})

async function statusOf(request: APIRequestContext, path: string, token: string): Promise<[number, string | undefined]> {
	const response = await fetchAs(request, path, token)
	return [response.status(), response.headers().location]
}
