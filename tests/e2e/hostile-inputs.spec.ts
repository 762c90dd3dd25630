import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { minimalPdf, tinyPng } from '../fixtures/files.ts'
import { createE2eOpportunity, createE2eSession, createE2eUser, withE2eDb, type E2eUser } from './support/e2e-db.ts'
import { ROOT } from './support/own-server.ts'

/*
 * Hostile values (huge, NUL, any unicode, wrong types, HTML, traversal names, wrong file bytes)
 * thrown at every form action, every tRPC procedure and the Stripe webhook, as the artist, as an
 * admin and signed out: never a 500. Then stored markup must never run, and every stored file
 * must sit in its owner's folder. Every route with an action must be listed here (first test).
 */

test.describe.configure({ timeout: 180_000 })

const RUNS = 12
const SOME_ID = '00000000-0000-4000-8000-000000000000'

const hostileText = fc.oneof(
	fc.string(),
	fc.string({ unit: 'grapheme', maxLength: 200 }),
	fc.constantFrom(
		'',
		'\u0000',
		'a\u0000b',
		'<script>window.__pwned=1</script>',
		'<img src=x onerror="window.__pwned=1">',
		'../../../etc/passwd',
		'..\\..\\windows\\win.ini',
		'%00',
		'%2e%2e%2f',
		'javascript:alert(1)',
		'${7*7}{{7*7}}',
		"' OR 1=1 --",
		'NaN',
		'-1',
		'1e309',
		'[]',
		'{"__proto__":{"admin":true}}',
		'\u202e\u200b\ufeff',
		'😀'.repeat(500),
	),
	fc.nat().map((n) => 'x'.repeat(1_000 + (n % 100_000))),
)

/** Field names the forms use, plus nonsense: each form gets some of them, with hostile values. */
const FIELDS = [
	'intent', 'email', 'password', 'redirectTo', 'token', 'fullName', 'city', 'country', 'websiteUrl', 'url', 'kind', 'linkId', 'assetId',
	'step', 'mediums', 'interests', 'tone', 'notes', 'value', 'values', 'multi', 'answerId', 'status', 'draftId', 'open', 'title', 'category',
	'deadline', 'location', 'tags', 'description', 'organization', 'active', 'label', 'slug', 'type', 'required', 'helpText', 'limitType',
	'limitValue', 'options', 'section', 'questionId', 'direction', 'templateId', 'q', 'delta', 'note', 'plan', 'role', '__proto__', '\u0000',
	// The draft page's one form without JavaScript (answer-form.ts).
	'do', 'answer',
]
const INTENTS = [
	'signin', 'signup', 'magic-link', 'update-basics', 'add-link', 'remove-link', 'remove-file', 'reingest', 'next', 'previous', 'save',
	'regenerate', 'undo', 'status', 'toggle-sidebar', 'dismiss-credits-banner', 'regenerate-link', 'move', 'save-template', 'delete',
	'credits', 'plan', 'role', 'subscription', 'credits', 'change-email', 'cancel-email-change',
]
const hostileForm = fc.record({
	intent: fc.oneof(fc.constantFrom(...INTENTS), hostileText),
	fields: fc.dictionary(fc.constantFrom(...FIELDS), hostileText, { maxKeys: 8 }),
})

type Actor = 'anonymous' | 'artist' | 'admin'
type Target = { route: string; path: string }

/** Every route with an action, and the path posted to (ids of things the artist owns, or none). */
function actionTargets(ids: { opportunity: string; draft: string; answer: string }): Target[] {
	return [
		{ route: '/signin', path: '/signin' },
		{ route: '/forgot-password', path: '/forgot-password' },
		{ route: '/reset-password', path: '/reset-password' },
		{ route: '/account/email', path: '/account/email' },
		{ route: '/auth/magic', path: '/auth/magic' },
		{ route: '/auth/confirm', path: '/auth/confirm' },
		{ route: '/setup', path: '/setup' },
		{ route: '/onboarding', path: '/onboarding' },
		{ route: '/portal/profile', path: '/portal/profile' },
		{ route: '/portal/calendar', path: '/portal/calendar' },
		{ route: '/portal/preferences', path: '/portal/preferences' },
		{ route: '/portal/opportunities/:id', path: `/portal/opportunities/${ids.opportunity}` },
		{ route: '/portal/opportunities/:id/save', path: `/portal/opportunities/${ids.opportunity}/save` },
		{ route: '/portal/opportunities/:id/context/:slug', path: `/portal/opportunities/${ids.opportunity}/context/statement` },
		{ route: '/portal/opportunities/:id/context/:slug/save', path: `/portal/opportunities/${ids.opportunity}/context/statement/save` },
		{ route: '/portal/drafts/:id', path: `/portal/drafts/${ids.draft}` },
		{ route: '/portal/drafts/:id/delete', path: `/portal/drafts/${SOME_ID}/delete` },
		{ route: '/billing/checkout', path: '/billing/checkout' },
		{ route: '/billing/portal', path: '/billing/portal' },
		{ route: '/api/profile/ingest', path: '/api/profile/ingest' },
		{ route: '/admin/opportunities/new', path: '/admin/opportunities/new' },
		{ route: '/admin/opportunities/:id', path: `/admin/opportunities/${ids.opportunity}` },
		{ route: '/admin/opportunities/:id/delete', path: `/admin/opportunities/${SOME_ID}/delete` },
		{ route: '/admin/opportunities/:id/questions', path: `/admin/opportunities/${ids.opportunity}/questions` },
		{ route: '/admin/opportunities/:id/questions/new', path: `/admin/opportunities/${ids.opportunity}/questions/new` },
		{ route: '/admin/opportunities/:id/questions/import', path: `/admin/opportunities/${ids.opportunity}/questions/import` },
		{ route: '/admin/opportunities/:id/questions/:questionId', path: `/admin/opportunities/${ids.opportunity}/questions/${SOME_ID}` },
		{ route: '/admin/users/:userId', path: `/admin/users/${SOME_ID}` },
		{ route: '*', path: '/no/such/page' },
		// Near the end: a hostile form may sign the artist out of their other sessions (never delete
		// the account, whose e-mail address no hostile text matches).
		{ route: '/portal/account', path: '/portal/account' },
		// Last: it ends the session the others use.
		{ route: '/signout', path: '/signout' },
	]
}

/** The URL pattern of every route module that exports an action (Remix flat-route names). */
function routesWithActions(): string[] {
	const dir = path.join(ROOT, 'app', 'routes')
	const found: string[] = []
	for (const entry of readdirSync(dir)) {
		const file = statSync(path.join(dir, entry)).isDirectory() ? path.join(dir, entry, 'route.tsx') : path.join(dir, entry)
		if (!/export (async )?function action|export const action/.test(readFileSync(file, 'utf8'))) continue
		const name = statSync(path.join(dir, entry)).isDirectory() ? entry : entry.replace(/\.tsx?$/, '')
		const segments = name
			.split('.')
			.filter((segment) => segment !== '_index')
			.map((segment) => segment.replace(/_$/, ''))
			.map((segment) => (segment === '$' ? '*' : segment.startsWith('$') ? `:${segment.slice(1)}` : segment))
		found.push(segments.join('/') === '*' ? '*' : `/${segments.join('/')}`)
	}
	return found.sort()
}

const PROCEDURES = [
	'questions.list', 'questions.reorder', 'context.get', 'context.deleteFile', 'drafts.generate', 'drafts.saveAnswer',
	'drafts.regenerateAnswer', 'drafts.undoRegenerate', 'drafts.setStatus', 'drafts.delete', 'billing.checkout', 'billing.portal',
]

let artist: E2eUser
let adminUser: E2eUser
const cookies: Record<Actor, string | null> = { anonymous: null, artist: null, admin: null }
let ids: { opportunity: string; draft: string; answer: string }

// Fresh sessions for every test: POST /signout, among the hostile posts, ends the one it is sent with.
test.beforeEach(async () => {
	cookies.artist = `cb_session=${await createE2eSession(artist)}`
	cookies.admin = `cb_session=${await createE2eSession(adminUser)}`
})

test.beforeAll(async () => {
	artist = await createE2eUser({ credits: 0, granted: true })
	adminUser = await createE2eUser({ role: 'admin' })
	const { id: opportunity } = await createE2eOpportunity({ title: `Hostile Inputs ${Date.now()}`, questions: [{ label: 'Statement', slug: 'statement' }] })
	ids = await withE2eDb(async (client) => {
		const { rows: drafts } = await client.query<{ id: string }>(
			`INSERT INTO drafts (user_id, opportunity_id, opportunity_title, title, status, updated_at) VALUES ($1, $2, 'Hostile', 'Hostile · draft', 'draft', now()) RETURNING id`,
			[artist.id, opportunity],
		)
		const { rows: answers } = await client.query<{ id: string }>(
			`INSERT INTO draft_answers (draft_id, idx, slug, prompt, status, model_answer, updated_at) VALUES ($1, 0, 'statement', 'Statement', 'written', 'An answer.', now()) RETURNING id`,
			[drafts[0]!.id],
		)
		return { opportunity, draft: drafts[0]!.id, answer: answers[0]!.id }
	})
})

async function post(request: APIRequestContext, target: string, actor: Actor, init: { form?: Record<string, string>; multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>; data?: string; headers?: Record<string, string> }) {
	const headers = { Origin: new URL(test.info().project.use.baseURL!).origin, ...(cookies[actor] ? { Cookie: cookies[actor]! } : {}), ...init.headers }
	return request.post(target, { ...init, headers, maxRedirects: 0, failOnStatusCode: false, timeout: 30_000 })
}

test('every route with an action is in the hostile list @js-only', () => {
	const listed = new Set(actionTargets({ opportunity: SOME_ID, draft: SOME_ID, answer: SOME_ID }).map((target) => target.route))
	expect(routesWithActions().filter((route) => !listed.has(route))).toEqual([])
})

test('hostile form posts to every action never get a 500 @js-only', async ({ request }) => {
	for (const target of actionTargets(ids)) {
		for (const actor of ['anonymous', 'artist', 'admin'] as const) {
			await fc.assert(
				fc.asyncProperty(hostileForm, fc.boolean(), async ({ intent, fields }, multipart) => {
					const values = { ...Object.fromEntries(Object.entries(fields).filter(([name]) => name !== '__proto__')), intent }
					const response = multipart ? await post(request, target.path, actor, { multipart: values }) : await post(request, target.path, actor, { form: values })
					expect(response.status(), `${actor} POST ${target.path} ${JSON.stringify(values).slice(0, 300)}`).toBeLessThan(500)
				}),
				{ numRuns: RUNS },
			)
		}
		// Not a form at all: JSON, nothing, garbage with a form's type.
		for (const [type, data] of [['application/json', '{"intent":"signin"}'], ['multipart/form-data; boundary=x', '--x\r\nbroken'], ['text/plain', '\u0000']] as const) {
			const response = await post(request, target.path, 'artist', { data, headers: { 'Content-Type': type } })
			expect(response.status(), `${type} to ${target.path}`).toBeLessThan(500)
		}
	}
})

test('an id that is not one never comes back in a header @js-only', async ({ request }) => {
	// Found by the property above: the draft page sent a 15 KB answer id back in its Location header,
	// more than a client reads (Node's limit is 16 KB of headers).
	const response = await post(request, `/portal/drafts/${ids.draft}`, 'artist', { form: { intent: 'status', status: 'bogus', answerId: 'x'.repeat(15_000) } })
	expect(response.status()).toBe(302)
	expect(response.headers().location).toBe(`/portal/drafts/${ids.draft}`)
})

test('an address too long for the server to read gets 431 with a sentence, not an empty page @js-only', async ({ request }) => {
	const response = await request.get(`/pricing?q=${'a'.repeat(20_000)}`, { failOnStatusCode: false })
	expect(response.status()).toBe(431)
	expect(await response.text()).toMatch(/address or cookies are too long/)
})

test('hostile inputs to every tRPC procedure and the webhook never get a 500 @js-only', async ({ request }) => {
	const input = fc.oneof(
		fc.jsonValue(),
		fc.record({ opportunityId: hostileText, draftId: hostileText, answerId: hostileText, userEdit: hostileText, revision: fc.double(), baseRevision: fc.double(), tab: hostileText, kind: hostileText, slug: hostileText, name: hostileText }, { requiredKeys: [] }),
		fc.constant({ answerId: ids.answer, userEdit: '<img src=x onerror="window.__pwned=1">', revision: Date.now() }),
	)
	for (const procedure of PROCEDURES) {
		await fc.assert(
			fc.asyncProperty(input, fc.constantFrom<Actor>('anonymous', 'artist', 'admin'), async (value, actor) => {
				const response = await post(request, `/trpc/${procedure}`, actor, { data: JSON.stringify(value), headers: { 'Content-Type': 'application/json' } })
				expect(response.status(), `${actor} ${procedure} ${JSON.stringify(value).slice(0, 300)}`).toBeLessThan(500)
			}),
			{ numRuns: RUNS },
		)
		// Queries also answer GET, with the input in the URL.
		const get = await request.get(`/trpc/${procedure}?input=${encodeURIComponent('{"opportunityId":"\u0000"}')}`, { headers: { Cookie: cookies.artist! }, failOnStatusCode: false })
		expect(get.status()).toBeLessThan(500)
	}
	await fc.assert(
		// Any bytes a header can carry as the signature.
		fc.asyncProperty(fc.oneof(hostileText, fc.jsonValue().map((value) => JSON.stringify(value))), fc.stringMatching(/^[\x20-\x7e]{0,300}$/), async (body, signature) => {
			const response = await request.post('/webhooks/stripe', { data: body, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, failOnStatusCode: false })
			expect(response.status()).toBeLessThan(500)
		}),
		{ numRuns: RUNS * 2 },
	)
})

test('stored markup never runs, and stored files stay in their owner’s folder @js-only', async ({ request, page, context, baseURL }) => {
	const payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'
	await post(request, '/portal/profile', 'artist', { form: { intent: 'update-basics', fullName: payload, city: payload, country: payload, mediums: 'Painting', interests: 'grants' } })
	await post(request, `/trpc/drafts.saveAnswer`, 'artist', { data: JSON.stringify({ answerId: ids.answer, userEdit: payload, revision: Date.now() }), headers: { 'Content-Type': 'application/json' } })
	await post(request, `/portal/opportunities/${ids.opportunity}/context/statement/save`, 'artist', {
		multipart: {
			notes: payload,
			files: { name: '../../../../etc/passwd.png', mimeType: 'image/png', buffer: tinyPng() },
		},
		headers: { Accept: 'application/json' },
	})
	await post(request, `/portal/opportunities/${ids.opportunity}/context/statement/save`, 'artist', {
		multipart: { notes: 'second', files: { name: '..\\..\\cv.pdf', mimeType: 'application/pdf', buffer: minimalPdf(['x']) } },
		headers: { Accept: 'application/json' },
	})
	// Wrong bytes under a PDF's name are refused, not stored.
	const fake = await post(request, '/portal/profile', 'artist', { multipart: { cv: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') } } })
	expect(fake.status()).toBeLessThan(500)

	await context.addCookies([{ name: 'cb_session', value: cookies.artist!.slice('cb_session='.length), url: baseURL! }])
	for (const target of ['/portal/profile', '/portal/drafts', `/portal/opportunities/${ids.opportunity}/context/statement`, `/portal/drafts/${ids.draft}`]) {
		await page.goto(target)
		expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned), target).toBeUndefined()
	}
	// The markup was kept as the artist's text, shown as text.
	await expect(page.locator('textarea').first()).toHaveValue(payload)

	const paths = await withE2eDb(async (client) => {
		const assets = await client.query<{ storage_path: string }>('SELECT storage_path FROM user_assets WHERE user_id = $1', [artist.id])
		const files = await client.query<{ storage_path: string }>(
			'SELECT f.storage_path FROM context_files f JOIN question_contexts c ON c.id = f.context_id WHERE c.user_id = $1',
			[artist.id],
		)
		return [...assets.rows, ...files.rows].map((row) => row.storage_path)
	})
	expect(paths.length).toBeGreaterThan(0)
	for (const stored of paths) expect(stored).toMatch(new RegExp(`^user-assets/${artist.id}/[a-z]+/[\\w.-]+$`))
})
