import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { createE2eUser, signIn } from './support/e2e-db.ts'
import { open, toasts } from './support/page.ts'

// Runs with JavaScript on and off ("js" and "no-js" projects) unless tagged @js-only.

test('an admin finds a user by e-mail, makes them Pro, adds credits with a note and sees it all in the history', async ({
	page,
	context,
	baseURL,
}) => {
	const admin = await createE2eUser({ role: 'admin' })
	const artist = await createE2eUser({ credits: 1 })
	await signIn(context, admin, baseURL!)

	await open(page, '/admin')
	await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click()
	await expect(page).toHaveURL(/\/admin\/users$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()

	// The search is a GET form: part of the address, in capitals, still finds the user.
	await page.getByLabel('E-mail contains').fill(artist.email.slice(0, 20).toUpperCase())
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page).toHaveURL(/\?q=/)
	const results = page.getByRole('table')
	await expect(results.getByRole('row')).toHaveCount(2)
	await results.getByRole('link', { name: artist.email }).click()
	await expect(page.getByRole('heading', { level: 1, name: artist.email })).toBeVisible()

	const plan = page.getByRole('region', { name: 'Plan' })
	await plan.getByLabel('Plan').selectOption('pro')
	await plan.getByRole('button', { name: 'Save' }).click()
	await expect(toasts(page)).toContainText('User updated successfully')
	await expect(page.getByRole('definition').filter({ hasText: 'pro' })).toBeVisible()

	const credits = page.getByRole('region', { name: 'Credits' })
	await credits.getByLabel('Credits to add or remove').fill('3')
	await credits.getByLabel('Note').fill('Festival prize')
	await credits.getByRole('button', { name: 'Save' }).click()
	await expect(toasts(page).getByText('User updated successfully').last()).toBeVisible()
	// Emptied once done (with JavaScript too, where the page is not reloaded): a second Save adds nothing by mistake.
	await expect(credits.getByLabel('Credits to add or remove')).toHaveValue('')
	await expect(credits.getByLabel('Note')).toHaveValue('')

	const creditRow = page.getByRole('region', { name: 'Credit history' }).getByRole('row').nth(1)
	await expect(creditRow).toContainText('+3')
	await expect(creditRow).toContainText('4')
	await expect(creditRow).toContainText('Admin adjustment')
	await expect(creditRow).toContainText('Festival prize')
	await expect(creditRow).toContainText(admin.email)
	const auditRow = page.getByRole('region', { name: 'Audit log' }).getByRole('row').nth(1)
	await expect(auditRow).toContainText('Plan changed')
	await expect(auditRow).toContainText('free → pro')
	await expect(auditRow).toContainText(admin.email)

	// Taking away more than the balance is refused with the domain's message, and nothing changes.
	await credits.getByLabel('Credits to add or remove').fill('-10')
	await credits.getByLabel('Note').fill('Too many')
	await credits.getByRole('button', { name: 'Save' }).click()
	await expect(credits.getByRole('alert')).toHaveText('Credits cannot go below 0.')
	await expect(page.getByRole('region', { name: 'Credit history' }).getByRole('row')).toHaveCount(2)
})

test('an admin cannot remove their own admin role', async ({ page, context, baseURL }) => {
	const admin = await createE2eUser({ role: 'admin' })
	await signIn(context, admin, baseURL!)
	await open(page, `/admin/users/${admin.id}`)
	const role = page.getByRole('region', { name: 'Role' })
	await expect(role.getByText('You cannot remove your own admin role.')).toBeVisible()
	await role.getByLabel('Role').selectOption('user')
	await role.getByRole('button', { name: 'Save' }).click()
	await expect(role.getByRole('alert')).toHaveText('You cannot remove your own admin role.')
	// Said once: the error, not the hint beside it too.
	await expect(role.getByText('You cannot remove your own admin role.')).toHaveCount(1)
	await open(page, '/admin/users')
	await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
})

test('a user who is not an admin is sent to the feed', async ({ page, context, baseURL }) => {
	const user = await createE2eUser()
	await signIn(context, user, baseURL!)
	await page.goto('/admin/users')
	await expect(page).toHaveURL(/\/portal\/feed$/)
	await page.goto(`/admin/users/${user.id}`)
	await expect(page).toHaveURL(/\/portal\/feed$/)
})

test('on a small screen the admin links sit under the header', async ({ page, context, baseURL }) => {
	await page.setViewportSize({ width: 390, height: 800 })
	await signIn(context, await createE2eUser({ role: 'admin' }), baseURL!)
	await open(page, '/admin')
	const nav = page.getByRole('navigation', { name: 'Admin' })
	await expect(nav).toHaveCount(1)
	await nav.getByRole('link', { name: 'Users' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
	// The pages fit the screen: only their tables scroll sideways.
	for (const path of ['/admin', '/admin/users']) {
		await open(page, path)
		expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390)
	}
})

for (const page of ['list', 'detail'] as const) {
	test(`the user ${page} page has no serious or critical axe violations`, { tag: '@js-only' }, async ({ page: browserPage, context, baseURL }) => {
		const admin = await createE2eUser({ role: 'admin' })
		await signIn(context, admin, baseURL!)
		await open(browserPage, page === 'list' ? '/admin/users' : `/admin/users/${admin.id}`)
		const { violations } = await new AxeBuilder({ page: browserPage }).analyze()
		const serious = violations
			.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
			.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
		expect(serious).toEqual([])
	})
}
