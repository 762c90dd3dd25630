import { expect, test } from '@playwright/test'
import {
	ADMIN_FORM_LIMIT,
	CONTEXT_FORM_LIMIT,
	CONTEXT_UPLOAD_LIMIT,
	DEFAULT_BODY_LIMIT,
	DRAFT_FORM_LIMIT,
	PROFILE_FORM_LIMIT,
	PROFILE_INGEST_LIMIT,
	PROFILE_UPLOAD_LIMIT,
	WEBHOOK_BODY_LIMIT,
} from '../../server/http/body-limit.ts'
import { MAX_TRPC_BODY_BYTES } from '../../server/http/concurrent-large-requests.ts'
import { MAX_BATCH_SIZE } from '../../server/trpc/limits.ts'
import { tinyPng } from '../fixtures/files.ts'
import { sendRaw } from '../raw-http.ts'
import { createE2eSession, createE2eUser } from './support/e2e-db.ts'

/*
 * Bodies, URLs and inputs no browser sends (issue 12): each is refused with a 4xx and a sentence,
 * before the server reads what it cannot use, and none is a 500. Requests by hand over a socket
 * where an HTTP client would insist on sending the body it announced.
 */

const SOME_ID = '00000000-0000-4000-8000-000000000000'
const MiB = 1024 * 1024
const FORM = 'Content-Type: application/x-www-form-urlencoded'
const MULTIPART = 'Content-Type: multipart/form-data; boundary=----x'

test.describe('hardening: bodies, URLs and inputs @js-only', () => {
	let cookie: string

	test.beforeAll(async () => {
		cookie = `cb_session=${await createE2eSession(await createE2eUser())}`
	})

	test('a 70 MB post to /signin is refused (413) from its headers alone, and the connection closed', async ({ baseURL }) => {
		const answer = await sendRaw(baseURL!, ['POST /signin HTTP/1.1', FORM, `Content-Length: ${70 * MiB}`])
		expect(answer.status).toBe(413)
		expect(answer.headers.connection).toBe('close')
		expect(answer.body).toMatch(/too large/)
		// The server hangs up rather than waiting for the 70 MB.
		await answer.closed
	})

	test('each route takes bodies up to its own limit: just over is refused, just under reaches the route', async ({ baseURL }) => {
		// Signed out, each of these routes answers (a redirect or 401) without reading the body, which never comes.
		// Only multipart (streamed, files to storage) gets an upload route's large limit; a body of any
		// other type is read whole, and gets the route's form limit.
		const routes: [string, { multipart: number; form: number }][] = [
			['/portal/profile', { multipart: PROFILE_UPLOAD_LIMIT, form: PROFILE_FORM_LIMIT }],
			['/onboarding', { multipart: PROFILE_UPLOAD_LIMIT, form: PROFILE_FORM_LIMIT }],
			[`/portal/opportunities/${SOME_ID}/context/artist-statement`, { multipart: CONTEXT_UPLOAD_LIMIT, form: CONTEXT_FORM_LIMIT }],
			[`/portal/opportunities/${SOME_ID}/context/artist-statement/save`, { multipart: CONTEXT_UPLOAD_LIMIT, form: CONTEXT_FORM_LIMIT }],
			[`/portal/drafts/${SOME_ID}`, { multipart: DRAFT_FORM_LIMIT, form: DRAFT_FORM_LIMIT }],
			['/admin/opportunities/new', { multipart: ADMIN_FORM_LIMIT, form: ADMIN_FORM_LIMIT }],
			['/api/profile/ingest', { multipart: PROFILE_INGEST_LIMIT, form: PROFILE_INGEST_LIMIT }],
		]
		for (const [path, limits] of routes) {
			for (const [type, limit] of [[MULTIPART, limits.multipart], [FORM, limits.form]] as const) {
				const over = await sendRaw(baseURL!, [`POST ${path} HTTP/1.1`, type, `Content-Length: ${limit + 1}`])
				expect(over.status, `${path} with ${limit + 1} bytes (${type})`).toBe(413)
				const under = await sendRaw(baseURL!, [`POST ${path} HTTP/1.1`, type, `Content-Length: ${limit}`])
				expect([302, 401], `${path} with ${limit} bytes (${type})`).toContain(under.status)
			}
		}
		// A form without files is far smaller than an upload.
		expect(PROFILE_FORM_LIMIT).toBeLessThanOrEqual(256 * 1024)
		expect(CONTEXT_FORM_LIMIT).toBeLessThanOrEqual(128 * 1024)
		// The sign-in form's limit is the small one.
		expect(DEFAULT_BODY_LIMIT).toBeLessThan(ADMIN_FORM_LIMIT)
		const signIn = await sendRaw(baseURL!, ['POST /signin HTTP/1.1', FORM, `Content-Length: ${DEFAULT_BODY_LIMIT + 1}`])
		expect(signIn.status).toBe(413)
	})

	test('the Stripe webhook and tRPC refuse a body over their limit from its headers alone, and one without a length', async ({ baseURL }) => {
		// Anyone may post to the webhook: a 1 GB declared body is answered at once, and not read.
		const webhook = await sendRaw(baseURL!, ['POST /webhooks/stripe HTTP/1.1', 'Content-Type: application/json', `Content-Length: ${1024 * MiB}`])
		expect(webhook.status).toBe(413)
		expect(webhook.headers.connection).toBe('close')
		await webhook.closed
		const justOverWebhook = await sendRaw(baseURL!, ['POST /webhooks/stripe HTTP/1.1', 'Content-Type: application/json', `Content-Length: ${WEBHOOK_BODY_LIMIT + 1}`])
		expect(justOverWebhook.status).toBe(413)
		// A body at the limit reaches the webhook, which judges its signature (none here).
		const atLimit = `{"padding":"${'x'.repeat(WEBHOOK_BODY_LIMIT - 14)}"}`
		expect(Buffer.byteLength(atLimit)).toBe(WEBHOOK_BODY_LIMIT)
		const webhookAtLimit = await sendRaw(baseURL!, ['POST /webhooks/stripe HTTP/1.1', 'Content-Type: application/json', `Content-Length: ${WEBHOOK_BODY_LIMIT}`], atLimit)
		expect(webhookAtLimit.status).toBe(400)
		expect(JSON.parse(webhookAtLimit.body)).toEqual({ error: 'Invalid signature' })

		// tRPC answers in its own shape, so its client shows the message.
		const trpc = await sendRaw(baseURL!, ['POST /trpc/drafts.saveAnswer HTTP/1.1', 'Content-Type: application/json', `Cookie: ${cookie}`, `Content-Length: ${1024 * MiB}`])
		expect(trpc.status).toBe(413)
		expect(trpc.headers.connection).toBe('close')
		expect(JSON.parse(trpc.body).error.data.code).toBe('PAYLOAD_TOO_LARGE')
		await trpc.closed
		const justOver = await sendRaw(baseURL!, ['POST /trpc/drafts.saveAnswer HTTP/1.1', 'Content-Type: application/json', `Content-Length: ${MAX_TRPC_BODY_BYTES + 1}`])
		expect(justOver.status).toBe(413)
		const chunked = await sendRaw(baseURL!, ['POST /trpc/drafts.saveAnswer HTTP/1.1', 'Content-Type: application/json', `Cookie: ${cookie}`, 'Transfer-Encoding: chunked'], '2\r\n{}\r\n')
		expect(chunked.status).toBe(411)
		expect(JSON.parse(chunked.body).error.message).toMatch(/Content-Length/)
	})

	test('an upload whose Content-Type is written in capitals goes to the streaming parser, as its size limit assumes, never read whole', async ({ request }) => {
		const boundary = '----CapitalBoundary'
		const body = Buffer.concat([
			Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="work.png"\r\nContent-Type: image/png\r\n\r\n`),
			tinyPng(),
			Buffer.from(`\r\n--${boundary}--\r\n`),
		])
		const cookie = `cb_session=${await createE2eSession(await createE2eUser())}`
		const posted = await request.post('/portal/profile', { headers: { Cookie: cookie, 'Content-Type': `Multipart/Form-Data; boundary=${boundary}` }, data: body, maxRedirects: 0 })
		// Remix's multipart parser reads only the lower-case type, so the upload is refused as
		// unreadable, with the page's failure toast; read whole, it was an unknown form (400).
		expect(posted.status()).toBe(302)
		expect(posted.headers()['location']).toBe('/portal/profile')
		const page = await request.get('/portal/profile', { headers: { Cookie: `${cookie}; ${posted.headers()['set-cookie']!.split(';')[0]}` } })
		expect(await page.text()).toContain('Failed to upload files. The upload could not be read. Please try again.')
	})

	test('requests no browser sends are 4xx, not 500s: an absolute-form target, a Host that is no host name, TRACE', async ({ baseURL }) => {
		const absolute = await sendRaw(baseURL!, ['GET http://evil.example/signin HTTP/1.1'])
		expect(absolute.status).toBe(400)
		const badHost = await sendRaw(baseURL!, ['GET /pricing HTTP/1.1', 'Host: a b'])
		expect(badHost.status).toBe(400)
		const trace = await sendRaw(baseURL!, ['TRACE / HTTP/1.1'])
		expect(trace.status).toBe(405)
	})

	test('a post to an address that only serves (a file, a calendar feed) says so: 405 with Allow', async ({ request }) => {
		for (const path of ['/calendar/not-a-token.ics', '/files/00000000-0000-4000-8000-000000000000']) {
			const posted = await request.post(path, { headers: { Cookie: cookie }, form: { a: '1' }, maxRedirects: 0 })
			expect(posted.status()).toBe(405)
			expect(posted.headers()['allow']).toBe('GET, HEAD')
			expect(await posted.text()).toBe('This address does not accept POST requests.')
		}
		// A route's own refusal keeps its words and its Allow.
		const ingest = await request.get('/api/profile/ingest', { headers: { Cookie: cookie } })
		expect(ingest.status()).toBe(405)
		expect(ingest.headers()['allow']).toBe('POST')
		expect(await ingest.json()).toEqual({ error: 'Method not allowed' })
	})

	test('a body without a Content-Length (chunked) is refused with 411', async ({ baseURL }) => {
		const answer = await sendRaw(baseURL!, ['POST /signin HTTP/1.1', FORM, 'Transfer-Encoding: chunked'], '9\r\nemail=a%40\r\n')
		expect(answer.status).toBe(411)
		expect(answer.body).toMatch(/Content-Length/)
	})

	test('a form action refuses JSON and empty bodies (415) and a broken multipart body (400)', async ({ request }) => {
		const headers = { Cookie: cookie }
		const json = await request.post('/portal/preferences', { headers: { ...headers, 'Content-Type': 'application/json' }, data: '{"intent":"toggle-sidebar"}' })
		expect(json.status()).toBe(415)
		expect(await json.text()).toMatch(/takes a form/)
		const empty = await request.post('/portal/preferences', { headers })
		expect(empty.status()).toBe(415)
		const broken = await request.post('/portal/preferences', {
			headers: { ...headers, 'Content-Type': 'multipart/form-data; boundary=----cut' },
			data: '------cut\r\nContent-Disposition: form-data; name="intent"\r\n\r\ntoggle-sid',
		})
		expect(broken.status()).toBe(400)
		expect(await broken.text()).toMatch(/could not be read/)
	})

	test('/api/profile/ingest refuses a body that is not JSON (415) or holds a NUL character (400)', async ({ request }) => {
		const user = await createE2eUser()
		const headers = { Cookie: `cb_session=${await createE2eSession(user)}` }
		const body = JSON.stringify({ user_id: user.id, profile_data: { fullName: 'E2E Artist' } })
		const text = await request.post('/api/profile/ingest', { headers: { ...headers, 'Content-Type': 'text/plain' }, data: body })
		expect(text.status()).toBe(415)
		const nul = await request.post('/api/profile/ingest', {
			headers: { ...headers, 'Content-Type': 'application/json' },
			data: JSON.stringify({ user_id: user.id, profile_data: { fullName: 'E2E\u0000Artist' } }),
		})
		expect(nul.status()).toBe(400)
		expect(await nul.json()).toEqual({ error: expect.stringMatching(/NUL/) })
	})

	test('a NUL character in a URL is a 400 with a sentence', async ({ request }) => {
		for (const path of ['/portal/feed?location=%00', '/portal/feed?q=art%00', `/portal/drafts/${SOME_ID}%00`]) {
			const response = await request.get(path, { headers: { Cookie: cookie }, maxRedirects: 0 })
			expect(response.status(), path).toBe(400)
			expect(await response.text()).toMatch(/NUL/)
		}
	})

	test(`a tRPC batch of more than ${MAX_BATCH_SIZE} calls is refused (400) before any runs`, async ({ request }) => {
		const paths = Array.from({ length: 900 }, () => 'context.get').join(',')
		const response = await request.get(`/trpc/${paths}?batch=1`, { headers: { Cookie: cookie } })
		expect(response.status()).toBe(400)
		const body = await response.json()
		// One error for the request, not one result per call.
		expect(Array.isArray(body)).toBe(false)
		expect(body.error.message).toMatch(/batch/i)
	})

	test('a NUL character anywhere in a tRPC input is refused (400 BAD_REQUEST)', async ({ request }) => {
		const input = JSON.stringify({ opportunityId: SOME_ID, slug: 'artist\u0000statement' })
		const query = await request.get(`/trpc/context.get?input=${encodeURIComponent(input)}`, { headers: { Cookie: cookie } })
		expect(query.status()).toBe(400)
		expect((await query.json()).error.message).toMatch(/NUL/)

		const mutation = await request.post('/trpc/drafts.saveAnswer', {
			headers: { Cookie: cookie, 'Content-Type': 'application/json' },
			data: JSON.stringify({ answerId: SOME_ID, userEdit: 'My practice\u0000' }),
		})
		expect(mutation.status()).toBe(400)
		expect((await mutation.json()).error.data.code).toBe('BAD_REQUEST')
	})

	test('a post whose Host a proxy rewrote is refused with 403 and a hint, not a 500', async ({ baseURL }) => {
		const answer = await sendRaw(baseURL!, ['POST /signin HTTP/1.1', 'Host: callboard-backend:3000', `Origin: ${baseURL}`, FORM, 'Content-Length: 0'])
		expect(answer.status).toBe(403)
		expect(answer.body).toMatch(/X-Forwarded-Host/)
	})
})
