import AxeBuilder from '@axe-core/playwright'
import { randomBytes } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { createE2eOpportunity, createE2eUser, signIn } from './support/e2e-db.ts'
import { isJs, toasts } from './support/page.ts'

// Runs with JavaScript on and off ("js" and "no-js" projects) unless tagged @js-only.

const feedCards = (page: Page) => page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) })

/** Applies the filter form: with JavaScript each change applies at once, without it the button does. */
async function applyFilters(page: Page) {
	if (!isJs()) await page.getByRole('button', { name: 'Apply filters' }).click()
}

type Group = 'Mediums' | 'Types' | 'Location'

/** A filter category's disclosure, opened. */
async function openGroup(page: Page, group: Group) {
	const disclosure = page.locator('details').filter({ has: page.locator('summary', { hasText: group }) })
	if (!(await disclosure.evaluate((element) => (element as HTMLDetailsElement).open))) {
		await disclosure.locator('summary').click()
	}
	return disclosure
}

async function chooseFilter(page: Page, group: Group, option: string) {
	await (await openGroup(page, group)).getByRole('checkbox', { name: option, exact: true }).check()
	await applyFilters(page)
}

async function expectNoSeriousViolations(page: Page) {
	const { violations } = await new AxeBuilder({ page }).analyze()
	const serious = violations
		.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
		.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
	expect(serious).toEqual([])
}

test.describe('the feed', () => {
	test('filters by medium and type in the URL, survives a reload, explains each match and clears', async ({ page, context, baseURL }) => {
		const user = await createE2eUser({ mediums: ['Painting', 'Photography'], interests: ['grants', 'residencies'] })
		await signIn(context, user, baseURL!)
		await page.goto('/portal/feed')
		await expect(page.getByRole('heading', { name: 'Opportunities', level: 1 })).toBeVisible()

		await chooseFilter(page, 'Mediums', 'Photography')
		await expect(page).toHaveURL(/[?&]medium=photography/)
		await expect(feedCards(page).first()).toBeVisible()
		// Retried until the filtered list has replaced the unfiltered one.
		await expect(feedCards(page).filter({ hasNotText: 'Photography' })).toHaveCount(0)

		await chooseFilter(page, 'Types', 'Residencies')
		await expect(page).toHaveURL(/medium=photography.*type=residencies|type=residencies.*medium=photography/)
		await expect(feedCards(page).filter({ hasNotText: /Matches your .*Photography.* · .*Residencies/ })).toHaveCount(0)
		const both = await feedCards(page).count()
		expect(both).toBeGreaterThan(0)

		await page.reload()
		await expect((await openGroup(page, 'Mediums')).getByRole('checkbox', { name: 'Photography', exact: true })).toBeChecked()
		await expect((await openGroup(page, 'Types')).getByRole('checkbox', { name: 'Residencies', exact: true })).toBeChecked()
		await expect(feedCards(page)).toHaveCount(both)

		const total = async () => Number((await page.getByText(/\d+ open opportunit/).textContent())!.replace(/\D/g, ''))
		const filtered = await total()
		await page.getByRole('link', { name: 'Clear filters' }).first().click()
		await expect(page).toHaveURL(/\/portal\/feed$/)
		// Every open call again: more than the filter kept (not an exact number: other spec files add calls meanwhile).
		await expect.poll(total).toBeGreaterThan(filtered)
		await expect((await openGroup(page, 'Mediums')).getByRole('checkbox', { name: 'Photography', exact: true })).not.toBeChecked()
	})

	test('filter menus open one at a time and close with Escape', { tag: '@js-only' }, async ({ page, context, baseURL }) => {
		await signIn(context, await createE2eUser({ mediums: ['Painting'], interests: ['grants'] }), baseURL!)
		await page.goto('/portal/feed')
		const mediums = await openGroup(page, 'Mediums')
		const types = await openGroup(page, 'Types')
		await expect(mediums).not.toHaveAttribute('open')
		await expect(types).toHaveAttribute('open')
		await page.keyboard.press('Escape')
		await expect(types).not.toHaveAttribute('open')
		await expect(types.locator('summary')).toBeFocused()
		await openGroup(page, 'Location')
		await page.getByRole('heading', { name: 'Opportunities', level: 1 }).click()
		await expect(page.locator('details[open]')).toHaveCount(0)

		// Tabbing out of an open menu closes it: left open, it covered the cards focus went on to.
		const location = await openGroup(page, 'Location')
		await location.locator('summary').focus()
		const boxes = await location.getByRole('checkbox').count()
		for (let i = 0; i <= boxes; i++) await page.keyboard.press('Tab')
		await expect(location).not.toHaveAttribute('open')
		await expect(location).not.toBeFocused()
	})

	test('on a phone, a tap on the next filter menu opens it while another is open', { tag: '@js-only' }, async ({ browser, baseURL }) => {
		const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
		await signIn(phone, await createE2eUser({ mediums: ['Painting'], interests: ['grants'] }), baseURL!)
		const page = await phone.newPage()
		await page.goto('/portal/feed')
		const summary = (group: Group) => page.locator('summary', { hasText: group })
		await summary('Mediums').tap()
		await expect(page.locator('details[open]')).toHaveCount(1)
		await summary('Location').tap()
		await expect(page.locator('details').filter({ has: summary('Location') })).toHaveAttribute('open')
		await expect(page.locator('details[open]')).toHaveCount(1)
		await phone.close()
	})

	test('shows the empty state when nothing matches', async ({ page, context, baseURL }) => {
		await signIn(context, await createE2eUser(), baseURL!)
		await page.goto('/portal/feed?type=no-such-tag')
		await expect(page.getByText('No opportunities match your current filters.')).toBeVisible()
		// One page, one h1: the empty state is a section of the feed.
		await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
		await expect(page.getByRole('heading', { level: 2, name: 'Nothing here' })).toBeVisible()
	})

	test('loads 24 at a time and "Load more" adds the next page', async ({ page, context, baseURL }) => {
		const tag = `e2e-more-${randomBytes(3).toString('hex')}`
		for (let i = 0; i < 30; i++) {
			await createE2eOpportunity({ title: `Load more call ${String(i).padStart(2, '0')}`, tags: [tag], deadlineInDays: 5 + i })
		}
		await signIn(context, await createE2eUser({ interests: ['grants', tag] }), baseURL!)
		await page.goto(`/portal/feed?type=${tag}`)
		await expect(feedCards(page)).toHaveCount(24)
		await expect(page.getByText('Showing 24 of 30')).toBeVisible()
		// Soonest deadline first.
		await expect(feedCards(page).first()).toContainText('Load more call 00')

		await page.getByRole('link', { name: 'Load more', exact: true }).click()
		await expect(feedCards(page)).toHaveCount(30)
		await expect(page).toHaveURL(/page=2/)
		await expect(page.getByRole('link', { name: 'Load more', exact: true })).toHaveCount(0)
		if (isJs()) await expect(page.getByRole('link', { name: 'Load more call 24' })).toBeFocused()
		// Without JavaScript the new page opens at the first new card, not at the top of the list.
		await expect(page).toHaveURL(/#more$/)
		await expect(feedCards(page).nth(24)).toBeInViewport()
		await expect(feedCards(page).first()).not.toBeInViewport()
	})

	// Reads computed styles in the page, so it needs JavaScript.
	test("in forced colours each card's icons are drawn, in the forced colour of their text", { tag: '@js-only' }, async ({ page, context, baseURL }) => {
		await createE2eOpportunity({ title: `Forced colours ${randomBytes(3).toString('hex')}`, location: 'Lisbon, Portugal' })
		await signIn(context, await createE2eUser(), baseURL!)
		await page.emulateMedia({ forcedColors: 'active' })
		await page.goto('/portal/feed')
		await expect(feedCards(page).first()).toBeVisible()
		// The save button, the location, the deadline (and a match note, when there is one), and an
		// icon in a link: LinkText differs from CanvasText in Chromium's forced palette, ButtonText does not.
		await page.locator('main').evaluate((main) => {
			const link = document.createElement('a')
			link.href = '#'
			link.className = 'mask-icon mask-icon-map-pin'
			link.textContent = 'probe'
			main.append(link)
		})
		const icons = await page.locator('main .mask-icon').evaluateAll((elements) =>
			elements.map((element) => ({ tag: element.tagName, text: getComputedStyle(element).color, icon: getComputedStyle(element, '::before').backgroundColor })),
		)
		expect(icons.length).toBeGreaterThanOrEqual(4)
		for (const icon of icons) expect(icon.icon, `${icon.tag}'s icon`).toBe(icon.text)
	})

	// axe runs in the page, so it needs JavaScript.
	test('has no serious accessibility violations', { tag: '@js-only' }, async ({ page, context, baseURL }) => {
		await signIn(context, await createE2eUser(), baseURL!)
		await page.goto('/portal/feed')
		await expect(feedCards(page).first()).toBeVisible()
		await expectNoSeriousViolations(page)
	})
})

test.describe('an opportunity', () => {
	test('opens from its card with its details, questions and a safe official link', async ({ page, context, baseURL }) => {
		const title = `Detail Grant ${randomBytes(3).toString('hex')}`
		const tag = `e2e-detail-${randomBytes(3).toString('hex')}`
		await createE2eOpportunity({
			title,
			tags: [tag, 'painting'],
			location: 'Porto, Portugal',
			description: 'First paragraph <b>not bold</b>\nSecond line',
			questions: [
				{ label: 'Artist statement', slug: 'artist-statement', required: true, limitType: 'words', limitValue: 300 },
				{ label: 'Project budget', slug: 'project-budget', limitType: 'chars', limitValue: 500 },
			],
		})
		await signIn(context, await createE2eUser({ interests: ['grants', tag] }), baseURL!)
		await page.goto(`/portal/feed?type=${tag}`)
		await page.getByRole('link', { name: title }).click()

		await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
		await expect(page.getByText('Porto, Portugal')).toBeVisible()
		// The description is text: markup shows as typed, line breaks are kept.
		await expect(page.getByText('First paragraph <b>not bold</b>')).toBeVisible()
		await expect(page.locator('b', { hasText: 'not bold' })).toHaveCount(0)
		const official = page.getByRole('link', { name: /View Official Page/ })
		await expect(official).toHaveAttribute('target', '_blank')
		await expect(official).toHaveAttribute('rel', /noopener/)

		const preview = page.getByRole('complementary', { name: 'Apply' })
		await expect(preview.getByText('This application has 2 questions.')).toBeVisible()
		await expect(preview.getByRole('listitem').first()).toContainText('1. Artist statement')
		await expect(preview.getByRole('listitem').first()).toContainText('Max 300 words')
		await expect(preview.getByRole('listitem').nth(1)).toContainText('Max 500 characters')
		await expect(preview.getByRole('listitem').first().getByText('(required)')).toBeAttached()

		await page.getByRole('link', { name: 'Back to feed' }).click()
		await expect(page).toHaveURL(/\/portal\/feed$/)
	})

	test('offers the upgrade when a free artist with no draft left presses Generate', async ({ page, context, baseURL }) => {
		const { id } = await createE2eOpportunity({
			title: `Upgrade Call ${randomBytes(3).toString('hex')}`,
			questions: [{ label: 'Artist statement', slug: 'artist-statement' }],
		})
		await signIn(context, await createE2eUser({ credits: 0, granted: true }), baseURL!)
		await page.goto(`/portal/opportunities/${id}`)
		const requests: string[] = []
		page.on('request', (request) => {
			if (request.method() === 'POST') requests.push(request.url())
		})
		await page.getByRole('button', { name: 'Generate Draft' }).click()
		const offer = isJs() ? page.getByRole('dialog', { name: 'Upgrade to Pro' }) : page.getByRole('region', { name: 'Upgrade to Pro' })
		await expect(offer).toContainText('Free plan includes 1 draft. Upgrade to Pro for unlimited drafts.')
		if (isJs()) {
			// The page already knew: no request was sent.
			expect(requests).toEqual([])
			await page.getByRole('button', { name: 'Not now' }).click()
			await expect(offer).toBeHidden()
		}
	})

	test('shows Pro artists their unlimited plan, and how many days are left', async ({ page, context, baseURL }) => {
		const { id } = await createE2eOpportunity({ title: `Pro Call ${randomBytes(3).toString('hex')}`, deadlineInDays: 3 })
		await signIn(context, await createE2eUser({ plan: 'pro', granted: true }), baseURL!)
		await page.goto(`/portal/opportunities/${id}`)
		await expect(page.getByText('Pro Plan - Unlimited Drafts')).toBeVisible()
		await expect(page.getByText('(3 days left)')).toBeVisible()
	})

	test('a call whose deadline has passed says it closed, and drafting warns but stays possible', async ({ page, context, baseURL }) => {
		const { id } = await createE2eOpportunity({
			title: `Closed Call ${randomBytes(3).toString('hex')}`,
			deadlineInDays: -3,
			questions: [{ label: 'Artist statement', slug: 'artist-statement' }],
		})
		await signIn(context, await createE2eUser({ credits: 1, granted: true }), baseURL!)
		await page.goto(`/portal/opportunities/${id}`)
		await expect(page.getByText('(Closed)')).toBeVisible()
		const generate = page.getByRole('button', { name: 'Generate Draft' })
		await expect(generate).toBeEnabled()
		await expect(generate).toHaveAccessibleDescription(/^This call closed on [A-Z][a-z]{2} \d{1,2}, \d{4}\. You can still draft an application, but it may no longer be accepted\.$/)
	})

	test('an unknown or inactive opportunity goes back to the feed with "Opportunity not found"', async ({ page, context, baseURL }) => {
		const inactive = await createE2eOpportunity({ title: `Hidden Call ${randomBytes(3).toString('hex')}`, active: false })
		await signIn(context, await createE2eUser(), baseURL!)
		for (const id of [inactive.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
			await page.goto(`/portal/opportunities/${id}`)
			await expect(page).toHaveURL(/\/portal\/feed$/)
			await expect(toasts(page)).toContainText('Opportunity not found')
		}
	})

	// axe runs in the page, so it needs JavaScript.
	test('has no serious accessibility violations', { tag: '@js-only' }, async ({ page, context, baseURL }) => {
		const { id } = await createE2eOpportunity({
			title: `A11y Call ${randomBytes(3).toString('hex')}`,
			questions: [{ label: 'Artist statement', slug: 'artist-statement', required: true }],
		})
		await signIn(context, await createE2eUser(), baseURL!)
		await page.goto(`/portal/opportunities/${id}`)
		await expectNoSeriousViolations(page)
	})
})

test('long words in a call (a URL, a title, a place, a tag) wrap instead of widening the page', async ({ page, context, baseURL }) => {
	const word = (length: number) => randomBytes(length).toString('hex').slice(0, length)
	const tag = `t${word(49)}`
	const { id } = await createE2eOpportunity({
		title: `Overflow ${word(70)}`,
		location: `Llanfair${word(60)}, Wales`,
		tags: [tag],
		description: `Read the rules at https://example.org/${word(250)} before applying.`,
	})
	await signIn(context, await createE2eUser({ role: 'admin' }), baseURL!)
	const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
	for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
		await page.setViewportSize(viewport)
		for (const path of [`/portal/feed?type=${tag}`, `/portal/opportunities/${id}`, `/admin/opportunities/${id}`]) {
			await page.goto(path)
			if (path.startsWith('/portal/feed')) {
				await expect(feedCards(page)).toHaveCount(1)
				await openGroup(page, 'Location')
			}
			expect([viewport.width, path, await overflow()]).toEqual([viewport.width, path, 0])
		}
	}
})

test('the portal header fits a 375-px phone on one line, with credits or on Pro', async ({ browser, baseURL }) => {
	for (const user of [await createE2eUser({ credits: 1 }), await createE2eUser({ plan: 'pro' })]) {
		const context = await browser.newContext({ viewport: { width: 375, height: 740 } })
		await signIn(context, user, baseURL!)
		const page = await context.newPage()
		await page.goto('/portal/account')
		const banner = page.getByRole('banner')
		// The name beside its 32-px mark, on one line: a wrapped "Callboar / d" is two lines tall.
		const brand = await banner.getByRole('link', { name: 'Callboard' }).boundingBox()
		expect(brand!.height).toBeLessThanOrEqual(36)
		const header = await banner.boundingBox()
		expect(header!.height).toBeLessThanOrEqual(60)
		expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
		await context.close()
	}
})
