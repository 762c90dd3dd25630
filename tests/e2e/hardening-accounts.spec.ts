import { expect, test, type APIRequest, type APIRequestContext } from '@playwright/test'
import { createE2eUser, signIn as signInAs } from './support/e2e-db.ts'
import { toasts, uniqueEmail } from './support/page.ts'

/*
 * The account limits and the redirect filter over HTTP, against the production build
 * (docs/decisions/023-account-limits-and-redirects.md). Every request here comes from the test
 * runner's one address, as a class behind a school's NAT would; the server runs with
 * TRUST_PROXY=0 (the default), so X-Forwarded-For is only a header.
 */

const PASSWORD = 'paint-2026'

function signIn(request: APIRequestContext, form: Record<string, string>, headers: Record<string, string> = {}) {
	return request.post('/signin', { form: { intent: 'signin', ...form }, headers, maxRedirects: 0 })
}

/** A browser of its own: a signed-in visitor's /signin redirects, so each artist starts without cookies. */
async function withOwnBrowser<T>(api: APIRequest, baseURL: string | undefined, run: (request: APIRequestContext) => Promise<T>) {
	const request = await api.newContext({ baseURL })
	try {
		return await run(request)
	} finally {
		await request.dispose()
	}
}

test.describe('account limits and redirects @js-only', () => {
	test('wrong passwords for one artist are limited however X-Forwarded-For rotates', async ({ request }) => {
		const artist = await createE2eUser({ password: PASSWORD })
		for (let attempt = 1; attempt <= 10; attempt++) {
			const response = await signIn(request, { email: artist.email, password: `guess-${attempt}` }, { 'X-Forwarded-For': `203.0.113.${attempt}` })
			expect(response.status(), `attempt ${attempt}`).toBe(401)
		}
		const refused = await signIn(request, { email: artist.email, password: PASSWORD }, { 'X-Forwarded-For': '198.51.100.77' })
		expect(refused.status()).toBe(429)
		expect(await refused.text()).toMatch(/Too many attempts\. Try again in (\d+ minutes|1 minute)\./)

		// Only that account is locked from this address: another artist here signs in.
		const classmate = await createE2eUser({ password: PASSWORD })
		const signedIn = await signIn(request, { email: classmate.email, password: PASSWORD })
		expect(signedIn.status()).toBe(302)
		expect(signedIn.headers()['set-cookie']).toMatch(/cb_session=[\w-]+/)
	})

	test('30 artists sign in from one address within 15 minutes, each after a typo', async ({ playwright, baseURL }) => {
		const artists = await Promise.all(Array.from({ length: 30 }, () => createE2eUser({ password: PASSWORD })))
		for (const artist of artists) {
			await withOwnBrowser(playwright.request, baseURL, async (request) => {
				expect((await signIn(request, { email: artist.email, password: 'Paint-2026' })).status(), artist.email).toBe(401)
				const response = await signIn(request, { email: artist.email, password: PASSWORD })
				expect(response.status(), artist.email).toBe(302)
				expect(response.headers().location).toBe('/')
			})
		}
	})

	test('redirectTo leads only to paths of this site', async ({ request }) => {
		// The page does not carry a refused target along in its forms.
		const page = await request.get('/signin?redirectTo=/%09/evil.example')
		expect(page.status()).toBe(200)
		expect(await page.text()).not.toContain('name="redirectTo"')
		const kept = await request.get(`/signin?${new URLSearchParams({ redirectTo: '/portal/drafts?tab=1' })}`)
		expect(await kept.text()).toContain('name="redirectTo" value="/portal/drafts?tab=1"')

		const artist = await createE2eUser({ password: PASSWORD })
		// "/%09/evil.example" in a query arrives as "/\t/evil.example", which browsers read as https://evil.example/.
		const response = await signIn(request, { email: artist.email, password: PASSWORD, redirectTo: '/\t/evil.example' })
		expect(response.status()).toBe(302)
		expect(response.headers().location).toBe('/')
	})

	test('magic link and password reset answer the same for an address without an account', async ({ request }) => {
		const artist = await createE2eUser()
		const answers = []
		for (const email of [artist.email, uniqueEmail('nobody')]) {
			const magic = await request.post('/signin', { form: { intent: 'magic-link', email }, maxRedirects: 0 })
			const reset = await request.post('/forgot-password', { form: { email }, maxRedirects: 0 })
			answers.push([magic.status(), magic.headers().location, reset.status(), reset.headers().location])
		}
		expect(answers[0]).toEqual([302, '/signin?magic=sent', 302, '/forgot-password?sent=1'])
		expect(answers[1]).toEqual(answers[0])
	})
})

// With JavaScript on and off.
test('opening /signout asks first; its button signs out', async ({ page, context, baseURL }) => {
	await signInAs(context, await createE2eUser(), baseURL!)
	await page.goto('/signout')
	await expect(page.getByRole('heading', { name: 'Sign out' })).toBeVisible()
	await page.goto('/portal/feed')
	await expect(page).toHaveURL(/\/portal\/feed$/)

	await page.goto('/signout')
	await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click()
	await expect(page).toHaveURL(/\/$/)
	await expect(toasts(page)).toContainText('Signed out')
	await page.goto('/signout')
	await expect(page).toHaveURL(/\/$/)
})
