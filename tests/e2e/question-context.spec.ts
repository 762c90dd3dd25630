import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { minimalPdf, tinyPng } from '../fixtures/files.ts'
import { createE2eOpportunity, createE2eUser, signIn, withE2eDb } from './support/e2e-db.ts'
import { isJs, open, toasts } from './support/page.ts'

// Runs with JavaScript on and off ("js" and "no-js" projects) unless tagged @js-only. With
// JavaScript the question's button opens a dialog (loading and deleting over tRPC, saving with a
// multipart post to the context's save route); without, it is a link to the context page, whose
// forms post to its action.

type Question = { opportunityId: string; slug: string; label: string }

/** A long-answer question of an active demo opportunity (the e2e server seeds them). */
async function seededQuestion(): Promise<Question> {
	const { rows } = await withE2eDb((client) =>
		client.query<Question>(
			`SELECT o.id AS "opportunityId", q.slug, q.label
			 FROM opportunities o JOIN opportunity_questions q ON q.opportunity_id = o.id
			 WHERE o.active AND q.type = 'long_text' ORDER BY o.created_at, o.id, q.order_index LIMIT 1`,
		),
	)
	return rows[0]!
}

type Box = { x: number; y: number; width: number; height: number }
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: minimalPdf([name]) })
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: tinyPng() })

/** The question's context button: a dialog trigger with JavaScript, a link to the context page without. */
function contextButton(page: Page, question: Question, text = 'Add context for this question') {
	return page.getByRole(isJs() ? 'button' : 'link', { name: `${text}: ${question.label}`, exact: true })
}

/** Opens the question's context from the opportunity page: the dialog, or the page that stands in for it. */
async function openContext(page: Page, question: Question, text?: string): Promise<Locator> {
	await contextButton(page, question, text).click()
	const title = `Context for “${question.label}”`
	if (isJs()) {
		const dialog = page.getByRole('dialog', { name: title })
		await expect(dialog.getByRole('textbox', { name: 'Notes' })).toBeVisible()
		return dialog
	}
	await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
	return page.getByRole('main')
}

test('an artist adds notes and files to a question, finds them again and deletes one', async ({ page, context, baseURL, browser }) => {
	const question = await seededQuestion()
	await signIn(context, await createE2eUser(), baseURL!)
	const detail = `/portal/opportunities/${question.opportunityId}`
	await open(page, detail)

	let scope = await openContext(page, question)
	await expect(scope.getByText('2000 characters remaining')).toBeVisible()
	const notes = scope.getByRole('textbox', { name: 'Notes' })
	// The dialog opens on its notes, ready to type (not on Close, its only control while it loads).
	if (isJs()) await expect(notes).toBeFocused()
	await notes.fill('x'.repeat(2001))
	if (isJs()) {
		await expect(scope.getByText('-1 characters remaining')).toBeVisible()
		await expect(scope.getByRole('button', { name: 'Save' })).toBeDisabled()
		// Marked invalid while it is over, before anything is sent.
		await expect(notes).toHaveAttribute('aria-invalid', 'true')
	} else {
		// The server refuses and shows the page again with what was typed.
		await scope.getByRole('button', { name: 'Save' }).click()
		await expect(page.getByRole('alert').filter({ hasText: 'Notes must be at most 2000 characters' })).toBeVisible()
		await expect(notes).toHaveValue('x'.repeat(2001))
		await expect(scope.getByText('-1 characters remaining')).toBeVisible()
	}
	await notes.fill('Mention the river project.\nKeep it warm.')
	// The counter is live with JavaScript; without, the server renders it with each page.
	if (isJs()) await expect(scope.getByText('1960 characters remaining')).toBeVisible()
	await scope.getByLabel('Add files').setInputFiles([pdf('statement.pdf'), png('work.png')])
	await scope.getByRole('button', { name: 'Save' }).click()

	await expect(toasts(page)).toContainText('Context saved successfully')
	await expect(page).toHaveURL(new RegExp(`${detail}$`))
	if (isJs()) await expect(page.getByRole('dialog')).toHaveCount(0)

	// Reopened, it shows what was saved; the button says there is context.
	scope = await openContext(page, question, 'Edit context (2 files)')
	await expect(scope.getByRole('textbox', { name: 'Notes' })).toHaveValue('Mention the river project.\nKeep it warm.')
	const statement = scope.getByRole('link', { name: 'statement.pdf' })
	await expect(statement).toBeVisible()
	await expect(scope.getByRole('link', { name: 'work.png' })).toBeVisible()

	// The file is served to its owner only: another user gets a plain 404.
	const href = (await statement.getAttribute('href'))!
	const own = await page.request.get(href)
	expect(own.status()).toBe(200)
	expect(own.headers()).toMatchObject({
		'content-type': 'application/pdf',
		'x-content-type-options': 'nosniff',
		'content-disposition': `inline; filename="statement.pdf"; filename*=UTF-8''statement.pdf`,
	})
	const stranger = await browser.newContext()
	await signIn(stranger, await createE2eUser(), baseURL!)
	expect((await stranger.request.get(href, { maxRedirects: 0 })).status()).toBe(404)
	// Nor can they open the context page of someone else's data: they see their own, empty one.
	const strangerPage = await stranger.newPage()
	await strangerPage.goto(`${detail}/context/${question.slug}`)
	await expect(strangerPage.getByText('No files attached yet.')).toBeVisible()
	await stranger.close()

	await scope.getByRole('button', { name: 'Delete work.png' }).click()
	await expect(toasts(page)).toContainText('File deleted successfully')
	await expect(scope.getByRole('link', { name: 'work.png' })).toHaveCount(0)
	await expect(scope.getByRole('link', { name: 'statement.pdf' })).toBeVisible()
})

test("a draft's context shows what was added on the opportunity page, which drafting also reads, and leads there to change it", async ({ page, context, baseURL }) => {
	const user = await createE2eUser()
	const label = 'Project statement'
	const { id: opportunityId } = await createE2eOpportunity({ title: `River Commission ${Date.now()}`, questions: [{ label, slug: 'statement' }] })
	const question = { opportunityId, slug: 'statement', label }
	const draftId = await withE2eDb(async (client) => {
		const { rows } = await client.query<{ id: string }>(
			`INSERT INTO drafts (user_id, opportunity_id, opportunity_title, title, status, updated_at) VALUES ($1, $2, 'River Commission', 'River Commission · draft', 'draft', now()) RETURNING id`,
			[user.id, opportunityId],
		)
		await client.query(`INSERT INTO draft_answers (draft_id, idx, slug, prompt, status, model_answer, updated_at) VALUES ($1, 0, 'statement', $2, 'written', 'An answer.', now())`, [rows[0]!.id, label])
		return rows[0]!.id
	})
	await signIn(context, user, baseURL!)
	await open(page, `/portal/opportunities/${opportunityId}`)
	let scope = await openContext(page, question)
	await scope.getByRole('textbox', { name: 'Notes' }).fill('Mention the river project.')
	await scope.getByLabel('Add files').setInputFiles([pdf('portfolio.pdf')])
	await scope.getByRole('button', { name: 'Save' }).click()
	await expect(toasts(page)).toContainText('Context saved successfully')

	// From the draft: the draft's own context is empty, and the opportunity's is shown beside it.
	await open(page, `/portal/drafts/${draftId}`)
	scope = await openContext(page, question)
	const shared = scope.getByRole('region', { name: 'Also read: your context from the opportunity page' })
	await expect(shared.getByText('Mention the river project.')).toBeVisible()
	await expect(shared.getByRole('link', { name: 'portfolio.pdf' })).toBeVisible()
	// Read-only here: nothing in it deletes the file.
	await expect(shared.getByRole('button')).toHaveCount(0)
	await expect(scope.getByRole('textbox', { name: 'Notes' })).toHaveValue('')
	await expect(scope.getByText('No files attached yet.')).toBeVisible()
	if (isJs()) {
		const serious = (await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
		expect(serious.map((violation) => violation.id)).toEqual([])
	}

	if (isJs()) {
		// Notes typed in the dialog and not saved: the link asks before it leaves them.
		await scope.getByRole('textbox', { name: 'Notes' }).fill('Typed, not saved')
		page.once('dialog', (dialog) => void dialog.dismiss())
		await shared.getByRole('link', { name: 'Change it on the opportunity page' }).click()
		await expect(scope.getByRole('textbox', { name: 'Notes' })).toHaveValue('Typed, not saved')
		page.once('dialog', (dialog) => void dialog.accept())
	}
	await shared.getByRole('link', { name: 'Change it on the opportunity page' }).click()
	await expect(page).toHaveURL(new RegExp(`/portal/opportunities/${opportunityId}/context/statement\\?backTo=${draftId}$`))
	await expect(page.getByRole('heading', { level: 1, name: `Context for “${label}”` })).toBeVisible()
	await expect(page.getByRole('textbox', { name: 'Notes' })).toHaveValue('Mention the river project.')
	// The opportunity's own context page does not show itself a second time.
	await expect(page.getByRole('region', { name: 'Also read: your context from the opportunity page' })).toHaveCount(0)
	// It leads back to the draft it was opened from, and saving goes back there too.
	await expect(page.getByRole('link', { name: 'Back to draft' })).toHaveAttribute('href', `/portal/drafts/${draftId}`)
	await page.getByRole('textbox', { name: 'Notes' }).fill('Mention the river project and the boats.')
	await page.getByRole('button', { name: 'Save' }).click()
	await expect(toasts(page)).toContainText('Context saved successfully')
	await expect(page).toHaveURL(new RegExp(`/portal/drafts/${draftId}$`))
	scope = await openContext(page, question)
	await expect(scope.getByRole('region', { name: 'Also read: your context from the opportunity page' }).getByText('Mention the river project and the boats.')).toBeVisible()
	// The opportunity's context was changed, not the draft's.
	await expect(scope.getByRole('textbox', { name: 'Notes' })).toHaveValue('')
})

test('on a phone, an attached file’s name keeps its width: its size and Delete wrap below it', { tag: '@js-only' }, async ({ browser, baseURL }) => {
	const question = await seededQuestion()
	const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
	await signIn(phone, await createE2eUser(), baseURL!)
	const page = await phone.newPage()
	await open(page, `/portal/opportunities/${question.opportunityId}`)
	let scope = await openContext(page, question)
	await scope.getByLabel('Add files').setInputFiles([pdf('portfolio-statement.pdf')])
	await scope.getByRole('button', { name: 'Save' }).click()
	await expect(toasts(page)).toContainText('Context saved successfully')
	scope = await openContext(page, question, 'Edit context (1 file)')
	const name = scope.getByRole('link', { name: 'portfolio-statement.pdf' })
	// At least 10rem wide (it was squeezed to about 60 px, a few letters a line).
	expect((await name.boundingBox())!.width).toBeGreaterThanOrEqual(159)
	await phone.close()
})

test('a sixth file is refused with a clear message and nothing is saved', async ({ page, context, baseURL }) => {
	const question = await seededQuestion()
	await signIn(context, await createE2eUser(), baseURL!)
	const detail = `/portal/opportunities/${question.opportunityId}`
	await open(page, detail)
	const refusal = 'A question can have at most 5 files. Nothing was saved: choose fewer files or delete one first.'
	const six = [1, 2, 3, 4, 5].map((n) => pdf(`part-${n}.pdf`)).concat(png('extra.png'))

	let scope = await openContext(page, question)
	await scope.getByRole('textbox', { name: 'Notes' }).fill('Keep me')
	await scope.getByLabel('Add files').setInputFiles(six)
	if (isJs()) {
		// Refused before anything is sent.
		await expect(scope.getByRole('alert')).toHaveText(refusal)
		await expect(scope.getByRole('button', { name: 'Save' })).toBeDisabled()
		await scope.getByRole('button', { name: 'Remove extra.png' }).click()
		await expect(scope.getByText(refusal)).toHaveCount(0)
	} else {
		await scope.getByRole('button', { name: 'Save' }).click()
		await expect(page.getByRole('alert').filter({ hasText: refusal })).toBeVisible()
		// The refused field says why and has focus, as any refused field does.
		await expect(scope.getByLabel('Add files')).toHaveAttribute('aria-invalid', 'true')
		await expect(scope.getByLabel('Add files')).toHaveAccessibleDescription(new RegExp(`${refusal.replace(/[.:]/g, '\\$&')}$`))
		await expect(scope.getByLabel('Add files')).toBeFocused()
		await expect(scope.getByRole('textbox', { name: 'Notes' })).toHaveValue('Keep me')
		await expect(scope.getByText('No files attached yet.')).toBeVisible()
		await scope.getByLabel('Add files').setInputFiles(six.slice(0, 5))
	}
	await scope.getByRole('button', { name: 'Save' }).click()
	await expect(toasts(page)).toContainText('Context saved successfully')

	// Full: a further file is refused, counting the ones already there.
	scope = await openContext(page, question, 'Edit context (5 files)')
	await expect(scope.getByText('This question has 5 files, the most it can keep. Delete one to add another.')).toBeVisible()
	if (isJs()) {
		await scope.getByLabel('Add files').setInputFiles([png('extra.png')])
		await expect(scope.getByRole('alert')).toHaveText(
			'A question can have at most 5 files; this one already has 5. Nothing was saved: choose fewer files or delete one first.',
		)
		await expect(scope.getByRole('button', { name: 'Save' })).toBeDisabled()
	} else {
		await expect(scope.getByLabel('Add files')).toBeDisabled()
	}
})

test('the dialog shows the server’s reason when it refuses a save, and keeps what was typed', { tag: '@js-only' }, async ({ page, context, baseURL }) => {
	// A laptop's screen, where a toast at the bottom right used to cover the dialog's Save.
	await page.setViewportSize({ width: 1280, height: 720 })
	const question = await seededQuestion()
	await signIn(context, await createE2eUser(), baseURL!)
	await open(page, `/portal/opportunities/${question.opportunityId}`)
	const dialog = await openContext(page, question)
	await dialog.getByRole('textbox', { name: 'Notes' }).fill('Keep me')
	// A file plainly of another type is refused as soon as it is picked, before any upload.
	await dialog.getByLabel('Add files').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }])
	await expect(dialog.getByRole('alert')).toContainText('notes.txt: Only JPG, PNG, or PDF files are allowed.')
	await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled()
	// The file field is marked, and its description carries the reason.
	await expect(dialog.getByLabel('Add files')).toHaveAttribute('aria-invalid', 'true')
	await expect(dialog.getByLabel('Add files')).toHaveAccessibleDescription(/notes\.txt: Only JPG, PNG, or PDF files are allowed\.$/)
	await dialog.getByRole('button', { name: 'Remove notes.txt' }).click()
	await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled()
	// Named like a PDF, but the bytes decide.
	await dialog.getByLabel('Add files').setInputFiles([{ name: 'statement.pdf', mimeType: 'application/pdf', buffer: Buffer.from('#!/bin/sh\necho hi\n') }])
	await dialog.getByRole('button', { name: 'Save' }).click()
	await expect(toasts(page)).toContainText('statement.pdf: Only JPG, PNG, or PDF files are allowed.')
	// The toast stands beside the dialog, clear of its buttons; on a narrower screen, clear of them too.
	const clearOf = async (controls: Locator[]) => {
		const toast = await toasts(page).getByRole('alert').boundingBox()
		for (const control of controls) expect(overlap(toast!, (await control.boundingBox())!)).toBe(false)
	}
	const buttons = ['Save', 'Cancel', 'Close'].map((name) => dialog.getByRole('button', { name, exact: true }))
	await clearOf([dialog, ...buttons])
	await page.setViewportSize({ width: 1024, height: 720 })
	await clearOf(buttons)
	// A phone: the toast goes to the top, short of Close (the footer's buttons are below it).
	await page.setViewportSize({ width: 390, height: 844 })
	await clearOf(buttons)
	await expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveValue('Keep me')
	await expect(dialog.getByText('No files attached yet.')).toBeVisible()
	// Nothing was saved, notes included.
	await dialog.getByRole('button', { name: 'Remove statement.pdf' }).click()
	// The typed notes are not saved: Cancel asks first.
	page.once('dialog', (question) => void question.accept())
	await dialog.getByRole('button', { name: 'Cancel' }).click()
	await expect(contextButton(page, question)).toBeVisible()
})

test('the dialog’s multipart save takes five files of 10 MB, refuses a larger file with 413, and tRPC takes no large body', { tag: '@js-only' }, async ({ page, context, baseURL, request }) => {
	const question = await seededQuestion()
	await signIn(context, await createE2eUser(), baseURL!)
	const tenMegabytes = Buffer.alloc(10_485_760, 0x20)
	tenMegabytes.write('%PDF-1.7')
	const savePath = `/portal/opportunities/${question.opportunityId}/context/${question.slug}/save`
	const form = (notes: string, files: { name: string; bytes: Buffer }[]) => {
		const body = new FormData()
		body.set('notes', notes)
		for (const file of files) body.append('files', new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }), file.name)
		return body
	}

	// As the dialog sends it: the files stream into storage, never base64 in a JSON body.
	const five = [1, 2, 3, 4, 5].map((n) => ({ name: `big-${n}.pdf`, bytes: tenMegabytes }))
	const saved = await page.request.post(savePath, { multipart: form('n'.repeat(2000), five) })
	expect(saved.status()).toBe(200)
	expect(await saved.json()).toMatchObject({ notes: 'n'.repeat(2000), files: five.map(({ name }) => ({ name, type: 'application/pdf', size: 10_485_760 })), ignored: [] })

	// A sixth is refused with the message; one byte over 10 MB is 413; nothing more is stored.
	const sixth = await page.request.post(savePath, { multipart: form('', [{ name: 'one-more.pdf', bytes: minimalPdf(['x']) }]) })
	expect(sixth.status()).toBe(400)
	expect(await sixth.json()).toMatchObject({ error: expect.stringMatching(/^A question can have at most 5 files; this one already has 5\./) })
	// Another artist, whose context is empty.
	await signIn(context, await createE2eUser(), baseURL!)
	const tooLarge = await page.request.post(savePath, { multipart: form('', [{ name: 'huge.pdf', bytes: Buffer.concat([tenMegabytes, Buffer.from(' ')]) }]) })
	expect(tooLarge.status()).toBe(413)
	expect(await tooLarge.json()).toEqual({ error: 'huge.pdf: Each file must be at most 10 MB.' })
	expect(await (await page.request.get(`/trpc/context.get?input=${encodeURIComponent(JSON.stringify({ opportunityId: question.opportunityId, slug: question.slug }))}`)).json()).toMatchObject({
		result: { data: { notes: '', files: [] } },
	})

	// tRPC carries no files any more: a body over 1 MiB is cut off with 413.
	const bigBody = await page.request.post('/trpc/context.deleteFile', {
		data: { opportunityId: question.opportunityId, slug: question.slug, name: 'x'.repeat(2 * 1024 * 1024) },
	})
	expect(bigBody.status()).toBe(413)
	// Signed out, nothing is read: 401.
	const anonymous = await request.post(savePath, { multipart: form('x', []) })
	expect(anonymous.status()).toBe(401)
	expect(await anonymous.json()).toEqual({ error: 'User must be authenticated' })
})

test('a save cut short or without its notes is refused (400) and keeps what was saved; file names may hold ";" and "="', { tag: '@js-only' }, async ({ page, context, baseURL }) => {
	const question = await seededQuestion()
	await signIn(context, await createE2eUser(), baseURL!)
	const savePath = `/portal/opportunities/${question.opportunityId}/context/${question.slug}/save`
	const contextNow = async () =>
		(await (await page.request.get(`/trpc/context.get?input=${encodeURIComponent(JSON.stringify({ opportunityId: question.opportunityId, slug: question.slug }))}`)).json()).result.data
	const body = new FormData()
	body.set('notes', 'Keep these notes.')
	body.append('files', new Blob([new Uint8Array(minimalPdf(['cv']))], { type: 'application/pdf' }), 'CV 2025; final=v2.pdf')
	const saved = await page.request.post(savePath, { multipart: body })
	expect(saved.status()).toBe(200)
	expect(await contextNow()).toMatchObject({ notes: 'Keep these notes.', files: [{ name: 'CV 2025; final=v2.pdf' }] })

	// A multipart body whose boundary never comes, and a well-formed one without the notes field.
	const cutShort = await page.request.post(savePath, { headers: { 'Content-Type': 'multipart/form-data; boundary=----never' }, data: 'x'.repeat(50_000) })
	const noNotes = new FormData()
	noNotes.set('other', 'x')
	const withoutNotes = await page.request.post(savePath, { multipart: noNotes })
	for (const refused of [cutShort, withoutNotes]) {
		expect(refused.status()).toBe(400)
		expect(await refused.json()).toEqual({ error: 'The form arrived incomplete, so nothing was saved. Please try again.' })
	}
	expect(await contextNow()).toMatchObject({ notes: 'Keep these notes.', files: [{ name: 'CV 2025; final=v2.pdf' }] })
})

test('reopened, the dialog shows what was saved since, never the notes it read before', { tag: '@js-only' }, async ({ page, context, baseURL }) => {
	const question = await seededQuestion()
	await signIn(context, await createE2eUser(), baseURL!)
	await open(page, `/portal/opportunities/${question.opportunityId}`)
	let dialog = await openContext(page, question)
	await expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveValue('')
	await dialog.getByRole('button', { name: 'Cancel' }).click()
	// Saved meanwhile elsewhere (another tab); this opening's read is slow.
	const body = new FormData()
	body.set('notes', 'Saved in another tab.')
	expect((await page.request.post(`/portal/opportunities/${question.opportunityId}/context/${question.slug}/save`, { multipart: body })).status()).toBe(200)
	await page.route('**/trpc/context.get**', async (route) => {
		await new Promise((resolve) => setTimeout(resolve, 1_000))
		await route.continue()
	})
	// (The page itself was not reloaded: its button still reads as before.)
	await contextButton(page, question).click()
	dialog = page.getByRole('dialog')
	// Not the empty notes read at the first opening, which a keystroke would have saved over these.
	await expect(dialog.getByText('Loading context...')).toBeVisible()
	await expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveCount(0)
	await expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveValue('Saved in another tab.')
})

test('closing the dialog with unsaved notes asks first; a deleted file leaves focus on the next', { tag: '@js-only' }, async ({ page, context, baseURL }) => {
	const question = await seededQuestion()
	await signIn(context, await createE2eUser(), baseURL!)
	await open(page, `/portal/opportunities/${question.opportunityId}`)
	let dialog = await openContext(page, question)
	const notes = dialog.getByRole('textbox', { name: 'Notes' })
	await notes.fill('Not saved yet.')
	// Escape asks; "Cancel" in the browser's question keeps the dialog and the notes.
	const asked: string[] = []
	page.on('dialog', (question) => {
		asked.push(question.message())
		void (asked.length === 1 ? question.dismiss() : question.accept())
	})
	await page.keyboard.press('Escape')
	await expect(dialog).toBeVisible()
	await expect(notes).toHaveValue('Not saved yet.')
	expect(asked).toEqual(['Discard the notes and files you have not saved?'])
	// Accepted, it closes.
	await page.keyboard.press('Escape')
	await expect(page.getByRole('dialog')).toHaveCount(0)

	// Two files saved; deleting the first leaves focus on the other's Delete, then on "Add files".
	dialog = await openContext(page, question)
	await dialog.getByLabel('Add files').setInputFiles([pdf('one.pdf'), pdf('two.pdf')])
	await dialog.getByRole('button', { name: 'Save' }).click()
	await expect(page.getByRole('dialog')).toHaveCount(0)
	dialog = await openContext(page, question, 'Edit context (2 files)')
	await dialog.getByRole('button', { name: 'Delete one.pdf' }).click()
	await expect(dialog.getByRole('button', { name: 'Delete two.pdf' })).toBeFocused()
	await dialog.getByRole('button', { name: 'Delete two.pdf' }).click()
	await expect(dialog.getByLabel('Add files')).toBeFocused()
})

test('the context dialog and page have no serious or critical axe violations', { tag: '@js-only' }, async ({ page, context, baseURL }) => {
	const question = await seededQuestion()
	await signIn(context, await createE2eUser(), baseURL!)
	const serious = async () =>
		(await new AxeBuilder({ page }).analyze()).violations
			.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
			.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)

	await open(page, `/portal/opportunities/${question.opportunityId}`)
	const dialog = await openContext(page, question)
	await dialog.getByLabel('Add files').setInputFiles([pdf('statement.pdf')])
	await expect(dialog.getByRole('list', { name: 'Files to add' })).toBeVisible()
	expect(await serious()).toEqual([])

	await open(page, `/portal/opportunities/${question.opportunityId}/context/${question.slug}`)
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	expect(await serious()).toEqual([])
})

test('a double click on Save saves once', { tag: '@js-only' }, async ({ page, context, baseURL }) => {
	const question = await seededQuestion()
	await signIn(context, await createE2eUser(), baseURL!)
	await open(page, `/portal/opportunities/${question.opportunityId}`)
	const saves: string[] = []
	page.on('request', (request) => {
		if (request.method() === 'POST' && /\/context\/[^/]+\/save$/.test(new URL(request.url()).pathname)) saves.push(request.url())
	})
	const scope = await openContext(page, question)
	await scope.getByRole('textbox', { name: 'Notes' }).fill('Once is enough.')
	await scope.getByLabel('Add files').setInputFiles([pdf('once.pdf')])
	await scope.getByRole('button', { name: 'Save' }).dblclick()
	await expect(toasts(page)).toContainText('Context saved successfully')
	await expect(page.getByRole('dialog')).toHaveCount(0)
	// No second toast saying the file was "already attached, so skipped".
	await expect(toasts(page)).not.toContainText('Already attached')
	expect(saves).toHaveLength(1)
})
