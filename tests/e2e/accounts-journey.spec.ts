import { expect, test } from '@playwright/test'
import { minimalPdf, tinyPng } from '../fixtures/files.ts'
import { isJs, linkFromOutbox, toasts, uniqueEmail, whenHydrated } from './support/page.ts'
import { createE2eUser, signIn, withE2eDb } from './support/e2e-db.ts'

// The whole first visit of a new artist, as one story, with JavaScript on and off:
// sign up → confirm from the outbox → onboard with files → edit the profile →
// sign out → sign back in with a magic link.
test('a new artist signs up, onboards with files, edits the profile and comes back with a magic link', async ({
	page,
	request,
}) => {
	const email = uniqueEmail('journey')

	await page.goto('/')
	await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click()
	await expect(page).toHaveURL(/\/signin/)
	await page.getByRole('tab', { name: 'Sign Up' }).click()
	const signUp = page.getByRole('tabpanel', { name: 'Sign Up' })
	await signUp.getByLabel('E-mail').fill(email)
	await signUp.getByLabel('Password').fill('studio-light-7')
	await signUp.getByRole('button', { name: 'Sign Up' }).click()
	await expect(toasts(page)).toContainText('Please check your email to confirm your account!')

	await page.goto(await linkFromOutbox(request, email, '/auth/confirm'))
	await page.getByLabel('Password').fill('studio-light-7')
	await page.getByRole('button', { name: 'Confirm and sign in' }).click()
	await expect(page).toHaveURL(/\/onboarding$/)
	await expect(toasts(page)).toContainText("You've received 1 free draft!")
	await whenHydrated(page)

	await page.getByLabel('Full name').fill('Maya Okafor')
	await page.getByLabel('City').fill('Lagos')
	await page.getByLabel('Country').fill('Nigeria')
	await page.getByRole('button', { name: 'Next' }).click()
	await expect(page.getByText('Step 2 of 4')).toBeVisible()
	await page.getByRole('group', { name: 'Mediums' }).getByLabel('Textiles').check()
	await page.getByRole('group', { name: 'Interests' }).getByLabel('Grants').check()
	await page.getByRole('button', { name: 'Next' }).click()
	await expect(page.getByText('Step 3 of 4')).toBeVisible()
	await page.getByLabel('Website').fill('https://maya.example.com')
	await page.getByRole('button', { name: 'Next' }).click()
	await expect(page.getByText('Step 4 of 4')).toBeVisible()
	await page.getByLabel('CV (PDF)').setInputFiles({
		name: 'maya-cv.pdf',
		mimeType: 'application/pdf',
		buffer: minimalPdf(['Maya Okafor', 'Woven works 2019-2026']),
	})
	await page.getByLabel('Images').setInputFiles({ name: 'loom.png', mimeType: 'image/png', buffer: tinyPng() })
	await page.getByRole('button', { name: 'Complete profile' }).click()
	await expect(page).toHaveURL(/\/portal\/feed$/)
	await expect(toasts(page)).toContainText('Profile completed!')
	await expect(page.getByText('Credits remaining: 1')).toBeVisible()

	await page.getByRole('link', { name: 'Profile', exact: true }).filter({ visible: true }).click()
	await expect(page).toHaveURL(/\/portal\/profile$/)
	await expect(page.getByRole('link', { name: 'maya-cv.pdf' })).toBeVisible()
	await expect(page.getByRole('img', { name: 'loom.png' })).toBeVisible()
	await page.getByLabel('City').fill('Accra')
	await page.getByLabel('Country').fill('Ghana')
	await page.getByRole('button', { name: 'Save changes' }).click()
	await expect(toasts(page)).toContainText('Profile updated successfully')
	await expect(page.getByLabel('City')).toHaveValue('Accra')

	await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click()
	await expect(page).toHaveURL(/\/$/)
	await expect(toasts(page)).toContainText('Signed out')
	await page.goto('/portal/profile')
	await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fportal%2Fprofile$/)

	const magic = page.getByRole('main').locator('form', { has: page.getByRole('button', { name: 'Send magic link' }) })
	await magic.getByLabel('E-mail').fill(email)
	await magic.getByRole('button', { name: 'Send magic link' }).click()
	await expect(page.getByRole('main').getByText('Check your email for the sign-in link.')).toBeVisible()
	await expect(toasts(page)).toContainText('Magic link sent!')
	await page.goto(await linkFromOutbox(request, email, '/auth/magic'))
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(toasts(page)).toContainText('Successfully signed in!')
	await page.goto('/portal/profile')
	await expect(page.getByLabel('City')).toHaveValue('Accra')
	await expect(page.getByLabel('Full name')).toHaveValue('Maya Okafor')
})

test('an artist signs out of their other devices, then deletes the account, confirming with its e-mail address', async ({ page, context, baseURL, browser }) => {
	const user = await createE2eUser({ granted: true, credits: 1 })
	await signIn(context, user, baseURL!)
	// A second device.
	const elsewhere = await browser.newContext()
	await signIn(elsewhere, user, baseURL!)
	const other = await elsewhere.newPage()
	await other.goto(`${baseURL}/portal/feed`)
	await expect(other.getByRole('heading', { level: 1, name: 'Opportunities' })).toBeVisible()

	// Only the delete form's own button deletes: a post that names no form, with the address typed, is refused.
	const stray = await page.request.post('/portal/account', { form: { email: user.email }, headers: { Origin: new URL(baseURL!).origin }, maxRedirects: 0 })
	expect(stray.status()).toBe(400)

	await page.goto('/portal/profile')
	await page.getByRole('link', { name: 'Manage your account' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
	await expect(page.getByText('You are also signed in on 1 other device or browser.')).toBeVisible()
	await page.getByRole('button', { name: 'Sign out of other devices' }).click()
	await expect(toasts(page)).toContainText('1 other session ended.')
	await expect(page.getByText('You are signed in on this device only.')).toBeVisible()
	await other.goto(`${baseURL}/portal/feed`)
	await expect(other).toHaveURL(/\/signin/)
	await elsewhere.close()

	// A wrong address deletes nothing and says why.
	const confirm = page.getByLabel(/Type your e-mail address/)
	await confirm.fill('someone-else@example.test')
	await page.getByRole('button', { name: 'Delete my account' }).click()
	await expect(page.getByText('Type your e-mail address to confirm.')).toBeVisible()
	await expect(confirm).toHaveValue('someone-else@example.test')
	expect(await withE2eDb(async (client) => (await client.query('SELECT count(*)::int AS n FROM users WHERE id = $1', [user.id])).rows[0].n)).toBe(1)

	await confirm.fill(user.email)
	await page.getByRole('button', { name: 'Delete my account' }).click()
	await expect(page).toHaveURL(/\/$/)
	await expect(toasts(page)).toContainText('Account deleted')
	await expect(toasts(page)).toContainText('Your account and everything in it were deleted.')
	expect(await withE2eDb(async (client) => (await client.query('SELECT count(*)::int AS n FROM users WHERE id = $1', [user.id])).rows[0].n)).toBe(0)
	await page.goto('/portal/feed')
	await expect(page).toHaveURL(/\/signin/)
})

test('a signed-in artist without a password sets one from the account page, through a link e-mailed to them', async ({ page, context, baseURL, request }) => {
	// Signed up with magic links only: no password yet.
	const user = await createE2eUser()
	await signIn(context, user, baseURL!)
	await page.goto('/portal/account')
	await page.getByRole('button', { name: 'E-mail me a link' }).click()
	await expect(toasts(page)).toContainText(`We sent a link to choose a new password to ${user.email}.`)
	await expect(page.getByRole('button', { name: 'E-mail me a link' })).toBeFocused()

	await page.goto(await linkFromOutbox(request, user.email, '/reset-password'))
	await page.getByLabel('New password').fill('Tide-lines-2026')
	await page.getByRole('button', { name: 'Save new password' }).click()
	await expect(toasts(page)).toContainText('Your password has been changed')

	// The password signs in.
	await page.getByRole('button', { name: 'Sign Out' }).click()
	await expect(toasts(page)).toContainText('Signed out')
	await page.goto('/signin')
	const panel = page.getByRole('tabpanel', { name: 'Sign In' })
	await panel.getByLabel('E-mail').fill(user.email)
	await panel.getByLabel('Password').fill('Tide-lines-2026')
	await panel.getByRole('button', { name: 'Sign In' }).click()
	await expect(toasts(page)).toContainText('Successfully signed in!')
	await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()
})

test('an artist moves the account to a new e-mail address: the current mailbox agrees, the new one confirms, and every other device is signed out', async ({
	page,
	context,
	baseURL,
	browser,
	request,
}) => {
	const user = await createE2eUser({ granted: true, credits: 1 })
	await signIn(context, user, baseURL!)
	const elsewhere = await browser.newContext()
	await signIn(elsewhere, user, baseURL!)
	const emailOf = () => withE2eDb(async (client) => (await client.query('SELECT email FROM users WHERE id = $1', [user.id])).rows[0].email)

	await page.goto('/portal/account')
	const field = page.getByLabel('New e-mail address')
	await field.fill(user.email)
	await page.getByRole('button', { name: 'Change e-mail address' }).click()
	await expect(page.getByText('That is already your e-mail address.')).toBeVisible()
	await expect(field).toHaveValue(user.email)
	const next = uniqueEmail('moved')
	await field.fill(next)
	await page.getByRole('button', { name: 'Change e-mail address' }).click()
	await expect(toasts(page)).toContainText(`To move your account to ${next}, open the link we sent to ${user.email} first.`)
	// Without JavaScript the page comes back focused on the field it was sent from; with it, focus stays on the button.
	await expect(isJs() ? page.getByRole('button', { name: 'Change e-mail address' }) : page.getByLabel('New e-mail address')).toBeFocused()
	// The page says what it waits for, and the field is empty for another try.
	await expect(page.getByText(`Waiting for your current address: open the link we sent to ${user.email} to move your account to ${next}.`)).toBeVisible()
	await expect(field).toHaveValue('')

	// The current mailbox's link shows what it does; only its button does it (a mail scanner uses nothing up).
	const approval = await linkFromOutbox(request, user.email, '/account/email')
	await page.goto(approval)
	await expect(page.getByRole('heading', { name: 'Move your account to a new address?' })).toBeVisible()
	await page.goto(approval)
	await page.getByRole('button', { name: 'Yes, send a link to the new address' }).click()
	await expect(page.getByRole('heading', { name: 'Check your new address' })).toBeVisible()
	// The step's card was replaced by the next one's: focus goes to the page's main part, not the header's logo.
	if (isJs()) await expect(page.locator('#main-content')).toBeFocused()
	await expect(toasts(page)).toContainText(`We sent a link to ${next}. Open it to finish the change.`)
	// A reload does not post it again.
	await page.reload()
	await expect(page.getByRole('heading', { name: 'Check your new address' })).toBeVisible()
	expect(await emailOf()).toBe(user.email)
	await page.goto(approval)
	await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible()
	await page.goto('/portal/account')
	await expect(page.getByText(`Waiting for ${next}: open the link we sent there to finish moving your account.`)).toBeVisible()

	await page.goto(await linkFromOutbox(request, next, '/account/email'))
	await expect(page.getByRole('heading', { name: 'Confirm your new address' })).toBeVisible()
	// It says it moves an existing account, so the owner of a mistyped address is not invited to take it.
	await expect(page.getByText('This moves an existing Callboard account, with its profile, drafts and password')).toBeVisible()
	await page.getByRole('button', { name: 'Confirm my new address' }).click()
	await expect(page).toHaveURL(/\/portal\/account$/)
	await expect(toasts(page)).toContainText('E-mail address changed')
	await expect(toasts(page)).toContainText(`You now sign in with ${next}. Every other device was signed out.`)
	await expect(page.getByText(`Signed in as ${next}.`)).toBeVisible()
	expect(await emailOf()).toBe(next)

	// The other device is signed out; the old address is told.
	const other = await elsewhere.newPage()
	await other.goto(`${baseURL}/portal/feed`)
	await expect(other).toHaveURL(/\/signin/)
	await elsewhere.close()
	const outbox = async () => (await request.get(`/dev/outbox?${new URLSearchParams({ to: user.email })}`)).text()
	await expect.poll(outbox, { timeout: 15_000 }).toContain('Your Callboard e-mail address was changed')
})

test('an e-mail change waiting can be cancelled from the account page: its link then does nothing', async ({ page, context, baseURL, request }) => {
	const user = await createE2eUser({ granted: true, credits: 1 })
	await signIn(context, user, baseURL!)
	await page.goto('/portal/account')
	const next = uniqueEmail('cancelled')
	await page.getByLabel('New e-mail address').fill(next)
	await page.getByRole('button', { name: 'Change e-mail address' }).click()
	await expect(page.getByText(`to move your account to ${next}.`)).toBeVisible()
	const approval = await linkFromOutbox(request, user.email, '/account/email')

	await page.getByRole('button', { name: 'Cancel this change' }).click()
	await expect(toasts(page)).toContainText('E-mail change cancelled')
	await expect(page.getByText(`to move your account to ${next}.`)).toHaveCount(0)
	await expect(page.getByLabel('New e-mail address')).toBeFocused()
	await page.goto(approval)
	await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible()
})
