import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { createE2eUser, signIn } from './support/e2e-db.ts'
import { isJs, linkFromOutbox, toasts, uniqueEmail, whenHydrated } from './support/page.ts'

// Runs with JavaScript on and off ("js" and "no-js" projects) unless tagged @js-only.

const PASSWORD = 'paint-2026'

test.describe('sign up', () => {
	test('sign up, confirm from the e-mail, and arrive signed in with the free draft', async ({ page, request }) => {
		const email = uniqueEmail('signup')
		await page.goto('/signin')
		await page.getByRole('tab', { name: 'Sign Up' }).click()
		await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true')
		const panel = page.getByRole('tabpanel', { name: 'Sign Up' })

		// A weak password is refused with the reasons.
		await panel.getByLabel('E-mail').fill(email)
		await panel.getByLabel('Password').fill('short')
		await panel.getByRole('button', { name: 'Sign Up' }).click()
		await expect(panel.getByText('Password must be at least 8 characters')).toBeVisible()
		await expect(panel.getByLabel('E-mail')).toHaveValue(email)
		// Focus is on the field to mend, whose reason a screen reader reads with it.
		await expect(panel.getByLabel('Password')).toBeFocused()

		await panel.getByLabel('Password').fill(PASSWORD)
		await panel.getByRole('button', { name: 'Sign Up' }).click()
		await expect(toasts(page)).toContainText('Please check your email to confirm your account!')
		// The sign-in tab says what comes next, and (with JavaScript) has focus there, not on a link below.
		const signInPanel = page.getByRole('tabpanel', { name: 'Sign In' })
		const next = signInPanel.getByText('Open the link we sent you, then sign in here.')
		await expect(next).toBeVisible()
		if (isJs()) await expect(next.locator('..')).toBeFocused()

		// Not confirmed yet: the right password says so.
		await signInPanel.getByLabel('E-mail').fill(email)
		await signInPanel.getByLabel('Password').fill(PASSWORD)
		await signInPanel.getByRole('button', { name: 'Sign In' }).click()
		await expect(signInPanel.getByRole('alert')).toContainText('Please confirm your e-mail address first')
		// That message now says what to do; the notice from before the attempt is gone.
		await expect(next).toHaveCount(0)

		// Opening the link signs nobody in: a link another site sends a visitor to must not.
		const confirmLink = await linkFromOutbox(request, email, '/auth/confirm')
		await page.goto(confirmLink)
		await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible()
		expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('cb_session')
		// It asks for the password chosen at sign-up: the link alone does not say who signed up.
		await expect(page.getByText(email)).toBeVisible()
		await page.getByLabel('Password').fill('not-the-one-1')
		await page.getByRole('button', { name: 'Confirm and sign in' }).click()
		await expect(page.getByText('That is not the password this account was signed up with.')).toBeVisible()
		await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true')
		await page.getByLabel('Password').fill(PASSWORD)
		await page.getByRole('button', { name: 'Confirm and sign in' }).click()
		await expect(page).toHaveURL(/\/onboarding$/)
		await expect(toasts(page)).toContainText('Your e-mail address is confirmed')
		await expect(toasts(page)).toContainText("You've received 1 free draft!")
	})
})

test.describe('sign in with a password', () => {
	test('a wrong password is refused; the right one signs in, back to where the visitor was going', async ({ page }) => {
		const user = await createE2eUser({ password: PASSWORD })
		await page.goto('/portal/drafts')
		await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fportal%2Fdrafts$/)
		const panel = page.getByRole('tabpanel', { name: 'Sign In' })

		await panel.getByLabel('E-mail').fill(user.email)
		await panel.getByLabel('Password').fill('not-my-password-1')
		await panel.getByRole('button', { name: 'Sign In' }).click()
		await expect(panel.getByRole('alert')).toHaveText('Invalid login credentials')

		await panel.getByLabel('Password').fill(PASSWORD)
		await panel.getByRole('button', { name: 'Sign In' }).click()
		await expect(page).toHaveURL(/\/portal\/drafts$/)
		await expect(toasts(page)).toContainText('Successfully signed in!')
		await expect(toasts(page)).toContainText("You've received 1 free draft!")
		await expect(page.getByText('Credits remaining: 1')).toBeVisible()

		// Signed in, /signin leads on to the feed.
		await page.goto('/signin')
		await expect(page).toHaveURL(/\/portal\/feed$/)

		await page.getByRole('button', { name: 'Sign Out' }).click()
		await expect(page).toHaveURL(/\/$/)
		await expect(toasts(page)).toContainText('Signed out')
		await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible()
		await page.goto('/portal/feed')
		await expect(page).toHaveURL(/\/signin\?redirectTo=/)
	})
})

test.describe('magic link', () => {
	test('sends a link; opening it asks for a click; it signs in once', async ({ page, request }) => {
		const user = await createE2eUser({ granted: true, credits: 1 })
		await page.goto('/signin')
		const card = page.getByRole('main').locator('form', { has: page.getByRole('button', { name: 'Send magic link' }) })
		await card.getByLabel('E-mail').fill(user.email)
		await card.getByRole('button', { name: 'Send magic link' }).click()
		await expect(page.getByRole('main').getByText('Magic link sent!')).toBeVisible()
		await expect(page.getByRole('main').getByText('Check your email for the sign-in link.')).toBeVisible()
		await expect(toasts(page)).toContainText('Magic link sent!')
		await expect(toasts(page)).toContainText('Check your email for the sign-in link.')
		// The form it replaced had focus: it stays in the card, not back at the top of the page.
		if (isJs()) await expect(page.getByRole('main').locator(':focus')).toHaveCount(1)

		const link = await linkFromOutbox(request, user.email, '/auth/magic')
		await page.goto(link)
		await expect(page.getByRole('heading', { name: 'Sign in to Callboard' })).toBeVisible()
		// It names the account it signs in to.
		await expect(page.getByRole('main').getByText(user.email)).toBeVisible()
		await page.getByRole('button', { name: 'Sign in' }).click()
		await expect(page).toHaveURL(/\/$/)
		await expect(toasts(page)).toContainText('Successfully signed in!')
		await expect(toasts(page)).not.toContainText('free draft')
		await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible()

		await page.goto(link)
		await expect(page.getByRole('heading', { name: 'This sign-in link has expired' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Get a new magic link' })).toHaveAttribute('href', '/signin')
	})
})

test.describe('portal layout', () => {
	test('sidebar, credits and the out-of-credits banner', async ({ page, context, baseURL }) => {
		const user = await createE2eUser({ granted: true, credits: 0 })
		await signIn(context, user, baseURL!)
		await page.goto('/portal')
		await expect(page).toHaveURL(/\/portal\/feed$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Opportunities' })).toBeVisible()
		await expect(page.getByText('Credits remaining: 0')).toBeVisible()
		const sidebar = page.getByRole('navigation', { name: 'Portal' }).filter({ visible: true })
		for (const name of ['Feed', 'Profile', 'Drafts']) await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible()
		await expect(sidebar.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0)
		await expect(sidebar.getByRole('link', { name: 'Feed', exact: true })).toHaveAttribute('aria-current', 'page')

		// The feed lists open calls, each leading to its detail page.
		const first = page.getByRole('main').getByRole('listitem').first().getByRole('link')
		await expect(first).toHaveAttribute('href', /^\/portal\/opportunities\/[0-9a-f-]{36}$/)

		const banner = page.getByRole('region', { name: 'Credits' })
		await expect(banner).toContainText("You're out of credits.")
		await expect(banner).toContainText('Upgrade for monthly credits or buy a one-time pack.')
		await expect(banner.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing')
		await whenHydrated(page)
		// The choice is saved in the background; wait for the save before reloading.
		const bannerSaved = page.waitForResponse((response) => response.url().includes('/portal/preferences'))
		await banner.getByRole('button', { name: 'Dismiss' }).click()
		await expect(banner).toHaveCount(0)
		await bannerSaved
		await page.reload()
		await expect(page.getByRole('region', { name: 'Credits' })).toHaveCount(0)
		await whenHydrated(page)

		// The sidebar's state lives in a cookie, so the server renders it as left.
		const toggle = page.getByRole('button', { name: 'Collapse sidebar' })
		await expect(toggle).toHaveAttribute('aria-expanded', 'true')
		const sidebarSaved = page.waitForResponse((response) => response.url().includes('/portal/preferences'))
		await toggle.click()
		await expect(page.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false')
		await sidebarSaved
		await page.reload()
		await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()
		await whenHydrated(page)
		expect((await context.cookies()).find((cookie) => cookie.name === 'cb_sidebar')?.expires).toBeGreaterThan(
			Date.now() / 1000 + 6 * 24 * 60 * 60,
		)
		await page.getByRole('button', { name: 'Expand sidebar' }).click()
		await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible()

		await page.getByRole('link', { name: 'Drafts', exact: true }).filter({ visible: true }).click()
		await expect(page.getByText("You haven't created any drafts yet.")).toBeVisible()
		await expect(page.getByRole('main').getByRole('link', { name: 'Browse opportunities' })).toHaveAttribute('href', '/portal/feed')
	})

	test('admins see Admin in the sidebar and reach the dashboard', async ({ page, context, baseURL }) => {
		await signIn(context, await createE2eUser({ role: 'admin', granted: true, credits: 3 }), baseURL!)
		await page.goto('/portal/feed')
		await expect(page.getByRole('region', { name: 'Credits' })).toHaveCount(0)
		await page.getByRole('navigation', { name: 'Portal' }).filter({ visible: true }).getByRole('link', { name: 'Admin' }).click()
		await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
		await expect(page.getByText('Manage opportunity listings')).toBeVisible()
	})

	test('after another tab signs in to another account, the next page shows that account, not the one before', async ({ page, context, baseURL }) => {
		await signIn(context, await createE2eUser({ granted: true, credits: 3 }), baseURL!)
		await page.goto('/portal/feed')
		await expect(page.getByText('Credits remaining: 3')).toBeVisible()
		await whenHydrated(page)
		// Another tab of this browser signs in to an admin with other credits.
		await signIn(context, await createE2eUser({ granted: true, credits: 7, role: 'admin' }), baseURL!)
		const sidebar = page.getByRole('navigation', { name: 'Portal' }).filter({ visible: true })
		await sidebar.getByRole('link', { name: 'Drafts', exact: true }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Drafts' })).toBeVisible()
		await expect(page.getByText('Credits remaining: 7')).toBeVisible()
		await expect(sidebar.getByRole('link', { name: 'Admin', exact: true })).toBeVisible()
	})

	test('on a phone the navigation opens from a menu button', async ({ page, context, baseURL }) => {
		await page.setViewportSize({ width: 375, height: 740 })
		await signIn(context, await createE2eUser({ granted: true, credits: 1 }), baseURL!)
		await page.goto('/portal/feed')
		await whenHydrated(page)
		// With JavaScript a button opens a drawer; without, a disclosure (<summary>) opens the links.
		const menu = test.info().project.name === 'js' ? page.getByRole('button', { name: 'Menu' }) : page.locator('summary', { hasText: 'Menu' })
		await menu.click()
		const drafts = page.getByRole('link', { name: 'Drafts', exact: true }).filter({ visible: true })
		await expect(drafts).toBeVisible()
		if (test.info().project.name === 'js') {
			await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
			await page.keyboard.press('Escape')
			await expect(page.getByRole('dialog')).toHaveCount(0)
			await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused()
			await page.getByRole('button', { name: 'Menu' }).click()
		}
		await page.getByRole('link', { name: 'Drafts', exact: true }).filter({ visible: true }).click()
		await expect(page).toHaveURL(/\/portal\/drafts$/)
		// Focus goes to the new page, as after any other move to a page, not back to the Menu button.
		if (test.info().project.name === 'js') await expect(page.getByRole('main')).toBeFocused()
	})

	test('Ctrl+B toggles the sidebar @js-only', async ({ page, context, baseURL }) => {
		await signIn(context, await createE2eUser({ granted: true, credits: 1 }), baseURL!)
		await page.goto('/portal/feed')
		await whenHydrated(page)
		// The button shows the new state at once; the choice is kept once the post has answered.
		const saved = page.waitForResponse((response) => response.url().includes('/portal/preferences') && response.request().method() === 'POST')
		await page.keyboard.press('Control+b')
		await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()
		await saved
		await page.reload()
		await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()
		// The shortcut is JavaScript's: a key pressed before the reloaded page hydrates goes nowhere.
		await whenHydrated(page)
		await page.keyboard.press('Control+b')
		await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible()
	})
})

test.describe('accessibility @js-only', () => {
	test('the sign-in page and the portal have no serious or critical axe violations', async ({ page, context, baseURL }) => {
		const seriousViolations = async () =>
			(await new AxeBuilder({ page }).analyze()).violations
				.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
				.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)

		await page.goto('/signin')
		expect(await seriousViolations()).toEqual([])
		await page.goto('/signin?tab=signup')
		expect(await seriousViolations()).toEqual([])

		await signIn(context, await createE2eUser({ granted: true, credits: 0 }), baseURL!)
		await page.goto('/portal/feed')
		expect(await seriousViolations()).toEqual([])
		await page.goto('/portal/account')
		expect(await seriousViolations()).toEqual([])
		await page.goto('/portal/feed')
		await page.setViewportSize({ width: 375, height: 740 })
		await page.getByRole('button', { name: 'Menu' }).click()
		expect(await seriousViolations()).toEqual([])
	})
})
