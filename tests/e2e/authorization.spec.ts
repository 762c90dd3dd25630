import { expect, test, type APIRequestContext } from '@playwright/test'
import { createE2eSession, createE2eUser, withE2eDb } from './support/e2e-db.ts'

/*
 * Who may open which page (spec section 2's route table, section 4's guards
 * and section 6's roles), checked over HTTP without following redirects.
 */

type Persona = 'anonymous' | 'notOnboarded' | 'user' | 'admin'
type Expected = number | { redirect: string }

const SOME_ID = '00000000-0000-4000-8000-000000000000'
const OPPORTUNITY_ID = '00000000-0000-4000-8000-0000000a0001'
const toSignIn = (path: string) => ({ redirect: `/signin?${new URLSearchParams({ redirectTo: path })}` })
const toOnboarding = { redirect: '/onboarding' }
const toFeed = { redirect: '/portal/feed' }

/** Portal pages: onboarded users only. */
const portal = (path: string, signedIn: Expected): [string, Record<Persona, Expected>] => [
	path,
	{ anonymous: toSignIn(path), notOnboarded: toOnboarding, user: signedIn, admin: signedIn },
]
/** Admin pages: onboarded admins only; other users go to the feed. */
const admin = (path: string, forAdmin: Expected): [string, Record<Persona, Expected>] => [
	path,
	{ anonymous: toSignIn(path), notOnboarded: toOnboarding, user: toFeed, admin: forAdmin },
]
const everyone = (path: string, expected: Expected): [string, Record<Persona, Expected>] => [
	path,
	{ anonymous: expected, notOnboarded: expected, user: expected, admin: expected },
]

const MATRIX: [string, Record<Persona, Expected>][] = [
	everyone('/', 200),
	['/signin', { anonymous: 200, notOnboarded: toFeed, user: toFeed, admin: toFeed }],
	everyone('/pricing', 200),
	everyone('/billing/success?success=true', 200),
	everyone('/billing/success', toFeed),
	everyone('/billing/cancel', 200),
	['/onboarding', { anonymous: toSignIn('/onboarding'), notOnboarded: 200, user: toFeed, admin: toFeed }],
	portal('/portal', toFeed),
	portal('/portal/feed', 200),
	portal('/portal/profile', 200),
	portal('/portal/drafts', 200),
	// A draft that is not the visitor's (here: none) goes back to the list with "Draft not found";
	// tests/e2e/drafting.spec.ts opens an own draft and another artist's.
	portal(`/portal/drafts/${SOME_ID}`, { redirect: '/portal/drafts' }),
	portal(`/portal/drafts/${SOME_ID}/download`, { redirect: '/portal/drafts' }),
	portal(`/portal/drafts/${SOME_ID}/export/pdf`, { redirect: '/portal/drafts' }),
	// An active opportunity (created in beforeAll); an unknown one goes back to the feed with a toast.
	portal(`/portal/opportunities/${OPPORTUNITY_ID}`, 200),
	portal(`/portal/opportunities/${SOME_ID}`, toFeed),
	portal('/portal/calendar', 200),
	// The context page of a question the opportunity does not have goes back to the opportunity.
	portal(`/portal/opportunities/${OPPORTUNITY_ID}/context/no-such-question`, { redirect: `/portal/opportunities/${OPPORTUNITY_ID}` }),
	admin('/admin', 200),
	admin('/admin/users', 200),
	admin(`/admin/users/${SOME_ID}`, 404),
	admin('/admin/opportunities', 200),
	admin('/admin/opportunities/new', 200),
	// An opportunity that exists (created in beforeAll); an unknown one goes back to /admin with a toast.
	admin(`/admin/opportunities/${OPPORTUNITY_ID}`, 200),
	admin(`/admin/opportunities/${OPPORTUNITY_ID}/delete`, 200),
	admin(`/admin/opportunities/${SOME_ID}`, { redirect: '/admin' }),
	everyone('/no-such-page', 404),
]

async function fetchAs(request: APIRequestContext, path: string, token: string | null) {
	return request.get(path, { maxRedirects: 0, headers: token ? { Cookie: `cb_session=${token}` } : {} })
}

function describeResponse(status: number, location: string | undefined): Expected {
	return status >= 300 && status < 400 ? { redirect: location ?? '' } : status
}

test.describe('authorization matrix @js-only', () => {
	const tokens: Record<Persona, string | null> = { anonymous: null, notOnboarded: null, user: null, admin: null }

	test.beforeAll(async () => {
		tokens.notOnboarded = await createE2eSession(await createE2eUser({ onboarded: false }))
		tokens.user = await createE2eSession(await createE2eUser())
		tokens.admin = await createE2eSession(await createE2eUser({ role: 'admin' }))
		await withE2eDb((client) =>
			client.query(
				`INSERT INTO opportunities (id, title, url, category, slug) VALUES ($1, 'Authorization Check', 'https://example.org', 'grant', 'authorization-check')
				 ON CONFLICT (id) DO NOTHING`,
				[OPPORTUNITY_ID],
			),
		)
	})

	for (const [path, expectations] of MATRIX) {
		test(`GET ${path}`, async ({ request }) => {
			const actual: Partial<Record<Persona, Expected>> = {}
			for (const persona of Object.keys(expectations) as Persona[]) {
				const response = await fetchAs(request, path, tokens[persona])
				actual[persona] = describeResponse(response.status(), response.headers().location)
			}
			expect(actual).toEqual(expectations)
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
		for (const persona of ['anonymous', 'notOnboarded', 'user'] as const) {
			const response = await fetchAs(request, path, tokens[persona])
			statuses[persona] = describeResponse(response.status(), response.headers().location)
		}
		expect(statuses).toEqual({ anonymous: toSignIn(path), notOnboarded: 404, user: 404 })
		expect((await fetchAs(request, `/files/${SOME_ID}`, tokens.user)).status()).toBe(404)
	})

	test("another user's question-context file is a 404, the same as a file that does not exist", async ({ request }) => {
		const owner = await createE2eUser()
		const fileId = await withE2eDb(async (client) => {
			const { rows: contexts } = await client.query<{ id: string }>(
				`INSERT INTO question_contexts (user_id, opportunity_id, question_slug, notes, updated_at)
				 VALUES ($1, $2, 'artist-statement', 'Private notes', now()) RETURNING id`,
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
		for (const persona of ['anonymous', 'notOnboarded', 'user', 'admin'] as const) {
			const response = await fetchAs(request, path, tokens[persona])
			statuses[persona] = describeResponse(response.status(), response.headers().location)
		}
		expect(statuses).toEqual({ anonymous: toSignIn(path), notOnboarded: 404, user: 404, admin: 404 })
		expect((await fetchAs(request, `/files/context/${SOME_ID}`, tokens.user)).status()).toBe(404)
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
