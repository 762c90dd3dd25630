import { rmSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { startFakeStripe } from '../fakes/stripe-server.ts'
import { createE2eOpportunity, createE2eUser, signIn, withE2eDb } from './support/e2e-db.ts'
import { OwnServer } from './support/own-server.ts'
import { isJs, toasts, whenHydrated } from './support/page.ts'

// Billing with Stripe configured: a server of its own, pointed at a local server speaking Stripe's
// API and serving its checkout pages (tests/fakes/stripe-server.ts), which sends the signed
// webhooks back to it. With JavaScript checkout opens in a new tab; without, in the same one.

const WEBHOOK_SECRET = 'whsec_e2e_billing'

test.describe('billing with Stripe', () => {
	let server: OwnServer
	let stripe: Awaited<ReturnType<typeof startFakeStripe>>

	test.beforeAll(async ({}, testInfo) => {
		stripe = await startFakeStripe({ secretKey: 'sk_test_e2e', webhookSecret: WEBHOOK_SECRET })
		server = new OwnServer(testInfo.project.name === 'js' ? 3194 : 3195, `billing-${testInfo.project.name}`)
		rmSync(server.dataDir, { recursive: true, force: true })
		stripe.setWebhookUrl(`${server.url}/webhooks/stripe`)
		server.start({
			STRIPE_SECRET_KEY: 'sk_test_e2e',
			STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
			STRIPE_PRICE_PRO: 'price_pro',
			STRIPE_PRICE_CREDITS: 'price_pack',
			STRIPE_API_BASE: stripe.url,
			PRO_PRICE_USD: '24',
		})
		await server.waitUntilReady()
	})
	test.afterAll(async () => {
		await server?.stop()
		await stripe?.close()
		rmSync(server.dataDir, { recursive: true, force: true })
	})

	async function open(page: Page, path: string) {
		await page.goto(`${server.url}${path}`)
		await whenHydrated(page)
	}

	/** Presses a button that leads to Stripe: with JavaScript the page opens in a new tab, without in this one. */
	async function toStripe(page: Page, name: string) {
		if (!isJs()) {
			await page.getByRole('button', { name }).first().click()
			await expect(page).toHaveURL(new RegExp(`^${stripe.url}/`))
			return page
		}
		const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name }).first().click()])
		await expect(tab).toHaveURL(new RegExp(`^${stripe.url}/`))
		return tab
	}

	test('an artist upgrades to Pro through checkout; the webhook makes them Pro', async ({ page, context }) => {
		// Signed out, the button asks to sign in first.
		await open(page, '/pricing')
		await expect(page.getByText('$24', { exact: true })).toBeVisible()
		await page.getByRole('button', { name: 'Upgrade to Pro' }).click()
		await expect(toasts(page)).toContainText('Please sign in to upgrade your plan')
		if (!isJs()) await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fpricing$/)

		const user = await createE2eUser({ credits: 0, granted: true, databaseUrl: server.databaseUrl })
		await signIn(context, user, server.url)
		await open(page, '/pricing')
		if (isJs()) {
			// "Loading..." while the checkout session is created.
			let release: () => void = () => undefined
			const held = new Promise<void>((resolve) => (release = resolve))
			await page.route('**/trpc/billing.checkout**', async (route) => {
				await held
				await route.continue()
			})
			const opened = page.context().waitForEvent('page')
			await page.getByRole('button', { name: 'Upgrade to Pro' }).click()
			await expect(page.getByRole('button', { name: 'Loading...' }).first()).toBeVisible()
			release()
			const tab = await opened
			await expect(tab).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_`))
			await tab.getByRole('button', { name: 'Pay' }).click()
			await expect(tab.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
			await expect(tab.getByText('You are on Pro now: unlimited drafts.')).toBeVisible()
			await expect(tab).toHaveURL(/\/portal\/feed$/, { timeout: 10_000 })
			// Back in the tab the artist came from (it has focus again): it reads its page again, and
			// shows Pro once the webhook has recorded it, without a reload.
			await expect
				.poll(async () => {
					await page.evaluate(() => window.dispatchEvent(new Event('focus')))
					return page.getByRole('button', { name: 'Upgrade to Pro' }).count()
				}, { timeout: 15_000 })
				.toBe(0)
			await expect(page.getByRole('link', { name: 'See your billing' })).toBeVisible()
		} else {
			const checkout = await toStripe(page, 'Upgrade to Pro')
			await checkout.getByRole('button', { name: 'Pay' }).click()
			await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
			await expect(page).toHaveURL(/\/billing\/success\?success=true&session_id=cs_/)
			await expect(page.getByText('You are on Pro now: unlimited drafts.')).toBeVisible()
			// The 3-second redirect works without JavaScript too.
			await expect(page).toHaveURL(/\/portal\/feed$/, { timeout: 10_000 })
		}

		const { id } = await createE2eOpportunity({ title: `Billing Call ${Date.now()}`, questions: [{ label: 'Statement', slug: 'statement' }] }, server.databaseUrl)
		await expect
			.poll(async () => {
				await open(page, `/portal/opportunities/${id}`)
				return page.getByText('Pro Plan - Unlimited Drafts').count()
			}, { timeout: 15_000 })
			.toBe(1)
		await expect(page.getByText('Plan: Pro')).toBeVisible()
		await expect(page.getByText(/Credits remaining/)).toHaveCount(0)

		// The profile's Billing section, and the portal for managing it.
		await open(page, '/portal/profile')
		const billing = page.getByRole('region', { name: 'Billing' })
		await expect(billing).toContainText(/Renews on \w+ \d+, \d{4}\./)
		const portal = await toStripe(page, 'Manage billing')
		await expect(portal).toHaveURL(new RegExp(`^${stripe.url}/p/session/`))
		// Pricing marks Pro as the artist's plan and offers nothing more to buy.
		await open(page, '/pricing')
		await expect(page.getByText('Your plan', { exact: true })).toHaveCount(1)
		await expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toHaveCount(0)
		await expect(page.getByRole('button', { name: /Or buy \d+ drafts once/ })).toHaveCount(0)
		await page.getByRole('link', { name: 'See your billing' }).click()
		await expect(page.getByRole('region', { name: 'Billing' })).toBeVisible()
		expect([...stripe.subscriptions.values()].filter((subscription) => subscription.status === 'active')).toHaveLength(1)

		if (!isJs()) return
		// Signed out while the profile stayed open: "Manage billing" asks to sign in, in its own words.
		await open(page, '/portal/profile')
		await withE2eDb((client) => client.query('DELETE FROM sessions WHERE user_id = $1', [user.id]), server.databaseUrl)
		await page.getByRole('button', { name: 'Manage billing' }).click()
		await expect(toasts(page)).toContainText('Sign in required')
		await expect(toasts(page)).toContainText('Please sign in to manage your billing')
	})

	test('a credit pack adds its credits; cancelling checkout changes nothing', async ({ page, context }) => {
		const user = await createE2eUser({ credits: 0, granted: true, databaseUrl: server.databaseUrl })
		await signIn(context, user, server.url)
		await open(page, '/portal/feed')
		// The out-of-credits banner offers the pack.
		const banner = page.getByRole('region', { name: 'Credits' })
		let checkout = await toStripe(page, 'Buy 5 credits')
		await checkout.getByRole('link', { name: 'Cancel' }).click()
		await expect(checkout.getByRole('heading', { name: 'Payment Canceled' })).toBeVisible()
		await expect(checkout.getByText('Your payment was canceled. No charges were made to your account.')).toBeVisible()

		await open(page, '/portal/feed')
		await expect(banner).toBeVisible()
		checkout = await toStripe(page, 'Buy 5 credits')
		await checkout.getByRole('button', { name: 'Pay' }).click()
		await expect(checkout.getByText('5 credits were added to your balance.')).toBeVisible()
		await expect(checkout.getByText(/Thank you for your purchase\./)).toBeVisible()
		await expect
			.poll(() => withE2eDb(async (client) => (await client.query('SELECT credits_remaining FROM profiles WHERE user_id = $1', [user.id])).rows[0].credits_remaining, server.databaseUrl), { timeout: 15_000 })
			.toBe(5)
		await open(page, '/portal/profile')
		await expect(page.getByRole('region', { name: 'Credit history' })).toContainText('Credit pack bought')
	})

	test('a session that ended after the page loaded asks to sign in, and opens no checkout', async ({ page, context }) => {
		const user = await createE2eUser({ credits: 0, granted: true, databaseUrl: server.databaseUrl })
		await signIn(context, user, server.url)
		await open(page, '/pricing')
		// Signed out elsewhere (or expired) while the page stayed open.
		await withE2eDb((client) => client.query('DELETE FROM sessions WHERE user_id = $1', [user.id]), server.databaseUrl)
		const tabs = context.pages().length
		await page.getByRole('button', { name: 'Upgrade to Pro' }).click()
		await expect(toasts(page)).toContainText('Sign in required')
		await expect(toasts(page)).toContainText('Please sign in to upgrade your plan')
		if (isJs()) await expect(page).toHaveURL(/\/pricing$/)
		else await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fpricing$/)
		await expect.poll(() => context.pages().length).toBe(tabs)
	})

	test('a webhook with a bad signature is refused and changes nothing @js-only', async ({ request }) => {
		const event = stripe.event('customer.subscription.created', { id: 'sub_forged', customer: 'cus_x', status: 'active' })
		const { body } = stripe.signedWebhook(event, 'whsec_not_ours')
		const forged = await request.post(`${server.url}/webhooks/stripe`, { data: body, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stripe.signedWebhook(event, 'whsec_not_ours').signature } })
		expect(forged.status()).toBe(400)
		const unsigned = await request.post(`${server.url}/webhooks/stripe`, { data: body, headers: { 'Content-Type': 'application/json' } })
		expect(unsigned.status()).toBe(400)
		const signed = stripe.signedWebhook(event)
		const genuine = await request.post(`${server.url}/webhooks/stripe`, { data: signed.body, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signed.signature } })
		expect(genuine.status()).toBe(200)
	})
})

test('without Stripe, pricing and the upgrade buttons say payments are not set up', async ({ page, context, baseURL }) => {
	await signIn(context, await createE2eUser({ credits: 0, granted: true }), baseURL!)
	await page.goto('/pricing')
	await whenHydrated(page)
	await expect(page.getByText('Payments are not set up on this installation.')).toBeVisible()
	await page.getByRole('button', { name: 'Upgrade to Pro' }).click()
	await expect(toasts(page)).toContainText('Payments are not set up on this installation.')
	await expect(page).toHaveURL(/\/pricing$/)
})
