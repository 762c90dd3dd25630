import { rmSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { OwnServer } from './support/own-server.ts'

// The link is printed to the log of a fresh installation, so each project
// starts a server of its own to read it.
test.describe('first admin', () => {
	let server: OwnServer

	test.beforeAll(async ({}, testInfo) => {
		server = new OwnServer(testInfo.project.name === 'js' ? 3192 : 3193, `setup-${testInfo.project.name}`)
		rmSync(server.dataDir, { recursive: true, force: true })
		server.start()
		await server.waitUntilReady()
	})
	test.afterAll(async () => {
		await server.stop()
		rmSync(server.dataDir, { recursive: true, force: true })
	})

	test('the printed link creates the first admin once, then dies', async ({ page }) => {
		const link = server.setupLink()
		expect(link).toMatch(/^http:\/\/localhost:319[23]\/setup\?token=[\w-]{40,}$/)

		await page.goto(link!)
		await expect(page.getByRole('heading', { name: 'Create the first admin' })).toBeVisible()

		// A weak password is refused with the reasons, and nothing is created.
		await page.getByLabel('E-mail').fill('curator@example.test')
		await page.getByLabel('Password').fill('short')
		await page.getByRole('button', { name: 'Create admin account' }).click()
		await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()

		await page.getByLabel('E-mail').fill('curator@example.test')
		await page.getByLabel('Password').fill('curator-2026')
		await page.getByRole('button', { name: 'Create admin account' }).click()
		await expect(page).toHaveURL(`${server.url}/`)
		await expect(page.getByText('Admin account created')).toBeVisible()
		// The admin's first sign-in, like any account's, grants the free draft.
		await expect(page.getByText("You've received 1 free draft!")).toBeVisible()
		await expect(page.getByRole('link', { name: 'Admin', exact: true })).toBeVisible()

		await page.goto(link!)
		await expect(page.getByRole('heading', { name: 'This setup link is no longer valid' })).toBeVisible()
	})
})
