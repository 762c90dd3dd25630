import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { createE2eUser, signIn, withE2eDb } from './support/e2e-db.ts'
import { isJs, open, toasts, whenHydrated } from './support/page.ts'

// Runs with JavaScript on and off ("js" and "no-js" projects) unless tagged @js-only.

const marker = () => `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** 25 opportunities tagged `tag`, the last 5 residencies, one a minute apart (#24 the newest). */
async function insertOpportunities(tag: string) {
	await withE2eDb((client) =>
		client.query(
			`INSERT INTO opportunities (title, url, category, location, deadline, tags, slug, created_at)
			 SELECT 'Listed ' || $1 || ' ' || n, 'https://example.org/' || n,
			        (CASE WHEN n >= 20 THEN 'residency' ELSE 'grant' END)::category,
			        'Porto', CURRENT_DATE + 30, ARRAY[$1, 'painting'], 'listed-' || n,
			        now() - interval '1 day' + n * interval '1 minute'
			 FROM generate_series(0, 24) AS n`,
			[tag],
		),
	)
}

/** Submits the dashboard's filters: by themselves with JavaScript, with the button without. */
async function applyFilters(page: Page) {
	if (!isJs()) await page.getByRole('button', { name: 'Apply filters' }).click()
}

test('an admin creates, edits, filters, pages and deletes opportunities', async ({ page, context, baseURL }) => {
	const admin = await createE2eUser({ role: 'admin' })
	await signIn(context, admin, baseURL!)
	const tag = marker()
	const title = `Spring Grant ${tag}`

	// Create: the rules are checked before anything is saved.
	await open(page, '/admin/opportunities/new')
	await expect(page.getByRole('heading', { name: 'New Opportunity' })).toBeVisible()
	await expect(page.getByText('add custom application questions')).toBeVisible()
	await page.getByLabel('Title').fill('ab')
	await page.getByLabel('URL').fill('not a url')
	await page.getByLabel('Category').selectOption('grant')
	if (isJs()) {
		await expect(page.getByRole('button', { name: 'Create', exact: true })).toBeDisabled()
	} else {
		await page.getByRole('button', { name: 'Create', exact: true }).click()
	}
	await expect(page.getByText('Title must be at least 3 characters')).toBeVisible()
	await expect(page.getByText('Must be a valid URL')).toBeVisible()
	// Without JavaScript the server kept what was typed.
	await expect(page.getByLabel('Title')).toHaveValue('ab')

	await page.getByLabel('Title').fill(title)
	await page.getByLabel('URL').fill('https://example.org/spring')
	await page.getByLabel('Deadline').fill('2031-01-05')
	await page.getByLabel('Location').fill('Lisbon')
	if (isJs()) {
		const tags = page.getByRole('textbox', { name: 'Tags' })
		for (const value of ['Painting', 'painting', tag]) {
			await tags.fill(value)
			await tags.press('Enter')
		}
		await expect(page.getByText('2/10 tags')).toBeVisible()
		// Removing a tag leaves focus on the next one's button, then on the box, not on the page.
		await tags.fill('extra')
		await tags.press('Enter')
		await page.getByRole('button', { name: `Remove tag ${tag}` }).click()
		await expect(page.getByRole('button', { name: 'Remove tag extra' })).toBeFocused()
		await page.getByRole('button', { name: 'Remove tag extra' }).click()
		await expect(page.getByRole('button', { name: 'Remove tag painting' })).toBeFocused()
		await tags.fill(tag)
		await tags.press('Enter')
		await expect(page.getByText('2/10 tags')).toBeVisible()
		// The preview follows the form.
		const preview = page.getByRole('region', { name: 'Preview' })
		await expect(preview.getByRole('heading', { name: title })).toBeVisible()
		await expect(preview.getByText('Deadline: January 5, 2031')).toBeVisible()
	} else {
		await page.getByLabel('Tags').fill(`Painting, painting, ${tag}`)
	}
	await page.getByLabel('Description').fill('Money for painters.')
	await page.getByRole('button', { name: 'Create', exact: true }).click()

	await expect(page).toHaveURL(/\/admin\/opportunities\/[0-9a-f-]{36}$/)
	await expect(toasts(page).getByText('Opportunity created successfully! You can now add application questions.')).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
	// Tabs of several opportunities can be told apart.
	await expect(page).toHaveTitle(`Edit: ${title} · Callboard`)
	await expect(page.getByRole('link', { name: 'Opportunity Details' })).toHaveAttribute('aria-current', 'page')
	await expect(page.getByRole('link', { name: 'Application Questions' })).toBeVisible()
	if (isJs()) {
		await expect(page.getByRole('list', { name: 'Tags added' }).getByRole('listitem')).toHaveText([/^painting/, new RegExp(`^${tag}`)])
	} else {
		await expect(page.getByLabel('Tags')).toHaveValue(`painting, ${tag}`)
	}

	// Edit, back to the dashboard.
	await whenHydrated(page)
	await page.getByLabel('Title').fill(`${title} Updated`)
	await page.getByRole('switch', { name: /^Active/ }).uncheck()
	await page.getByRole('button', { name: 'Update Opportunity' }).click()
	await expect(page).toHaveURL(/\/admin$/)
	await expect(toasts(page).getByText('Opportunity updated successfully')).toBeVisible()
	// The new row shows its deadline and the day it was created. Found by its title: other spec files
	// running meanwhile add calls, which can push it off the first page of the newest.
	await page.getByLabel('Search').fill(`${title} Updated`)
	await applyFilters(page)
	const today = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date())
	const row = page.getByRole('row', { name: new RegExp(`${title} Updated`) })
	await expect(row.getByRole('cell', { name: 'Jan 5, 2031' })).toBeVisible()
	await expect(row.getByRole('cell', { name: today, exact: true })).toBeVisible()
	// Hidden from artists now, and marked so.
	await expect(row.getByRole('rowheader')).toContainText(`${title} UpdatedInactive`)

	// Search by tag, then page.
	const listTag = marker()
	await insertOpportunities(listTag)
	await open(page, '/admin')
	await page.getByLabel('Search').fill(listTag.toUpperCase())
	await applyFilters(page)
	await expect(page.getByText('Showing 1-20 of 25 opportunities')).toBeVisible()
	await expect(page.getByText('Page 1 of 2')).toBeVisible()
	await expect(page.getByRole('rowheader', { name: new RegExp(`Listed ${listTag} 24\\b`) })).toBeVisible()
	await page.getByRole('link', { name: 'Next' }).click()
	await expect(page.getByText('Showing 21-25 of 25 opportunities')).toBeVisible()
	await expect(page.getByText('Page 2 of 2')).toBeVisible()
	await expect(page).toHaveURL(/page=2/)

	// Category filter (the page goes back to 1).
	await whenHydrated(page)
	await page.getByLabel('Category').selectOption('residency')
	await applyFilters(page)
	await expect(page.getByText('Showing 1-5 of 5 opportunities')).toBeVisible()
	await expect(page).toHaveURL(/category=residency/)

	// Delete through the confirmation, back to the same filtered list.
	const doomed = `Listed ${listTag} 22`
	await page.getByRole('row', { name: new RegExp(doomed) }).getByRole(isJs() ? 'button' : 'link', { name: /^Delete/ }).click()
	const question = `Are you sure you want to delete "${doomed}"? This action cannot be undone.`
	if (isJs()) {
		const dialog = page.getByRole('dialog')
		await expect(dialog.getByText(question)).toBeVisible()
		// A click outside does not dismiss it.
		await page.mouse.click(5, 5)
		await expect(dialog).toBeVisible()
		await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
	} else {
		await expect(page).toHaveURL(/\/delete\?redirectTo=/)
		await expect(page.getByText(question)).toBeVisible()
		await page.getByRole('button', { name: 'Delete' }).click()
	}
	await expect(toasts(page).getByText(`"${doomed}" has been deleted`)).toBeVisible()
	// Its row and Delete button are gone: focus is on the table, where the keyboard was.
	if (isJs()) await expect(page.getByRole('region', { name: 'Opportunities table' })).toBeFocused()
	await expect(page).toHaveURL(/category=residency/)
	await expect(page.getByText('Showing 1-4 of 4 opportunities')).toBeVisible()
	await expect(page.getByRole('row', { name: new RegExp(doomed) })).toHaveCount(0)

	// The sidebar's Opportunities page is the same list.
	await open(page, `/admin/opportunities?q=${listTag}`)
	await expect(page.getByText('Showing 1-20 of 24 opportunities')).toBeVisible()
})

test("on a phone each row's Edit and Delete stay on screen while the table scrolls sideways", async ({ page, context, baseURL }) => {
	await signIn(context, await createE2eUser({ role: 'admin' }), baseURL!)
	await page.setViewportSize({ width: 390, height: 844 })
	await open(page, '/admin')
	const row = page.getByRole('region', { name: 'Opportunities table' }).getByRole('row').nth(1)
	for (const name of [/^Edit/, /^Delete/]) {
		// A link or a button, as JavaScript makes it.
		const box = (await row.getByRole('link', { name }).or(row.getByRole('button', { name })).first().boundingBox())!
		expect(box.x + box.width).toBeLessThanOrEqual(390)
	}
	// The sticky column shows icons only, so it covers little of the columns scrolling under it.
	expect((await row.getByRole('cell').last().boundingBox())!.width).toBeLessThanOrEqual(120)
	// The page itself does not scroll sideways.
	expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
	// The admin links fit beside the New button: none is cut off or under it.
	const nav = page.getByRole('navigation', { name: 'Admin' }).filter({ visible: true })
	const navBox = (await nav.boundingBox())!
	const newBox = (await nav.locator('xpath=..').getByRole('link', { name: 'New Opportunity' }).boundingBox())!
	for (const name of ['Dashboard', 'Opportunities', 'Users']) {
		const box = (await nav.getByRole('link', { name, exact: true }).boundingBox())!
		expect([name, box.x + box.width <= navBox.x + navBox.width, box.x + box.width <= newBox.x]).toEqual([name, true, true])
	}
})

test('a tag over 50 characters is refused with its reason, and a comma makes two tags', async ({ page, context, baseURL }) => {
	await signIn(context, await createE2eUser({ role: 'admin' }), baseURL!)
	await open(page, '/admin/opportunities/new')
	const long = `t${marker()}`.padEnd(55, 'x')
	if (isJs()) {
		const tags = page.getByRole('textbox', { name: 'Tags' })
		await tags.fill(long)
		await tags.press('Enter')
		await expect(page.getByText('Tags must be at most 50 characters')).toBeVisible()
		// The tag stays in the box to shorten, and was not added.
		await expect(tags).toHaveValue(long)
		await expect(tags).toHaveAttribute('aria-invalid', 'true')
		await expect(page.getByText('0/10 tags')).toBeVisible()
		await tags.fill('oil,clay')
		await tags.press('Enter')
		await expect(page.getByRole('list', { name: 'Tags added' }).getByRole('listitem')).toHaveText([/^oil/, /^clay/])
		await expect(page.getByText('2/10 tags')).toBeVisible()
	} else {
		await page.getByLabel('Title').fill(`Long Tag Grant ${marker()}`)
		await page.getByLabel('URL').fill('https://example.org/long-tag')
		await page.getByLabel('Category').selectOption('grant')
		await page.getByLabel('Tags').fill(`oil, ${long}`)
		await page.getByRole('button', { name: 'Create', exact: true }).click()
		await expect(page.getByText('Tags must be at most 50 characters')).toBeVisible()
		await expect(page.getByLabel('Tags')).toHaveValue(`oil, ${long}`)
	}
})

test('an unknown or malformed opportunity id goes back to the dashboard with "Not Found"', async ({ page, context, baseURL }) => {
	const admin = await createE2eUser({ role: 'admin' })
	await signIn(context, admin, baseURL!)
	for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
		await page.goto(`/admin/opportunities/${id}`)
		await expect(page).toHaveURL(/\/admin$/)
		await expect(toasts(page).getByText('The opportunity you are looking for does not exist.')).toBeVisible()
	}
})

test('the dashboard and the create page pass an accessibility check @js-only', async ({ page, context, baseURL }) => {
	const admin = await createE2eUser({ role: 'admin' })
	await signIn(context, admin, baseURL!)
	await insertOpportunities(marker())
	for (const path of ['/admin', '/admin/opportunities/new']) {
		await open(page, path)
		const results = await new AxeBuilder({ page }).analyze()
		expect(results.violations, path).toEqual([])
	}
})

test('arrowing through a filter loads the list once, when the keys stop @js-only', async ({ page, context, baseURL }) => {
	const admin = await createE2eUser({ role: 'admin' })
	await signIn(context, admin, baseURL!)
	await page.clock.install()
	await open(page, '/admin')
	await whenHydrated(page)
	const loads: string[] = []
	page.on('request', (request) => {
		if (request.url().includes('deadline=')) loads.push(new URL(request.url()).searchParams.get('deadline') ?? '')
	})
	const deadline = page.getByLabel('Deadline')
	await deadline.focus()
	// The pause the filter waits for is the page's clock's, held still while the keys go: on a loaded
	// machine two presses can be further apart than the pause itself.
	await page.clock.pauseAt(Date.now() + 1_000)
	await deadline.press('ArrowDown')
	await deadline.press('ArrowDown')
	// FILTER_DELAY_MS (app/utils/use-filter-submit.ts).
	await page.clock.runFor(300)
	await page.clock.resume()
	await expect(page).toHaveURL(/deadline=past/)
	await expect(deadline).toBeFocused()
	expect(loads).toEqual(['past'])
})

test('the tenth tag, which disables the tag box, leaves focus on its Remove button @js-only', async ({ page, context, baseURL }) => {
	const admin = await createE2eUser({ role: 'admin' })
	await signIn(context, admin, baseURL!)
	await open(page, '/admin/opportunities/new')
	await whenHydrated(page)
	const tags = page.getByRole('textbox', { name: 'Tags' })
	for (let n = 1; n <= 10; n++) {
		await tags.fill(`t${n}`)
		await tags.press('Enter')
	}
	await expect(page.getByText('Maximum 10 tags reached')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Remove tag t10' })).toBeFocused()
})
