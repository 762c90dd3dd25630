import AxeBuilder from '@axe-core/playwright'
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { flateBombPdf, minimalPdf, tinyPng } from '../fixtures/files.ts'
import { createE2eUser, signIn } from './support/e2e-db.ts'
import { isJs, open, toasts } from './support/page.ts'

// Runs with JavaScript on and off ("js" and "no-js" projects) unless tagged @js-only.

/**
 * Presses "Upload images" and waits for the post's answer. The toast is then awaited on its own: a
 * failure says whether the upload or the page after it was missing, and a slow upload on a busy
 * machine does not spend the toast's time.
 */
async function uploadImages(page: Page) {
	const uploaded = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/portal/profile'))
	await page.getByRole('button', { name: 'Upload images' }).click()
	expect((await uploaded).status(), 'the upload post').toBeLessThan(400)
}

async function fillStep1(page: Page) {
	await page.getByLabel('Full name').fill('Ada Lovelace')
	await page.getByLabel('City').fill('Porto')
	await page.getByLabel('Country').fill('Portugal')
}

/** A new artist through steps 1 and 2 (Ceramics, Competitions), on step 3. */
async function onboardToStep3(page: Page, context: BrowserContext, baseURL: string) {
	await signIn(context, await createE2eUser({ onboarded: false }), baseURL)
	await open(page, '/onboarding')
	await fillStep1(page)
	await page.getByRole('button', { name: 'Next' }).click()
	await expect(page.getByText('Step 2 of 4')).toBeVisible()
	await page.getByRole('group', { name: 'Mediums' }).getByLabel('Ceramics').check()
	await page.getByRole('group', { name: 'Interests' }).getByLabel('Competitions').check()
	await page.getByRole('button', { name: 'Next' }).click()
	await expect(page.getByText('Step 3 of 4')).toBeVisible()
}

test('a new artist completes onboarding, then edits the profile, links and images', async ({ page, context, baseURL, browser }) => {
	const user = await createE2eUser({ onboarded: false })
	await signIn(context, user, baseURL!)

	// The portal sends a not-onboarded user here.
	await page.goto('/portal/profile')
	await expect(page).toHaveURL(/\/onboarding$/)
	await open(page, '/onboarding')

	// Step 1: all three fields are required.
	await expect(page.getByText('Step 1 of 4')).toBeVisible()
	await page.getByLabel('City').fill('')
	if (isJs()) {
		await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
	} else {
		await page.getByRole('button', { name: 'Next' }).click()
		await expect(page.getByText('City is required')).toBeVisible()
	}
	await fillStep1(page)
	await page.getByRole('button', { name: 'Next' }).click()

	// Step 2: mediums and interests (the profile's earlier answers are already ticked).
	await expect(page.getByText('Step 2 of 4')).toBeVisible()
	const mediums = page.getByRole('group', { name: 'Mediums' })
	await expect(mediums.getByRole('checkbox')).toHaveCount(12)
	await mediums.getByLabel('Sculpture').check()
	await page.getByRole('group', { name: 'Interests' }).getByLabel('Residencies').check()
	await page.getByRole('button', { name: 'Next' }).click()

	// Step 3: website and links; remove is offered only with more than one row.
	await expect(page.getByText('Step 3 of 4')).toBeVisible()
	await page.getByLabel('Website').fill('ada.example.com')
	await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(0)
	const link = (index: number) => page.getByRole('group', { name: `Link ${index}` })
	await link(1).getByLabel('URL').fill('https://instagram.com/ada')
	await page.getByRole('button', { name: 'Add link' }).click()
	await expect(link(2)).toBeVisible()
	await link(2).getByLabel('Type').selectOption('press')
	await link(2).getByLabel('URL').fill('https://news.example.com/ada')
	await page.getByRole('button', { name: 'Add link' }).click()
	await expect(link(3)).toBeVisible()
	// At three rows, no more can be added; the blank third row is not saved.
	await expect(page.getByRole('button', { name: 'Add link' })).toHaveCount(0)
	await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(3)
	if (isJs()) {
		// A removed row's Remove button leaves focus on the one now nearest, not on the page.
		await page.getByRole('button', { name: 'Remove link 3' }).click()
		await expect(page.getByRole('button', { name: 'Remove link 2' })).toBeFocused()
	}
	await page.getByRole('button', { name: 'Next' }).click()

	// Step 4: a PDF CV and an image, made here.
	await expect(page.getByText('Step 4 of 4')).toBeVisible()
	await page.getByLabel('CV (PDF)').setInputFiles({ name: 'ada-cv.pdf', mimeType: 'application/pdf', buffer: minimalPdf(['Ada Lovelace', 'Solo show, Porto 2024']) })
	await page.getByLabel('Images').setInputFiles({ name: 'work.png', mimeType: 'image/png', buffer: tinyPng() })
	await page.getByRole('button', { name: 'Complete profile' }).click()

	await expect(page).toHaveURL(/\/portal\/feed$/)
	await expect(toasts(page)).toContainText('Profile completed!')

	// The profile shows what onboarding saved.
	await open(page, '/portal/profile')
	await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace')
	await expect(page.getByLabel('Website')).toHaveValue('https://ada.example.com')
	await expect(page.getByRole('group', { name: 'Mediums' }).getByLabel('Sculpture')).toBeChecked()
	await expect(page.getByRole('link', { name: /instagram\.com\/ada/ })).toBeVisible()
	await expect(page.getByRole('link', { name: /news\.example\.com\/ada/ })).toBeVisible()
	await expect(page.getByRole('link', { name: 'ada-cv.pdf' })).toBeVisible()
	await expect(page.getByRole('img', { name: 'work.png' })).toBeVisible()

	// Basics.
	await page.getByLabel('City').fill('Lisbon')
	// Zones are offered under their current names (the runtime lists Kolkata as Calcutta).
	await page.getByLabel('Time zone').selectOption({ label: 'Asia/Kolkata' })
	await page.getByRole('button', { name: 'Save changes' }).click()
	await expect(toasts(page)).toContainText('Profile updated successfully')
	// Disabled while it posted (with JavaScript) or on a new page (without), the button has focus again
	// once the page is back.
	await expect(page.getByRole('button', { name: 'Save changes' })).toBeFocused()
	if (isJs()) {
		// Pressed again from the keyboard, where it already has focus: focus comes back to it again.
		const saved = page.waitForResponse((response) => response.request().method() === 'POST')
		await page.keyboard.press('Enter')
		expect((await saved).status()).toBeLessThan(400)
		await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled()
		await expect(page.getByRole('button', { name: 'Save changes' })).toBeFocused()
	}
	await expect(page.getByLabel('City')).toHaveValue('Lisbon')
	await expect(page.getByLabel('Time zone')).toHaveValue('Asia/Kolkata')

	// Links: add, then remove.
	const linksCard = page.getByRole('region', { name: 'Links' })
	await linksCard.getByLabel('Type').selectOption('portfolio')
	await linksCard.getByLabel('URL').fill('https://folio.example.com')
	await linksCard.getByRole('button', { name: 'Add link' }).click()
	await expect(toasts(page)).toContainText('Link added successfully')
	await expect(page.getByRole('link', { name: /folio\.example\.com/ })).toBeVisible()
	// The field is empty for the next link, and has focus: not another link's Remove (with JavaScript),
	// nor the top of the page (without: the form comes back to it).
	await expect(linksCard.getByLabel('URL')).toHaveValue('')
	await expect(linksCard.getByLabel('URL')).toBeFocused()
	// A second tab still shows the link after the first removed it.
	const staleTab = await context.newPage()
	await open(staleTab, '/portal/profile')
	await page.getByRole('button', { name: 'Remove link https://folio.example.com' }).click()
	await expect(toasts(page)).toContainText('Link removed successfully')
	await expect(page.getByRole('link', { name: /folio\.example\.com/ })).toHaveCount(0)
	await staleTab.getByRole('button', { name: 'Remove link https://folio.example.com' }).click()
	await expect(toasts(staleTab)).toContainText('Failed to remove link. This link is no longer on your profile (it was removed already).')
	await staleTab.close()

	// Images: upload, then remove.
	await page.getByLabel('Image files').setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: tinyPng() })
	await uploadImages(page)
	await expect(toasts(page)).toContainText('File uploaded successfully')
	const image = page.getByRole('img', { name: 'second.png' })
	await expect(image).toBeVisible()
	// Without JavaScript the page comes back with focus on the images' field, not at its top; so
	// does Upload images pressed with no file chosen.
	if (!isJs()) {
		await expect(page.getByLabel('Image files')).toBeFocused()
		await uploadImages(page)
		await expect(toasts(page)).toContainText('Failed to upload files. Choose a file first.')
		await expect(page.getByLabel('Image files')).toBeFocused()
	}

	// The file is served to its owner only: another user gets a plain 404.
	const src = (await image.getAttribute('src'))!
	const own = await page.request.get(src)
	expect(own.status()).toBe(200)
	expect(own.headers()['content-type']).toBe('image/png')
	expect(own.headers()).toMatchObject({
		'x-content-type-options': 'nosniff',
		'content-disposition': `inline; filename="second.png"; filename*=UTF-8''second.png`,
		'cache-control': 'private, max-age=300',
	})
	const stranger = await browser.newContext()
	await signIn(stranger, await createE2eUser(), baseURL!)
	expect((await stranger.request.get(src, { maxRedirects: 0 })).status()).toBe(404)
	await stranger.close()

	if (!isJs()) {
		// Four more where three fit (with JavaScript the picker keeps only those): the three are kept
		// and announced, and the fourth said to be left out.
		await page.getByLabel('Image files').setInputFiles(['a', 'b', 'c', 'd'].map((name) => ({ name: `${name}.png`, mimeType: 'image/png', buffer: tinyPng() })))
		await uploadImages(page)
		await expect(toasts(page)).toContainText('Files uploaded successfully')
		await expect(toasts(page)).toContainText('1 image was left out: at most 5 images are kept.')
		await expect(page.getByRole('img', { name: /^[abcd]\.png$/ })).toHaveCount(3)
		// The field is gone with the set full: focus is on the line that says so, not the page's top.
		await expect(page.getByText('You have 5 images, the most you can keep.')).toBeFocused()
	} else {
		// The picker keeps the three that fit and names the one it left out, before anything is sent.
		await page.getByLabel('Image files').setInputFiles(['a', 'b', 'c', 'd'].map((name) => ({ name: `${name}.png`, mimeType: 'image/png', buffer: tinyPng() })))
		await expect(page.getByText('Only the first 3 images will be uploaded; d.png was left out.')).toBeVisible()
		await uploadImages(page)
		await expect(toasts(page)).toContainText('Files uploaded successfully')
		await expect(page.getByRole('img', { name: /^[abcd]\.png$/ })).toHaveCount(3)
	}

	await page.getByRole('button', { name: 'Remove second.png' }).click()
	await expect(toasts(page)).toContainText('File removed successfully')
	await expect(page.getByRole('img', { name: 'second.png' })).toHaveCount(0)
	// Focus moves to the image that was next to it (newest first: work.png, from onboarding), not the
	// first; without JavaScript, to the images' field.
	await expect(isJs() ? page.getByRole('button', { name: 'Remove work.png' }) : page.getByLabel('Image files')).toBeFocused()

	await page.getByRole('button', { name: 'Re-ingest profile' }).click()
	await expect(toasts(page)).toContainText('Profile re-ingestion initiated')
})

test('a file of another type or too large never takes the place of a good image: all five good ones are kept', async ({ page, context, baseURL }) => {
	await signIn(context, await createE2eUser(), baseURL!)
	await page.goto('/portal/profile')
	const refused = [
		{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
		{ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([tinyPng(), Buffer.alloc(10 * 1024 * 1024)]) },
	]
	const good = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name: `${name}.png`, mimeType: 'image/png', buffer: tinyPng() }))
	await page.getByLabel('Image files').setInputFiles([...refused, ...good])
	if (isJs()) {
		// Said at once, and left out of what is sent.
		await expect(page.getByText('notes.txt will not be uploaded: Only JPG, PNG, GIF, or WEBP files are allowed.')).toBeVisible()
		await expect(page.getByText('huge.png will not be uploaded: Each file must be at most 10 MB.')).toBeVisible()
		await expect(page.getByText(/left out/)).toHaveCount(0)
	}
	await uploadImages(page)
	if (!isJs()) {
		await expect(toasts(page)).toContainText('notes.txt was not uploaded: Only JPG, PNG, GIF, or WEBP files are allowed.')
		await expect(toasts(page)).toContainText('huge.png was not uploaded: Each file must be at most 10 MB.')
	}
	await expect(page.getByRole('img', { name: /^[a-e]\.png$/ })).toHaveCount(5)
})

test('a reload in the middle of onboarding keeps what was entered', async ({ page, context, baseURL }) => {
	await onboardToStep3(page, context, baseURL!)

	await page.reload()
	await expect(page.getByText('Step 3 of 4')).toBeVisible()
	if (isJs()) await open(page, '/onboarding')
	await page.getByRole('button', { name: 'Previous' }).click()
	await expect(page.getByText('Step 2 of 4')).toBeVisible()
	await expect(page.getByRole('group', { name: 'Mediums' }).getByLabel('Ceramics')).toBeChecked()
	await page.getByRole('button', { name: 'Previous' }).click()
	await expect(page.getByText('Step 1 of 4')).toBeVisible()
	await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace')
	await expect(page.getByLabel('City')).toHaveValue('Porto')
})

test('the browser’s Back goes to the step before, with what was entered, and Next goes on from there', async ({ page, context, baseURL }) => {
	await onboardToStep3(page, context, baseURL!)

	await page.goBack()
	await expect(page).toHaveURL(/\/onboarding\?step=2$/)
	await expect(page.getByText('Step 2 of 4')).toBeVisible()
	await expect(page.getByRole('group', { name: 'Mediums' }).getByLabel('Ceramics')).toBeChecked()
	// A later step cannot be skipped to by its address.
	await page.goto('/onboarding?step=4')
	await expect(page.getByText('Step 3 of 4')).toBeVisible()
	await page.goBack()
	await expect(page.getByText('Step 2 of 4')).toBeVisible()
	if (isJs()) await open(page, '/onboarding?step=2')
	await page.getByRole('group', { name: 'Mediums' }).getByLabel('Painting').check()
	await page.getByRole('button', { name: 'Next' }).click()
	await expect(page.getByText('Step 3 of 4')).toBeVisible()
	await page.getByRole('button', { name: 'Previous' }).click()
	await expect(page.getByRole('group', { name: 'Mediums' }).getByLabel('Painting')).toBeChecked()
})

test('a .docx that is not a Word document is refused; a CV that cannot be read is kept and the profile says why', { tag: '@js-only' }, async ({ page, context, baseURL }) => {
	await signIn(context, await createE2eUser(), baseURL!)
	await open(page, '/portal/profile')

	// Thirteen bytes that start like a ZIP, named like a Word document.
	const thirteen = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(9)])
	await page.getByLabel('CV file').setInputFiles({ name: 'cv.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: thirteen })
	await page.getByRole('button', { name: 'Upload CV' }).click()
	await expect(toasts(page)).toContainText('Failed to upload files. cv.docx was not uploaded: Only PDF, DOC, or DOCX files are allowed.')
	await expect(page.getByText('No CV uploaded.')).toBeVisible()

	// A PDF whose content inflates to 1 GiB: stored (it is a PDF), but its reader is stopped.
	await page.getByLabel('CV file').setInputFiles({ name: 'bomb.pdf', mimeType: 'application/pdf', buffer: flateBombPdf() })
	await page.getByRole('button', { name: 'Upload CV' }).click()
	await expect(toasts(page)).toContainText('File uploaded successfully')
	// The ingest is a job: once it has run, the brief is built from the rest of the profile and the page says why the CV is not in it.
	await expect(async () => {
		await page.reload()
		await expect(page.getByText('We could not read your CV: it took too long or was too large to read.')).toBeVisible({ timeout: 1_000 })
	}).toPass({ timeout: 30_000 })
	await expect(page.getByText(/To include your CV, upload another PDF of it/)).toBeVisible()
	await expect(page.getByText(/^Last built /)).toBeVisible()

	// Removing the CV removes the notice.
	await page.getByRole('button', { name: 'Remove bomb.pdf' }).click()
	await expect(toasts(page)).toContainText('File removed successfully')
	await expect(page.getByText(/We could not read your CV/)).toHaveCount(0)
})

test('the API queues an ingest for the signed-in user only', { tag: '@js-only' }, async ({ page, context, baseURL }) => {
	const anonymous = await page.request.post('/api/profile/ingest', { data: { user_id: 'x', profile_data: {} } })
	expect(anonymous.status()).toBe(401)
	const user = await createE2eUser()
	await signIn(context, user, baseURL!)
	const ok = await page.request.post('/api/profile/ingest', { data: { user_id: user.id, profile_data: { fullName: 'E2E Artist' } } })
	expect(ok.status()).toBe(202)
	const other = await createE2eUser()
	const forbidden = await page.request.post('/api/profile/ingest', { data: { user_id: other.id, profile_data: {} } })
	expect(forbidden.status()).toBe(403)
	const invalid = await page.request.post('/api/profile/ingest', { data: { user_id: 'me' } })
	expect(invalid.status()).toBe(400)
	expect(await invalid.json()).toMatchObject({ error: 'user_id must be a user id' })
})

for (const [path, onboarded] of [
	['/onboarding', false],
	['/portal/profile', true],
] as const) {
	test(`${path} has no serious or critical axe violations`, { tag: '@js-only' }, async ({ page, context, baseURL }) => {
		await signIn(context, await createE2eUser({ onboarded }), baseURL!)
		await open(page, path)
		const { violations } = await new AxeBuilder({ page }).analyze()
		const serious = violations
			.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
			.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
		expect(serious).toEqual([])
	})
}
