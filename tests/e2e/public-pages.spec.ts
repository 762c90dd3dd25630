import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { createE2eUser, signIn } from './support/e2e-db.ts'
import { isJs, whenHydrated } from './support/page.ts'

// Runs in both projects ("js" and "no-js"): everything here must work without JavaScript.

test.describe('landing page', () => {
	test('shows the hero, the three features and three sample opportunities', async ({ page }) => {
		await page.goto('/')
		await expect(page).toHaveTitle(/Callboard/)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

		for (const feature of ['Discover Opportunities', 'AI-Generated Drafts', 'Save Time and Apply More']) {
			await expect(page.getByRole('heading', { name: feature })).toBeVisible()
		}
		await expect(page.getByText(/filter them by medium, location and interests/)).toBeVisible()

		const opportunities = page.getByRole('region', { name: 'Current Opportunities' })
		const cards = opportunities.getByRole('listitem')
		await expect(cards).toHaveCount(3)
		for (const card of await cards.all()) {
			await expect(card.getByRole('heading')).toBeVisible()
			await expect(card.getByText(/^Deadline:/)).toBeVisible()
			await expect(card.getByRole('link', { name: /^View Details/ })).toBeVisible()
		}
		await expect(page.getByRole('contentinfo')).toBeVisible()
	})

	test('signed out, the header offers Sign In and Get Started and the call to action goes to /signin', async ({
		page,
	}) => {
		await page.goto('/')
		const header = page.getByRole('banner')
		await expect(header.getByRole('link', { name: 'Callboard' })).toHaveAttribute('href', '/')
		await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin')
		await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signin')
		await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
		await expect(header.getByRole('link', { name: 'Admin' })).toHaveCount(0)
		await expect(header.getByRole('button', { name: 'Sign Out' })).toHaveCount(0)

		await expect(page.getByRole('link', { name: 'Get started for free' })).toHaveAttribute('href', '/signin')
	})

	test('the footer offers Sign In to a visitor and the Dashboard to a signed-in artist, as the header does', async ({ page, context, baseURL }) => {
		await page.goto('/')
		const footer = page.getByRole('navigation', { name: 'Footer' })
		await expect(footer.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin')
		await expect(footer.getByRole('link', { name: 'Dashboard' })).toHaveCount(0)

		await signIn(context, await createE2eUser(), baseURL!)
		await page.goto('/pricing')
		await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible()
		await expect(footer.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/portal/feed')
		await expect(footer.getByRole('link', { name: 'Sign In' })).toHaveCount(0)
	})

	test('the skip link leads to the main content', async ({ page }) => {
		await page.goto('/')
		await page.keyboard.press('Tab')
		const skip = page.getByRole('link', { name: 'Skip to content' })
		await expect(skip).toBeFocused()
		await expect(skip).toHaveAttribute('href', '#main-content')
		await expect(page.locator('main#main-content')).toHaveCount(1)
	})
})

test.describe('pricing', () => {
	test('compares the Free and Pro plans', async ({ page }) => {
		await page.goto('/pricing')

		const free = page.getByRole('list', { name: 'Free plan features' })
		await expect(page.getByRole('heading', { name: 'Free', exact: true })).toBeVisible()
		await expect(page.getByText('$0', { exact: true })).toBeVisible()
		for (const feature of [
			'1 free draft opportunity',
			'Unlimited browsing of opportunities',
			'Basic AI assistance',
			'Email support',
		]) {
			await expect(free.getByRole('listitem').filter({ hasText: feature })).toHaveCount(1)
		}
		await expect(page.getByRole('button', { name: 'Start Free' })).toBeDisabled()

		const pro = page.getByRole('list', { name: 'Pro plan features' })
		await expect(page.getByRole('heading', { name: 'Pro', exact: true })).toBeVisible()
		await expect(page.getByText('Most Popular')).toBeVisible()
		await expect(page.getByText('Early Adopter Pricing')).toBeVisible()
		await expect(page.getByText('$19', { exact: true })).toBeVisible()
		await expect(page.getByText('/month', { exact: true })).toBeVisible()
		for (const feature of [
			'Unlimited drafts',
			'Full opportunity feed access',
			'Advanced AI assistance',
			'Export to PDF',
			'Context management',
			'Priority support',
		]) {
			await expect(pro.getByRole('listitem').filter({ hasText: feature })).toHaveCount(1)
		}
		await expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled()

		await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', /^mailto:.+@.+/)
		await expect(page.getByText('30-day money-back guarantee')).toBeVisible()
	})

	test('upgrading while signed out asks to sign in, once', async ({ page }) => {
		await page.goto('/pricing')
		await whenHydrated(page)
		await page.getByRole('button', { name: 'Upgrade to Pro' }).click()

		// With JavaScript the page says so at once; without, the sign-in page does, and leads back here.
		await expect(page).toHaveURL(isJs() ? /\/pricing$/ : /\/signin\?redirectTo=%2Fpricing$/)
		const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('alert')
		await expect(toast).toContainText('Sign in required')
		await expect(toast).toContainText('Please sign in to upgrade your plan')

		// A flash message: the next page load no longer shows it. Without JavaScript the dismiss
		// control is a link to this same page.
		if (isJs()) await page.reload()
		else await toast.getByRole('link', { name: 'Dismiss notification' }).click()
		await expect(page.getByText('Sign in required')).toHaveCount(0)
	})

	test('a toast leaves by itself after its time, but not while it is hovered', async ({ page }) => {
		// With JavaScript the toaster's timers run it (on the page's clock); without, CSS animations do
		// (moved along here through the Web Animations API: it is the browser, not the page, that runs it).
		if (isJs()) await page.clock.install()
		await page.goto('/pricing')
		await whenHydrated(page)
		await page.getByRole('button', { name: 'Upgrade to Pro' }).click()
		const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('alert')
		await expect(toast).toContainText('Sign in required')
		const card = toast.locator('> div')
		// Without JavaScript, the toast's own time as the test moves it: set, not added to, so the real
		// time the steps take on a loaded machine (seconds, in a full run) does not count as well.
		let shownFor = 0
		const wait = async (ms: number) => {
			if (isJs()) return page.clock.runFor(ms)
			shownFor = await card.evaluate(
				(element, { shownFor, ms }) => {
					const running = element.getAnimations().filter((animation) => animation.playState !== 'paused')
					for (const animation of running) animation.currentTime = shownFor + ms
					return running.length ? shownFor + ms : shownFor
				},
				{ shownFor, ms },
			)
		}
		// An error stays 8 s, and the clock stops while the pointer is on it (from the toast's start:
		// without JavaScript, the real time it has been shown so far is set back to none).
		await wait(0)
		await card.hover()
		await wait(10_000)
		await expect(card).toBeVisible()
		await page.mouse.move(0, 0)
		await wait(7_000)
		await expect(card).toBeVisible()
		await wait(3_000)
		await expect(card).toBeHidden()
	})
})

test.describe('payment outcome pages', () => {
	test('success=true thanks the user, then goes on to the dashboard', async ({ page }) => {
		// The dashboard may itself redirect a signed-out visitor (to /signin), so the test watches for
		// the request to /portal/feed (a document load without JavaScript, a data request with it).
		const toDashboard = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/portal/feed'), {
			timeout: 15_000,
		})
		await page.goto('/billing/success?success=true')
		await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Continue to Dashboard' })).toHaveAttribute('href', '/portal/feed')

		await toDashboard
		await page.waitForURL((url) => url.pathname !== '/billing/success', { timeout: 15_000 })
	})

	test('without success=true it redirects at once to the dashboard', async ({ request }) => {
		for (const path of ['/billing/success', '/billing/success?success=false', '/billing/success?success=TRUE']) {
			const response = await request.get(path, { maxRedirects: 0 })
			expect(response.status(), path).toBe(302)
			expect(response.headers()['location'], path).toBe('/portal/feed')
		}
	})

	test('the cancel page says nothing was charged and links back', async ({ page }) => {
		await page.goto('/billing/cancel')
		await expect(page.getByRole('heading', { name: 'Payment Canceled' })).toBeVisible()
		await expect(page.getByText('Your payment was canceled. No charges were made to your account.')).toBeVisible()
		const main = page.getByRole('main')
		await expect(main.getByRole('link', { name: 'Back to Pricing' })).toHaveAttribute('href', '/pricing')
		await expect(main.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/portal/feed')
	})
})

test('an unknown path shows the 404 page with status 404', async ({ page }) => {
	const response = await page.goto('/no/such/page')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
	await expect(page.getByRole('main').getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/')
	await expect(page).toHaveTitle(/Page not found/)
})

test('signed in, an unknown path in the portal or the admin is the same 404, in its layout, with its title', async ({ page, context, baseURL }) => {
	await signIn(context, await createE2eUser({ role: 'admin' }), baseURL!)
	for (const path of ['/portal/no-such-page', '/admin/no-such-page', '/admin/users/not-a-user']) {
		const response = await page.goto(path)
		expect(response?.status(), path).toBe(404)
		await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
		await expect(page).toHaveTitle('Page not found · Callboard')
	}
})

test.describe('accessibility', () => {
	for (const path of ['/', '/pricing', '/billing/cancel', '/no/such/page']) {
		// axe runs as a script inside the page; both projects render the same server markup.
		test(`${path} has no serious or critical axe violations`, { tag: '@js-only' }, async ({ page }) => {
			await page.goto(path)
			const { violations } = await new AxeBuilder({ page }).analyze()
			const serious = violations
				.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
				.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
			expect(serious).toEqual([])
		})
	}
})
