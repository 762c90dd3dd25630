import { expect, test, type Page } from '@playwright/test'
import { DISCARD_CHANGES_QUESTION } from '../../app/utils/use-discard-guard.ts'
import { createE2eOpportunity, createE2eUser, signIn, withE2eDb } from './support/e2e-db.ts'
import { isJs, open, toasts, whenFocusSettled } from './support/page.ts'

// What a keyboard and screen reader user meets across pages (found in a keyboard-only pass,
// 2026-11-27). Runs with JavaScript on and off ("js" and "no-js" projects) unless tagged @js-only.

const marker = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** The dialogs the page opens (window.confirm), answered with `accept` and listed by message. */
function answerDialogs(page: Page, accept: () => boolean) {
	const messages: string[] = []
	page.on('dialog', (dialog) => {
		messages.push(dialog.message())
		void (accept() ? dialog.accept() : dialog.dismiss())
	})
	return messages
}

test('tabbing backwards up the feed never leaves the focused control under the sticky header', async ({ page, context, baseURL }) => {
	await signIn(context, await createE2eUser(), baseURL!)
	for (let index = 0; index < 6; index += 1) await createE2eOpportunity({ title: `Header Check ${marker()}`, deadlineInDays: 20 + index })
	await page.setViewportSize({ width: 1280, height: 720 })
	await open(page, '/portal/feed')
	await page.keyboard.press('End')
	const covered: string[] = []
	for (let step = 0; step < 30; step += 1) {
		await page.keyboard.press('Shift+Tab')
		const place = await page.evaluate(() => {
			const focused = document.activeElement
			const header = document.querySelector('header')
			if (!(focused instanceof HTMLElement) || !header || !focused.closest('main')) return null
			return { name: focused.textContent?.trim().slice(0, 40) ?? '', top: focused.getBoundingClientRect().top, headerBottom: header.getBoundingClientRect().bottom }
		})
		if (place && place.top < place.headerBottom - 1) covered.push(`${place.name} at ${Math.round(place.top)} px`)
	}
	expect(covered).toEqual([])
})

test('Save on a card far down the feed leaves focus on that button, in view, with or without JavaScript', async ({ page, context, baseURL }) => {
	await signIn(context, await createE2eUser(), baseURL!)
	const place = `Focus Town ${marker()}`
	const titles: string[] = []
	for (let index = 0; index < 6; index += 1) titles.push((await createE2eOpportunity({ title: `Far Card ${marker()}`, location: place, deadlineInDays: 20 + index })).title)
	// A phone: the sixth card is several screens down.
	await page.setViewportSize({ width: 390, height: 844 })
	await open(page, `/portal/feed?location=${encodeURIComponent(place)}`)
	const save = page.getByRole('button', { name: `Save ${titles[5]}`, exact: true })
	await expect(save).not.toBeInViewport()
	await save.click()
	// Without JavaScript the post comes back to a new page, which would start at its top.
	if (!isJs()) await expect(toasts(page)).toContainText(`"${titles[5]}" is in your saved opportunities.`)
	const saved = page.getByRole('button', { name: `Saved ${titles[5]}`, exact: true })
	await expect(saved).toHaveAttribute('aria-pressed', 'true')
	await expect(saved).toBeFocused()
	await expect(saved).toBeInViewport()
})

test('unsaving a card on the Saved filter leaves focus on the page, not at its top', async ({ page, context, baseURL }) => {
	await signIn(context, await createE2eUser(), baseURL!)
	const place = `Saved Town ${marker()}`
	const titles: string[] = []
	for (let index = 0; index < 3; index += 1) titles.push((await createE2eOpportunity({ title: `Saved Card ${marker()}`, location: place, deadlineInDays: 20 + index })).title)
	const list = `/portal/feed?${new URLSearchParams({ location: place })}`
	await open(page, list)
	for (const title of titles) {
		await page.getByRole('button', { name: `Save ${title}`, exact: true }).click()
		await expect(page.getByRole('button', { name: `Saved ${title}`, exact: true })).toBeVisible()
	}
	await open(page, `${list}&saved=1`)
	await page.getByRole('button', { name: `Saved ${titles[1]}`, exact: true }).click()
	await expect(page.getByRole('button', { name: `Saved ${titles[1]}`, exact: true })).toHaveCount(0)
	// Without JavaScript the page comes back without the card: the count of what is left has focus.
	if (!isJs()) await expect(page.getByText('2 open opportunities')).toBeFocused()
	await whenFocusSettled(page)
	await expect(page.locator('main :focus')).toHaveCount(1)
})

test('a search that finds nothing says so in the live region that counted the results', async ({ page, context, baseURL }) => {
	await signIn(context, await createE2eUser({ role: 'admin' }), baseURL!)
	await open(page, '/portal/drafts')
	// With JavaScript the region must be the same element before and after, or nothing is announced.
	const region = page.locator('[aria-live="polite"]', { hasText: "You haven't created any drafts yet." })
	await region.evaluate((element) => element.setAttribute('data-seen', ''))
	await page.getByLabel('Search drafts').fill(`zzzz${marker()}`)
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page.locator(`[aria-live="polite"]${isJs() ? '[data-seen]' : ''}`, { hasText: 'No drafts match your search criteria.' })).toBeVisible()

	await open(page, '/admin')
	const count = page.locator('[aria-live="polite"]', { hasText: /^Showing \d+-\d+ of \d+ opportunities$/ })
	await expect(count).toBeVisible()
	await count.evaluate((element) => element.setAttribute('data-seen', ''))
	const filters = page.getByRole('search', { name: 'Filter opportunities' })
	await filters.getByLabel('Search').fill(`zzzz${marker()}`)
	await filters.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page.locator(`[aria-live="polite"]${isJs() ? '[data-seen]' : ''}`, { hasText: 'No opportunities found matching your criteria.' })).toBeVisible()
})

test('moving to another page through a link that keeps focus says the new page @js-only', async ({ page, context, baseURL }) => {
	await signIn(context, await createE2eUser(), baseURL!)
	await page.setViewportSize({ width: 1280, height: 720 })
	await open(page, '/portal/feed')
	const drafts = page.getByRole('navigation', { name: 'Portal' }).filter({ visible: true }).getByRole('link', { name: 'Drafts', exact: true })
	await drafts.focus()
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL(/\/portal\/drafts$/)
	await expect(page).toHaveTitle(/^Drafts/)
	// Focus stays on the sidebar's link, so the page's title is said instead.
	await expect(drafts).toBeFocused()
	await expect(page.locator('[data-route-announcer]')).toHaveText(await page.title())
})

test.describe('typed changes are not thrown away without asking @js-only', () => {
	test('Escape on a question being written asks first, and keeps the text when the admin stays', async ({ page, context, baseURL }) => {
		await signIn(context, await createE2eUser({ role: 'admin' }), baseURL!)
		const { id } = await createE2eOpportunity({ title: `Discard Check ${marker()}` })
		await open(page, `/admin/opportunities/${id}/questions/new`)
		const editor = page.getByRole('dialog', { name: 'New Question' })
		await whenFocusSettled(page)
		await editor.getByLabel('Label', { exact: true }).fill('Artist statement')

		let accept = false
		const asked = answerDialogs(page, () => accept)
		await page.keyboard.press('Escape')
		await expect.poll(() => asked).toEqual([DISCARD_CHANGES_QUESTION])
		await expect(editor.getByLabel('Label', { exact: true })).toHaveValue('Artist statement')
		await expect(page).toHaveURL(/\/questions\/new$/)

		accept = true
		await page.keyboard.press('Escape')
		await expect(editor).toHaveCount(0)
		await expect(page).toHaveURL(new RegExp(`/admin/opportunities/${id}/questions$`))
		expect(asked).toHaveLength(2)
	})

	test('a question whose only change is an option asks too', async ({ page, context, baseURL }) => {
		await signIn(context, await createE2eUser({ role: 'admin' }), baseURL!)
		const { id } = await createE2eOpportunity({
			title: `Option Check ${marker()}`,
			questions: [{ label: 'Travel', slug: 'travel', type: 'multiple_choice', options: ['Yes', 'No'] }],
		})
		const questionId = await withE2eDb(async (client) => (await client.query<{ id: string }>('SELECT id FROM opportunity_questions WHERE opportunity_id = $1', [id])).rows[0]!.id)
		await open(page, `/admin/opportunities/${id}/questions/${questionId}`)
		const editor = page.getByRole('dialog', { name: 'Edit Question' })
		await whenFocusSettled(page)
		await editor.getByLabel('Option 1', { exact: true }).fill('Yes, by train')
		const asked = answerDialogs(page, () => false)
		await page.keyboard.press('Escape')
		await expect.poll(() => asked).toEqual([DISCARD_CHANGES_QUESTION])
		await expect(editor.getByLabel('Option 1', { exact: true })).toHaveValue('Yes, by train')
	})

	test('leaving an edited opportunity for its questions tab asks first; an unchanged one does not', async ({ page, context, baseURL }) => {
		await signIn(context, await createE2eUser({ role: 'admin' }), baseURL!)
		const { id, title } = await createE2eOpportunity({ title: `Tab Check ${marker()}` })
		let accept = false
		const asked = answerDialogs(page, () => accept)
		// Unchanged: the tab opens without a word.
		await open(page, `/admin/opportunities/${id}`)
		await page.getByRole('link', { name: 'Application Questions' }).click()
		await expect(page).toHaveURL(/\/questions$/)
		expect(asked).toEqual([])

		await open(page, `/admin/opportunities/${id}`)
		await page.getByLabel('Title').fill(`${title} changed`)
		await page.getByRole('link', { name: 'Application Questions' }).click()
		await expect.poll(() => asked).toEqual([DISCARD_CHANGES_QUESTION])
		await expect(page).toHaveURL(new RegExp(`/admin/opportunities/${id}$`))
		await expect(page.getByLabel('Title')).toHaveValue(`${title} changed`)

		accept = true
		await page.getByRole('link', { name: 'Application Questions' }).click()
		await expect(page).toHaveURL(/\/questions$/)
	})
})
