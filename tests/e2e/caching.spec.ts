import { expect, test, type APIResponse } from '@playwright/test'
import { createE2eOpportunity, createE2eSession, createE2eUser } from './support/e2e-db.ts'

/*
 * Public pages are kept rendered for signed-out visitors and revalidate with 304s; nothing kept can
 * reach a signed-in visitor or carry one visitor's page to another; and signed-in pages read the
 * session and their data in a few statements (the Server-Timing header counts them).
 */

const PUBLIC_PAGES = ['/', '/pricing', '/signin']

function scriptNonces(html: string) {
	return new Set([...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((match) => match[1]))
}

function cspNonce(response: APIResponse) {
	return /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1]
}

/** The statements a response's request sent to the database, from `Server-Timing: db;desc="N queries"`. */
function statements(response: APIResponse) {
	const match = /db;desc="(\d+) quer(?:y|ies)"/.exec(response.headers()['server-timing'] ?? '')
	expect(match, `Server-Timing of ${response.url()}`).not.toBeNull()
	return Number(match![1])
}

test.describe('public pages', () => {
	test('are cacheable for signed-out visitors, revalidate with 304, and keep a nonce that matches their scripts', async ({ playwright, baseURL }) => {
		const visitor = await playwright.request.newContext({ baseURL })
		for (const path of PUBLIC_PAGES) {
			const first = await visitor.get(path)
			expect(first.status(), path).toBe(200)
			const headers = first.headers()
			expect(headers['cache-control'], path).toBe('public, max-age=60')
			expect(headers.vary, path).toContain('Cookie')
			expect(headers.etag, path).toMatch(/^"[\w-]+"$/)
			// Kept compressed whole, sent whole: with its length, not chunked; in brotli to a client
			// that takes it, as Playwright's does (gzip, deflate, br).
			expect(headers['content-encoding'], path).toBe('br')
			expect(headers['transfer-encoding'], path).toBeUndefined()
			expect(Number(headers['content-length']), path).toBeGreaterThan(0)
			// The policy's nonce is the one the page's scripts were rendered with.
			expect(scriptNonces(await first.text()), path).toEqual(new Set([cspNonce(first)]))

			// Every web process renders the same bytes for the same page, so the ETag holds across them.
			for (let i = 0; i < 4; i++) {
				const revalidated = await visitor.get(path, { headers: { 'If-None-Match': headers.etag! } })
				expect(revalidated.status(), path).toBe(304)
				expect(await revalidated.body(), path).toHaveLength(0)
			}
		}
		await visitor.dispose()
	})

	test("a signed-in visitor never gets the signed-out copy, and theirs reaches nobody else", async ({ playwright, baseURL }) => {
		const user = await createE2eUser()
		const token = await createE2eSession(user)
		const signedOut = await playwright.request.newContext({ baseURL })
		const signedIn = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: `cb_session=${token}` } })
		for (const path of ['/', '/pricing']) {
			// The signed-out copy is kept first...
			expect(await (await signedOut.get(path)).text()).not.toContain('Sign Out')
			// ...and the signed-in visitor still gets their own page, marked private.
			const mine = await signedIn.get(path)
			expect(mine.headers()['cache-control'], path).toBe('private, no-store')
			expect(await mine.text(), path).toContain('Sign Out')
			// Their page was not kept for the next visitor.
			const next = await signedOut.get(path)
			expect(await next.text(), path).not.toContain('Sign Out')
			expect(next.headers()['cache-control'], path).toBe('public, max-age=60')
		}
		// Signed in, /signin goes to the portal rather than serving the kept sign-in page.
		const signin = await signedIn.get('/signin', { maxRedirects: 0 })
		expect(signin.status()).toBe(302)
		await signedOut.dispose()
		await signedIn.dispose()
	})

	test("a public page answering a form post (the typed e-mail, its error) is that visitor's alone", async ({ playwright, baseURL }) => {
		const visitor = await playwright.request.newContext({ baseURL })
		const email = `cache-${Date.now()}@example.com`
		const refused = await visitor.post('/signin', { form: { intent: 'signin', email, password: 'not-the-password-1' }, headers: { Origin: baseURL! } })
		expect(refused.status()).toBe(401)
		expect(await refused.text()).toContain(email)
		expect(refused.headers()['cache-control']).toBe('private, no-store')
		// Posted with JavaScript, the same answer comes as data.
		const asData = await visitor.post('/signin.data', { form: { intent: 'signin', email, password: 'not-the-password-1' }, headers: { Origin: baseURL! } })
		expect(await asData.text()).toContain(email)
		expect(asData.headers()['cache-control']).toBe('private, no-store')
		// The page as everyone gets it stays public.
		expect((await visitor.get('/signin')).headers()['cache-control']).toBe('public, max-age=60')
		await visitor.dispose()
	})
})

test.describe('database round trips', () => {
	test('signed-in pages read the session, the plan and their data in at most 3 statements', async ({ playwright, baseURL }) => {
		const artist = await createE2eUser({ plan: 'pro', mediums: ['Painting', 'Video'], interests: ['grants'] })
		const admin = await createE2eUser({ role: 'admin' })
		const opportunity = await createE2eOpportunity({
			title: `Round Trip Residency ${Date.now()}`,
			tags: ['painting'],
			questions: [
				{ label: 'Statement', slug: 'statement', limitType: 'words', limitValue: 100 },
				{ label: 'Plan', slug: 'plan' },
			],
		})
		const artistRequest = await playwright.request.newContext({
			baseURL,
			extraHTTPHeaders: { Cookie: `cb_session=${await createE2eSession(artist)}`, Origin: baseURL! },
		})
		const adminRequest = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: `cb_session=${await createE2eSession(admin)}` } })

		const generated = await artistRequest.post('/trpc/drafts.generate', { data: { opportunityId: opportunity.id, tone: 'neutral' } })
		expect(generated.ok()).toBe(true)
		const { draftId } = ((await generated.json()) as { result: { data: { draftId: string } } }).result.data

		const artistPages = [
			'/portal/feed',
			'/portal/feed?medium=painting&type=grants',
			'/portal/feed?sort=match',
			`/portal/opportunities/${opportunity.id}`,
			`/portal/drafts/${draftId}`,
		]
		for (const [request, pages] of [
			[artistRequest, artistPages],
			[adminRequest, ['/admin', '/admin/opportunities']],
		] as const) {
			for (const path of pages) {
				// Once per web process first: the feed's filter options are read once per process and
				// catalogue version, then kept.
				for (let i = 0; i < 4; i++) await request.get(path)
				const response = await request.get(path)
				expect(response.status(), path).toBe(200)
				expect(statements(response), path).toBeLessThanOrEqual(3)
			}
		}
		await artistRequest.dispose()
		await adminRequest.dispose()
	})
})

test('pages are sent compressed whole (one body with its length; brotli or gzip), tRPC answers plain (small JSON that gzip would cost more than it saves)', async ({ playwright, baseURL }) => {
	const artist = await createE2eUser()
	const opportunity = await createE2eOpportunity({ title: `Plain Answers Prize ${Date.now()}`, questions: [{ label: 'Statement', slug: 'statement' }] })
	const request = await playwright.request.newContext({
		baseURL,
		extraHTTPHeaders: { Cookie: `cb_session=${await createE2eSession(artist)}`, 'Accept-Encoding': 'gzip' },
	})
	const page = await request.get('/portal/feed')
	expect(page.status()).toBe(200)
	expect(page.headers()['content-encoding']).toBe('gzip')
	expect(page.headers()['vary']).toMatch(/Accept-Encoding/)
	expect(page.headers()['transfer-encoding']).toBeUndefined()
	expect(Number(page.headers()['content-length'])).toBeGreaterThan(0)
	expect(await page.text()).toContain('</html>')
	// A client that takes no gzip gets the same page plain, with its length.
	const plain = await request.get('/portal/feed', { headers: { 'Accept-Encoding': 'identity' } })
	expect(plain.headers()['content-encoding']).toBeUndefined()
	expect(Number(plain.headers()['content-length'])).toBe((await plain.body()).length)
	// A client that takes brotli (every current browser over HTTPS) gets the page in it, whole.
	const brotli = await request.get('/portal/feed', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
	expect(brotli.headers()['content-encoding']).toBe('br')
	expect(brotli.headers()['transfer-encoding']).toBeUndefined()
	expect(Number(brotli.headers()['content-length'])).toBeGreaterThan(0)
	expect(await brotli.text()).toContain('</html>')

	// A query (nothing changes): the artist's notes and files for one question, none yet.
	const input = encodeURIComponent(JSON.stringify({ opportunityId: opportunity.id, slug: 'statement' }))
	const answer = await request.get(`/trpc/context.get?input=${input}`)
	expect(answer.status()).toBe(200)
	expect(answer.headers()['content-encoding']).toBeUndefined()
	expect(await answer.json()).toMatchObject({ result: { data: { notes: '', files: [] } } })
	await request.dispose()
})
