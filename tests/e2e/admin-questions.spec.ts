import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { createE2eUser, signIn, withE2eDb } from './support/e2e-db.ts'
import { isJs, open, toasts, whenFocusSettled } from './support/page.ts'

// Runs with JavaScript on and off ("js" and "no-js" projects) unless tagged @js-only.

const marker = () => `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

async function insertOpportunity(title: string) {
	return withE2eDb(async (client) => {
		const { rows } = await client.query<{ id: string }>(
			`INSERT INTO opportunities (title, url, category, slug) VALUES ($1, 'https://example.org/call', 'grant', 'questions-e2e') RETURNING id`,
			[title],
		)
		return rows[0]!.id
	})
}

async function insertTemplate(label: string, tag: string) {
	await withE2eDb((client) =>
		client.query(
			`INSERT INTO opportunity_question_templates (label, type, limit_type, limit_value, tags, help_text, updated_at)
			 VALUES ($1, 'long_text', 'words', 150, ARRAY[$2, 'common'], 'Plans for the year.', now())`,
			[label, tag],
		),
	)
}

/** A panel route: a dialog with JavaScript, a region of the page without. */
const panel = (page: Page, name: string) => (isJs() ? page.getByRole('dialog', { name }) : page.getByRole('region', { name }))
const rows = (page: Page) => page.getByTestId('question-row')

async function rowLabels(page: Page) {
	return (await page.getByTestId('question-label').allTextContents()).map((text) => text.trim())
}

async function fillQuestion(editor: Locator, fields: { section?: string; label?: string; type?: string; limitType?: string; limitValue?: string; options?: string[] }) {
	await whenFocusSettled(editor.page())
	if (fields.section !== undefined) await editor.getByLabel('Section', { exact: true }).fill(fields.section)
	if (fields.label !== undefined) await editor.getByLabel('Label', { exact: true }).fill(fields.label)
	if (fields.type) await editor.getByLabel('Type', { exact: true }).selectOption(fields.type)
	if (fields.limitType) await editor.getByLabel('Limit type').selectOption(fields.limitType)
	if (fields.limitValue !== undefined) await editor.getByLabel('Limit value').fill(fields.limitValue)
	if (fields.options) {
		if (isJs()) {
			for (const [index, option] of fields.options.entries()) {
				await editor.getByRole('button', { name: 'Add option' }).click()
				await editor.getByLabel(`Option ${index + 1}`, { exact: true }).fill(option)
			}
		} else {
			await editor.getByLabel('Options', { exact: true }).fill(fields.options.join('\n'))
		}
	}
}

test('an admin adds, edits, reorders, imports, saves as template and deletes questions', async ({ page, context, baseURL }) => {
	const admin = await createE2eUser({ role: 'admin' })
	await signIn(context, admin, baseURL!)
	const tag = marker()
	const opportunityId = await insertOpportunity(`Questions Grant ${tag}`)
	const templateLabel = `Future Plans ${tag}`
	await insertTemplate(templateLabel, tag)
	const base = `/admin/opportunities/${opportunityId}/questions`

	await open(page, base)
	await expect(page.getByRole('heading', { name: 'Application Questions' })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Questions (0)' })).toBeVisible()
	await expect(page.getByText('No questions added yet', { exact: true })).toBeVisible()
	await expect(page.getByText('No questions added yet. Add some questions to see the preview.')).toBeVisible()

	// A first question: the validation messages first.
	await page.getByRole('link', { name: 'Add Question' }).click()
	let editor = panel(page, 'New Question')
	await expect(editor).toBeVisible()
	await expect(editor.getByLabel('Type', { exact: true })).toHaveValue('long_text')
	await editor.getByRole('button', { name: 'Save' }).click()
	await expect(editor.getByText('Label is required')).toBeVisible()
	await fillQuestion(editor, { label: 'ab' })
	await editor.getByRole('button', { name: 'Save' }).click()
	await expect(editor.getByText('Label must be 3-200 characters')).toBeVisible()
	await fillQuestion(editor, { label: 'Artist Statement', limitType: 'words', limitValue: '' })
	if (isJs()) await expect(editor.getByLabel('Slug', { exact: true })).toHaveValue('artist-statement')
	await editor.getByRole('button', { name: 'Save' }).click()
	await expect(editor.getByText('Limit value must be greater than 0')).toBeVisible()
	await fillQuestion(editor, { section: 'About You', limitValue: '300' })
	await editor.getByLabel('Required').check()
	await editor.getByLabel('Help text').fill('In the first person.')
	await editor.getByRole('button', { name: 'Save' }).click()
	await expect(toasts(page)).toContainText('Question created successfully')
	await expect(editor).toHaveCount(0)
	await expect(page.getByRole('heading', { name: 'Questions (1)' })).toBeVisible()
	await expect(rows(page).first()).toContainText('Required')
	await expect(rows(page).first()).toContainText('Long Text · About You · Max 300 words')

	// Edit it: the row opens the editor.
	await page.getByRole('link', { name: 'Artist Statement' }).click()
	editor = panel(page, 'Edit Question')
	await expect(editor.getByLabel('Slug', { exact: true })).toHaveValue('artist-statement')
	await fillQuestion(editor, { label: 'Artist Statement (short)', limitType: 'chars', limitValue: '900' })
	await editor.getByRole('button', { name: 'Save' }).click()
	await expect(toasts(page)).toContainText('Question updated successfully')
	await expect(rows(page).first()).toContainText('Artist Statement (short)')
	await expect(rows(page).first()).toContainText('Max 900 characters')

	// A second and a third; a choice type needs two options.
	await page.getByRole('link', { name: 'Add Question' }).click()
	editor = panel(page, 'New Question')
	await fillQuestion(editor, { label: 'Project Budget', type: 'short_text' })
	// A slug another question has is refused: with JavaScript as the field is left, without on save,
	// and what was typed stays either way.
	const slugField = editor.getByLabel('Slug', { exact: true })
	await slugField.fill('Artist Statement')
	if (isJs()) {
		await slugField.blur()
	} else {
		await editor.getByRole('button', { name: 'Save' }).click()
	}
	await expect(editor.getByText('Slug must be unique within this opportunity')).toBeVisible()
	await expect(editor.getByLabel('Label', { exact: true })).toHaveValue('Project Budget')
	await slugField.fill('')
	await editor.getByRole('button', { name: 'Save' }).click()
	await expect(toasts(page)).toContainText('Question created successfully')
	await expect(page.getByRole('heading', { name: 'Questions (2)' })).toBeVisible()

	const medium = `Medium ${tag}`
	await page.getByRole('link', { name: 'Add Question' }).click()
	editor = panel(page, 'New Question')
	await fillQuestion(editor, { label: medium, type: 'multiple_choice', options: ['Oil'] })
	await editor.getByRole('button', { name: 'Save' }).click()
	await expect(editor.getByText('At least 2 options are required for choice types')).toBeVisible()
	if (isJs()) {
		await editor.getByRole('button', { name: 'Add option' }).click()
		await editor.getByLabel('Option 2', { exact: true }).fill('Clay')
		// Removing the last option leaves focus on the one before, then on "Add option".
		await editor.getByRole('button', { name: 'Add option' }).click()
		await editor.getByRole('button', { name: 'Remove option 3' }).click()
		await expect(editor.getByRole('button', { name: 'Remove option 2' })).toBeFocused()
		await expect(editor.getByLabel('Option 3', { exact: true })).toHaveCount(0)
	} else {
		await editor.getByLabel('Options', { exact: true }).fill('Oil\nClay\n oil \nOil')
	}
	await editor.getByRole('button', { name: 'Save' }).click()
	await expect(toasts(page)).toContainText('Question created successfully')
	await expect(page.getByRole('heading', { name: 'Questions (3)' })).toBeVisible()
	expect(await rowLabels(page)).toEqual(['Artist Statement (short)', 'Project Budget', medium])

	// Reorder: the third question to the top, then the budget below the statement.
	await page.getByRole('link', { name: 'Reorder' }).click()
	await expect(page.getByRole('link', { name: 'Done' })).toBeVisible()
	if (isJs()) {
		const saved = () => page.waitForResponse((response) => response.url().includes('/trpc/questions.reorder') && response.ok())
		const handle = page.getByRole('button', { name: `Reorder "${medium}"` })
		await handle.focus()
		let save = saved()
		await page.keyboard.press('Space')
		await expect(page.getByText(/lifted, position 3 of 3/)).toBeAttached()
		await page.keyboard.press('ArrowUp')
		await page.keyboard.press('ArrowUp')
		await expect(page.getByText(/moved to position 1 of 3/)).toBeAttached()
		await page.keyboard.press('Space')
		await save
		expect(await rowLabels(page)).toEqual([medium, 'Artist Statement (short)', 'Project Budget'])

		// A pointer drag: the budget above the statement.
		save = saved()
		const budget = page.getByRole('button', { name: 'Reorder "Project Budget"' })
		const target = await rows(page).nth(1).boundingBox()
		const from = await budget.boundingBox()
		await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2)
		await page.mouse.down()
		await page.mouse.move(from!.x + from!.width / 2, target!.y + 4, { steps: 8 })
		await page.mouse.up()
		await save
		expect(await rowLabels(page)).toEqual([medium, 'Project Budget', 'Artist Statement (short)'])

		// And down: the first to the bottom (its row moves in the DOM under the pointer).
		save = saved()
		const first = await page.getByRole('button', { name: `Reorder "${medium}"` }).boundingBox()
		const last = await rows(page).nth(2).boundingBox()
		await page.mouse.move(first!.x + first!.width / 2, first!.y + first!.height / 2)
		await page.mouse.down()
		await page.mouse.move(first!.x + first!.width / 2, last!.y + last!.height - 4, { steps: 12 })
		await page.mouse.up()
		await save
		expect(await rowLabels(page)).toEqual(['Project Budget', 'Artist Statement (short)', medium])
		await expect(page.getByRole('button', { name: `Reorder "${medium}"` })).toHaveAttribute('aria-pressed', 'false')

		// Lifted, moved, then left with Tab: dropped (and saved) where it is, not left lifted.
		save = saved()
		await page.getByRole('button', { name: `Reorder "${medium}"` }).focus()
		await page.keyboard.press('Space')
		await page.keyboard.press('ArrowUp')
		await expect(page.getByText(/moved to position 2 of 3/)).toBeAttached()
		await page.keyboard.press('Tab')
		await save
		await expect(page.getByText(/dropped at position 2 of 3/)).toBeAttached()
		await expect(page.getByRole('button', { name: `Reorder "${medium}"` })).toHaveAttribute('aria-pressed', 'false')
		expect(await rowLabels(page)).toEqual(['Project Budget', medium, 'Artist Statement (short)'])
		save = saved()
		await page.getByRole('button', { name: `Reorder "${medium}"` }).focus()
		await page.keyboard.press('Space')
		// Moving down moves the lifted row itself in the DOM, which blurs its handle for a moment: that
		// is not leaving it, so it stays lifted until Space drops it.
		await page.keyboard.press('ArrowDown')
		await expect(page.getByText(/moved to position 3 of 3/)).toBeAttached()
		await expect(page.getByRole('button', { name: `Reorder "${medium}"` })).toHaveAttribute('aria-pressed', 'true')
		await page.keyboard.press('Space')
		await save
		await expect(page.getByText(/dropped at position 3 of 3/)).toBeAttached()
		await expect(page.getByRole('button', { name: `Reorder "${medium}"` })).toHaveAttribute('aria-pressed', 'false')
		expect(await rowLabels(page)).toEqual(['Project Budget', 'Artist Statement (short)', medium])
	} else {
		const move = (label: string, direction: 'up' | 'down') => page.getByRole('button', { name: `Move "${label}" ${direction}` })
		// Each move is a post that comes back to a new page: wait for it, or the old page's focus would do.
		const moved = async (press: () => Promise<void>) => void (await Promise.all([page.waitForEvent('load'), press()]))
		await moved(() => move(medium, 'up').click())
		// Focus comes back to the button pressed, so the next step is one more key press...
		await expect(move(medium, 'up')).toBeFocused()
		await moved(() => page.keyboard.press('Enter'))
		// ... or to the other one, once the question is at the top and cannot go up.
		await expect(move(medium, 'up')).toBeDisabled()
		await expect(move(medium, 'down')).toBeFocused()
		await moved(() => move('Project Budget', 'up').click())
		await moved(() => move(medium, 'down').click())
		await expect(move(medium, 'down')).toBeFocused()
		await moved(() => page.keyboard.press('Enter'))
		await expect(move(medium, 'up')).toBeFocused()
	}
	await page.getByRole('link', { name: 'Done' }).click()
	await page.reload()
	expect(await rowLabels(page)).toEqual(['Project Budget', 'Artist Statement (short)', medium])

	// Import a template, found by its tag.
	await page.getByRole('link', { name: 'Import Template' }).click()
	const importer = panel(page, 'Import Template')
	await importer.getByPlaceholder('Search by name or tag...').fill(tag)
	if (!isJs()) await importer.getByRole('button', { name: 'Search' }).click()
	await expect(importer.getByRole('listitem')).toHaveCount(1)
	await expect(importer.getByRole('listitem')).toContainText('Long Text · Max 150 words')
	await importer.getByRole('button', { name: `Import "${templateLabel}"` }).click()
	await expect(toasts(page)).toContainText('Question imported from template')
	await expect(page.getByRole('heading', { name: 'Questions (4)' })).toBeVisible()
	expect((await rowLabels(page)).at(-1)).toBe(templateLabel)

	// Save a question as a template.
	await page.getByRole('button', { name: `Save as template: ${medium}` }).click()
	await expect(toasts(page)).toContainText(`Saved as template "${medium}"`)
	// The page comes back (without JavaScript, a new one) with focus on the button pressed.
	await expect(page.getByRole('button', { name: `Save as template: ${medium}` })).toBeFocused()

	// Delete with confirmation.
	await page.getByRole('link', { name: 'Project Budget' }).click()
	editor = panel(page, 'Edit Question')
	if (isJs()) {
		// The dialog's form sits inside the editor's in React's tree: the delete is still posted once.
		const deletes: string[] = []
		page.on('request', (request) => {
			if (request.method() === 'POST' && request.postData()?.includes('intent=delete')) deletes.push(request.url())
		})
		await editor.getByRole('button', { name: 'Delete' }).click()
		const confirm = page.getByRole('dialog', { name: 'Delete Question' })
		await expect(confirm).toContainText('Are you sure you want to delete this question?')
		await confirm.getByRole('button', { name: 'Delete' }).click()
		await expect(toasts(page)).toContainText('Question deleted successfully')
		await expect(toasts(page)).not.toContainText('Failed to delete question')
		expect(deletes).toHaveLength(1)
	} else {
		await editor.getByRole('link', { name: 'Delete' }).click()
		const confirm = panel(page, 'Delete Question')
		await expect(confirm).toContainText('Are you sure you want to delete this question?')
		await confirm.getByRole('button', { name: 'Delete' }).click()
	}
	await expect(toasts(page)).toContainText('Question deleted successfully')
	await expect(page.getByRole('heading', { name: 'Questions (3)' })).toBeVisible()
	// With JavaScript the editor closes in place, and the keyboard's focus goes to the list, not the page's top.
	if (isJs()) await expect(page.getByRole('heading', { name: 'Questions (3)' })).toBeFocused()
	expect(await rowLabels(page)).toEqual(['Artist Statement (short)', medium, templateLabel])
	await expect(rows(page).nth(1)).toContainText('2')

	// The preview, grouped by section.
	const preview = page.getByRole('region', { name: 'Application Form Preview' })
	await expect(preview).toContainText('Preview Mode - Form is not functional')
	await expect(preview.getByRole('group', { name: 'General' })).toBeVisible()
	await expect(preview.getByRole('group', { name: 'About You' })).toContainText('Max 900 characters')
	await expect(preview.getByRole('group', { name: 'General' })).toContainText('Max 150 words')
	await expect(preview.getByRole('textbox', { name: 'Artist Statement (short) (required)' })).toBeDisabled()
	await expect(preview.getByRole('radio', { name: 'Clay' })).toBeDisabled()
})

test('an admin deletes a template from the import list, after confirming', async ({ page, context, baseURL }) => {
	await signIn(context, await createE2eUser({ role: 'admin' }), baseURL!)
	const tag = marker()
	const opportunityId = await insertOpportunity(`Template Grant ${tag}`)
	const label = `Old Plans ${tag}`
	await insertTemplate(label, tag)
	await open(page, `/admin/opportunities/${opportunityId}/questions/import?q=${tag}`)
	const importer = panel(page, 'Import Template')
	await expect(importer.getByRole('listitem')).toHaveCount(1)
	await importer.getByText(`Delete template "${label}"`).click()
	await expect(importer.getByText('Delete this template? Questions imported from it keep their copy.')).toBeVisible()
	await importer.getByRole('button', { name: `Delete template "${label}"` }).click()
	await expect(toasts(page)).toContainText('Template deleted')
	await expect(toasts(page)).toContainText(`"${label}" has been deleted`)
	await expect(importer.getByText('No templates match your search.')).toBeVisible()
})

test('the questions tab and its editor have no serious accessibility problems @js-only', async ({ page, context, baseURL }) => {
	const admin = await createE2eUser({ role: 'admin' })
	await signIn(context, admin, baseURL!)
	const opportunityId = await insertOpportunity(`Axe Grant ${marker()}`)
	await withE2eDb((client) =>
		client.query(
			`INSERT INTO opportunity_questions (opportunity_id, label, slug, type, required, options, order_index, prompt, idx, updated_at)
			 VALUES ($1, 'Pick a medium', 'pick-a-medium', 'multi_select', true, ARRAY['Oil', 'Clay'], 0, 'Pick a medium', 0, now())`,
			[opportunityId],
		),
	)
	const serious = async () =>
		(await new AxeBuilder({ page }).analyze()).violations
			.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
			.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)

	await open(page, `/admin/opportunities/${opportunityId}/questions?reorder=1`)
	await expect(page.getByRole('button', { name: 'Reorder "Pick a medium"' })).toBeVisible()
	expect(await serious()).toEqual([])
	await page.getByRole('link', { name: 'Add Question' }).click()
	await expect(page.getByRole('dialog', { name: 'New Question' })).toBeVisible()
	expect(await serious()).toEqual([])
})

test('a reorder the server refuses is rolled back with an error toast @js-only', async ({ page, context, baseURL }) => {
	const admin = await createE2eUser({ role: 'admin' })
	await signIn(context, admin, baseURL!)
	const opportunityId = await insertOpportunity(`Rollback Grant ${marker()}`)
	await withE2eDb((client) =>
		client.query(
			`INSERT INTO opportunity_questions (opportunity_id, label, slug, order_index, prompt, idx, updated_at)
			 SELECT $1, l, lower(l), n - 1, l, n - 1, now() FROM unnest(ARRAY['First', 'Second']) WITH ORDINALITY AS t(l, n)`,
			[opportunityId],
		),
	)
	await page.route('**/trpc/questions.reorder**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '[]' }))
	await open(page, `/admin/opportunities/${opportunityId}/questions?reorder=1`)
	await page.getByRole('button', { name: 'Reorder "Second"' }).focus()
	await page.keyboard.press('Space')
	await page.keyboard.press('ArrowUp')
	await page.keyboard.press('Space')
	await expect(toasts(page)).toContainText('Failed to save question order')
	expect(await page.getByTestId('question-label').allTextContents()).toEqual(['First', 'Second'])
})
