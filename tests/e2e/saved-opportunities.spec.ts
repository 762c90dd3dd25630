import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { createE2eSession, createE2eUser, signIn, withE2eDb, type E2eUser } from './support/e2e-db.ts'
import { isJs, open, toasts } from './support/page.ts'

// Runs with JavaScript on and off ("js" and "no-js" projects) unless tagged @js-only.

const marker = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/**
 * An active opportunity due in `days` days, in `location` (a filter that finds it among everyone
 * else's); returns its id and its deadline as an iCalendar DATE.
 */
async function insertOpportunity(title: string, days: number, location = 'Lisbon') {
	return withE2eDb(async (client) => {
		const { rows } = await client.query<{ id: string; day: string }>(
			`INSERT INTO opportunities (title, organization, location, url, category, deadline, slug)
			 VALUES ($1, 'E2E Arts Council', $3, 'https://example.org/call', 'grant', CURRENT_DATE + $2::int, 'e2e-saved')
			 RETURNING id, to_char(deadline, 'YYYYMMDD') AS day`,
			[title, days, location],
		)
		return rows[0]!
	})
}

async function insertDraft(user: E2eUser, opportunity: { id: string }, title: string) {
	await withE2eDb((client) =>
		client.query(
			`INSERT INTO drafts (user_id, opportunity_id, opportunity_title, title, status, updated_at)
			 VALUES ($1, $2, $3, $3 || ' draft', 'draft', now())`,
			[user.id, opportunity.id, title],
		),
	)
}

/** The save button of `title`, whichever state it is in: named "Save {title}" or "Saved {title}", as it reads. */
const saveButton = (page: Page, title: string) =>
	page.getByRole('button', { name: `Save ${title}`, exact: true }).or(page.getByRole('button', { name: `Saved ${title}`, exact: true }))

/**
 * Clicks the save button and waits for the result: with JavaScript the fetcher toggles it in place;
 * without, the form posts, comes back to the same page, and a toast says what happened.
 */
async function toggleSave(page: Page, title: string, toast: string) {
	const button = saveButton(page, title)
	const pressed = (await button.getAttribute('aria-pressed')) === 'true'
	// With JavaScript the button turns at once, before the server has it: the post's answer is awaited
	// too, or a navigation right after would cancel it.
	const answered = page.waitForResponse((response) => response.request().method() === 'POST')
	await button.click()
	await expect(saveButton(page, title)).toHaveAttribute('aria-pressed', String(!pressed))
	expect((await answered).status()).toBeLessThan(400)
	if (!isJs()) await expect(toasts(page).getByText(toast, { exact: true })).toBeVisible()
}

test('an artist saves opportunities from the detail page and a feed card, finds them under Saved, and unsaves them', async ({ page, context, baseURL }) => {
	const user = await createE2eUser()
	await signIn(context, user, baseURL!)
	const tag = marker()
	const [fromDetail, fromCard] = [`Detail Grant ${tag}`, `Card Grant ${tag}`]
	const detail = await insertOpportunity(fromDetail, 3, tag)
	await insertOpportunity(fromCard, 4, tag)
	const feed = `/portal/feed?${new URLSearchParams({ location: tag })}`

	// From the detail page.
	await open(page, `/portal/opportunities/${detail.id}`)
	await expect(saveButton(page, fromDetail)).toHaveAttribute('aria-pressed', 'false')
	await expect(saveButton(page, fromDetail)).toHaveAccessibleName(`Save ${fromDetail}`)
	await toggleSave(page, fromDetail, 'Saved')
	await expect(page).toHaveURL(new RegExp(`/portal/opportunities/${detail.id}$`))
	await expect(saveButton(page, fromDetail)).toHaveAccessibleName(`Saved ${fromDetail}`)
	await expect(saveButton(page, fromDetail)).toContainText('Saved')
	// It stays saved after a reload: the server has it.
	await open(page, `/portal/opportunities/${detail.id}`)
	await expect(saveButton(page, fromDetail)).toHaveAttribute('aria-pressed', 'true')

	// From a feed card, which stays on the feed with its filters.
	await open(page, feed)
	await expect(saveButton(page, fromDetail)).toHaveAttribute('aria-pressed', 'true')
	await toggleSave(page, fromCard, 'Saved')
	await expect(page).toHaveURL(feed)

	// The Saved filter shows both, and only saved ones.
	await open(page, '/portal/feed?saved=1')
	await expect(saveButton(page, fromDetail)).toBeVisible()
	await expect(saveButton(page, fromCard)).toBeVisible()
	await expect(page.getByRole('button', { name: /^Saved? /, pressed: false })).toHaveCount(0)

	// Unsaved from the filtered feed, it leaves the list (the feed reloads: by revalidation or by the redirect).
	await saveButton(page, fromCard).click()
	await expect(saveButton(page, fromCard)).toHaveCount(0)
	if (!isJs()) await expect(toasts(page).getByText('Removed from saved', { exact: true })).toBeVisible()
	await expect(saveButton(page, fromDetail)).toBeVisible()
	await open(page, '/portal/feed?saved=1')
	await expect(saveButton(page, fromCard)).toHaveCount(0)
})

test('with JavaScript, a save that fails says why, once', { tag: '@js-only' }, async ({ page, context, baseURL }) => {
	await signIn(context, await createE2eUser(), baseURL!)
	const tag = marker()
	const [onFeed, onPage] = [`Withdrawn Card ${tag}`, `Withdrawn Page ${tag}`]
	const card = await insertOpportunity(onFeed, 6, tag)
	const detail = await insertOpportunity(onPage, 6, tag)
	const hide = (id: string) => withE2eDb((client) => client.query('UPDATE opportunities SET active = false WHERE id = $1', [id]))
	const notFound = toasts(page).getByText('Opportunity not found')

	// An admin hides the opportunity while the feed is open: its card goes, and a toast says why.
	await open(page, `/portal/feed?${new URLSearchParams({ location: tag })}`)
	await hide(card.id)
	await saveButton(page, onFeed).click()
	await expect(notFound).toHaveCount(1)
	await expect(saveButton(page, onFeed)).toHaveCount(0)

	// On its own page, the page sends the artist back to the feed, with one toast.
	await page.getByRole('button', { name: 'Dismiss notification' }).click()
	await open(page, `/portal/opportunities/${detail.id}`)
	await hide(detail.id)
	await saveButton(page, onPage).click()
	await expect(page).toHaveURL(/\/portal\/feed$/)
	await expect(notFound).toHaveCount(1)
})

test('the deadline calendar lists saved and drafted-for deadlines at a secret URL that can be regenerated', async ({ page, context, baseURL, request }) => {
	const user = await createE2eUser()
	await signIn(context, user, baseURL!)
	const tag = marker()
	const [savedTitle, draftedTitle, otherTitle] = [`Saved Call ${tag}`, `Drafted Call ${tag}`, `Other Call ${tag}`]
	const saved = await insertOpportunity(savedTitle, 12)
	const drafted = await insertOpportunity(draftedTitle, 40)
	await insertOpportunity(otherTitle, 20)
	await insertDraft(user, drafted, draftedTitle)

	// Saved through the save form as a browser without JavaScript posts it (the page's own button is another test's).
	const post = await page.request.post(`/portal/opportunities/${saved.id}/save`, {
		form: { intent: 'save', redirectTo: '/portal/calendar' },
		maxRedirects: 0,
	})
	expect(post.status()).toBe(302)
	expect(post.headers().location).toBe('/portal/calendar')

	await open(page, '/portal/calendar')
	await expect(page.getByRole('heading', { name: 'Deadline calendar', level: 1 })).toBeVisible()
	const link = page.getByLabel('Calendar link')
	await expect(link).toHaveAttribute('readonly', '')
	const url = await link.inputValue()
	expect(url).toMatch(new RegExp(`^${baseURL}/calendar/[A-Za-z0-9_-]{43}\\.ics$`))
	await expect(page.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute('href', url.replace(/^http:/, 'webcal:'))
	await expect(page.getByRole('button', { name: 'Copy link' })).toHaveCount(isJs() ? 1 : 0)

	// A calendar app fetches it without any session: the secret in the URL is the credential.
	const ics = await request.get(url)
	expect(ics.status()).toBe(200)
	expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8')
	expect(ics.headers()['cache-control']).toBe('private, max-age=900')
	expect(ics.headers()['x-robots-tag']).toBe('noindex')
	const body = await ics.text()
	expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
	expect(body).toContain(`SUMMARY:Deadline: ${savedTitle}\r\n`)
	expect(body).toContain(`DTSTART;VALUE=DATE:${saved.day}\r\n`)
	expect(body).toContain(`SUMMARY:Deadline: ${draftedTitle}\r\n`)
	expect(body).toContain(`DTSTART;VALUE=DATE:${drafted.day}\r\n`)
	expect(body).not.toContain(otherTitle)
	expect((await request.get(url.replace(/\.ics$/, ''))).status()).toBe(404)

	// Regenerating revokes the old URL at once, once the artist confirms it.
	await page.getByRole('button', { name: 'Regenerate link' }).click()
	// The browser asks for the box first: nothing was posted, the link is the same. A post without
	// it (made by hand) changes nothing either.
	await expect(link).toHaveValue(url)
	const unconfirmed = await page.request.post('/portal/calendar', { form: { intent: 'regenerate' }, headers: { Origin: baseURL! }, maxRedirects: 0 })
	expect(unconfirmed.status()).toBe(302)
	expect((await request.get(url)).status()).toBe(200)
	await page.getByRole('checkbox', { name: 'Calendars subscribed with the current link will stop updating.' }).check()
	await page.getByRole('button', { name: 'Regenerate link' }).click()
	await expect(toasts(page).getByText('New calendar link')).toBeVisible()
	await expect(link).not.toHaveValue(url)
	const fresh = await link.inputValue()
	expect((await request.get(url)).status()).toBe(404)
	const renewed = await request.get(fresh)
	expect(renewed.status()).toBe(200)
	expect(await renewed.text()).toContain(`SUMMARY:Deadline: ${savedTitle}\r\n`)
})

test('Copy link puts the calendar link on the clipboard', { tag: '@js-only' }, async ({ page, context, baseURL }) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write'])
	await signIn(context, await createE2eUser(), baseURL!)
	await open(page, '/portal/calendar')
	await page.getByRole('button', { name: 'Copy link' }).click()
	await expect(toasts(page).getByText('Calendar link copied to clipboard')).toBeVisible()
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await page.getByLabel('Calendar link').inputValue())
})

test('/portal/calendar has no accessibility violations', { tag: '@js-only' }, async ({ page, context, baseURL }) => {
	await signIn(context, await createE2eUser(), baseURL!)
	await open(page, '/portal/calendar')
	const { violations } = await new AxeBuilder({ page }).analyze()
	expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([])
})

test.describe('the save form and the calendar URL at their edges', { tag: '@js-only' }, () => {
	const post = (request: APIRequestContext, id: string, token: string, form: Record<string, string>) =>
		request.post(`/portal/opportunities/${id}/save`, { form, maxRedirects: 0, headers: { Cookie: `cb_session=${token}` } })

	test('unknown intents are a 400, a hidden opportunity goes back with a toast, a GET goes to the opportunity', async ({ request }) => {
		const token = await createE2eSession(await createE2eUser())
		const { id } = await insertOpportunity(`Edge Call ${marker()}`, 5)

		const tampered = await post(request, id, token, { intent: 'delete-everything', redirectTo: '/portal/feed' })
		expect(tampered.status()).toBe(400)
		expect(await tampered.text()).toContain('Unknown action: choose save or unsave')

		await withE2eDb((client) => client.query('UPDATE opportunities SET active = false WHERE id = $1', [id]))
		const hidden = await post(request, id, token, { intent: 'save', redirectTo: '/portal/feed' })
		expect(hidden.status()).toBe(302)
		expect(hidden.headers().location).toBe('/portal/feed')
		expect(hidden.headers()['set-cookie']).toContain('cb_toast=')
		// Another site's address is not a place to go back to.
		const offsite = await post(request, id, token, { intent: 'unsave', redirectTo: '//evil.example/' })
		expect(offsite.headers().location).toBe(`/portal/opportunities/${id}`)

		const get = await request.get(`/portal/opportunities/${id}/save`, { maxRedirects: 0, headers: { Cookie: `cb_session=${token}` } })
		expect(get.status()).toBe(302)
		expect(get.headers().location).toBe(`/portal/opportunities/${id}`)
	})

	test('signed-out visitors cannot save; unknown calendar tokens are a 404', async ({ request }) => {
		const { id } = await insertOpportunity(`Anonymous Call ${marker()}`, 5)
		const anonymous = await request.post(`/portal/opportunities/${id}/save`, { form: { intent: 'save' }, maxRedirects: 0 })
		expect(anonymous.status()).toBe(302)
		expect(anonymous.headers().location).toMatch(/^\/signin\?/)

		for (const path of [`/calendar/${'A'.repeat(43)}.ics`, '/calendar/not-a-token.ics', '/calendar/.ics']) {
			const response = await request.get(path)
			expect(response.status(), path).toBe(404)
		}
	})
})
