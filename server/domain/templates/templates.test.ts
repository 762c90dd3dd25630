import { describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { createActors, createOpportunity } from '#tests/factories.ts'
import { createQuestion, listQuestions } from '#server/domain/questions/questions.ts'
import { deleteTemplate, importTemplate, listTemplates, saveQuestionAsTemplate, uniqueTemplateLabel } from './templates.ts'

async function setup() {
	const ctx = await createTestContext()
	const { admin, user } = await createActors(ctx.db)
	const opportunity = await createOpportunity(ctx.db)
	// Each test file has its own database, seeded with no templates.
	await ctx.db.questionTemplate.deleteMany()
	await ctx.db.questionTemplate.createMany({
		data: [
			{ label: 'Project Budget', type: 'short_text', limitType: 'chars', limitValue: 200, tags: ['budget', 'money'] },
			{ label: 'Artist Statement', type: 'long_text', limitType: 'words', limitValue: 300, helpText: 'In the first person.', tags: ['statement'] },
			{ label: 'Medium', type: 'multi_select', options: ['Oil', 'Clay'], tags: ['practice'] },
		],
	})
	return { ctx, admin, user, opportunity }
}

describe('templates', () => {
	test('listed by label; searched by label or tag, ignoring case', async () => {
		const { ctx, admin } = await setup()
		const labels = async (q?: string) => (await listTemplates(ctx, admin, { q })).map((t) => t.label)
		expect(await labels()).toEqual(['Artist Statement', 'Medium', 'Project Budget'])
		expect(await labels('  STATEMENT ')).toEqual(['Artist Statement'])
		expect(await labels('Money')).toEqual(['Project Budget'])
		expect(await labels('nothing like it')).toEqual([])
		// % and _ are searched for as themselves: no label has them.
		expect(await labels('%')).toEqual([])
		expect(await labels('_')).toEqual([])
	})

	test('import adds a question at the end with a free slug and the legacy fields', async () => {
		const { ctx, admin, opportunity } = await setup()
		await createQuestion(ctx, admin, { opportunityId: opportunity.id, label: 'Artist statement' })
		const [statement] = await listTemplates(ctx, admin, { q: 'statement' })
		const imported = await importTemplate(ctx, admin, { opportunityId: opportunity.id, templateId: statement!.id })
		expect(imported).toMatchObject({
			label: 'Artist Statement',
			slug: 'artist-statement-2',
			orderIndex: 1,
			type: 'long_text',
			limitType: 'words',
			limitValue: 300,
			helpText: 'In the first person.',
		})
		const again = await importTemplate(ctx, admin, { opportunityId: opportunity.id, templateId: statement!.id })
		expect(again).toMatchObject({ slug: 'artist-statement-3', orderIndex: 2 })
		const [budget] = await listTemplates(ctx, admin, { q: 'budget' })
		await importTemplate(ctx, admin, { opportunityId: opportunity.id, templateId: budget!.id })
		const row = await ctx.db.opportunityQuestion.findFirstOrThrow({ where: { opportunityId: opportunity.id, slug: 'project-budget' } })
		expect(row).toMatchObject({ prompt: 'Project Budget', idx: 3, orderIndex: 3, charLimit: 200 })
	})

	test('saving a question as a template copies it; a taken label gets " (2)", " (3)"', async () => {
		const { ctx, admin, opportunity } = await setup()
		const question = await createQuestion(ctx, admin, {
			opportunityId: opportunity.id,
			label: 'Artist Statement',
			section: 'About You',
			type: 'short_text',
			limitType: 'chars',
			limitValue: 90,
		})
		await expect(saveQuestionAsTemplate(ctx, admin, { questionId: question.id })).resolves.toMatchObject({
			label: 'Artist Statement (2)',
			type: 'short_text',
			limitType: 'chars',
			limitValue: 90,
			tags: ['about you'],
		})
		// The same question again: the template it made, not a copy.
		await expect(saveQuestionAsTemplate(ctx, admin, { questionId: question.id })).resolves.toMatchObject({ label: 'Artist Statement (2)', alreadySaved: true })
		// Another question of that label, worded differently: the next number.
		const longer = await createQuestion(ctx, admin, { opportunityId: opportunity.id, label: 'Artist Statement', type: 'long_text', limitType: 'words', limitValue: 300 })
		await expect(saveQuestionAsTemplate(ctx, admin, { questionId: longer.id })).resolves.toMatchObject({ label: 'Artist Statement (3)', alreadySaved: false })
		expect(uniqueTemplateLabel('Budget', ['Budget', 'Budget (2)'])).toBe('Budget (3)')
		// Saved at once, different questions of one label each get their own.
		const questions = await Promise.all(
			[10, 20, 30].map((limitValue) => createQuestion(ctx, admin, { opportunityId: opportunity.id, label: 'Statement', type: 'short_text', limitType: 'chars', limitValue })),
		)
		const saves = await Promise.all(questions.map((each) => saveQuestionAsTemplate(ctx, admin, { questionId: each.id })))
		expect(new Set(saves.map((t) => t.label)).size).toBe(3)
	})

	test('deleting a template leaves the questions imported from it', async () => {
		const { ctx, admin, user, opportunity } = await setup()
		const [template] = await listTemplates(ctx, admin, {})
		await importTemplate(ctx, admin, { opportunityId: opportunity.id, templateId: template!.id })
		await expect(deleteTemplate(ctx, user, { templateId: template!.id })).rejects.toMatchObject({ code: 'FORBIDDEN' })
		await expect(deleteTemplate(ctx, admin, { templateId: template!.id })).resolves.toEqual({ label: template!.label })
		expect((await listTemplates(ctx, admin, {})).map((each) => each.id)).not.toContain(template!.id)
		expect((await listQuestions(ctx, admin, { opportunityId: opportunity.id })).map((question) => question.label)).toContain(template!.label)
		for (const templateId of [template!.id, 'nope']) await expect(deleteTemplate(ctx, admin, { templateId })).rejects.toMatchObject({ code: 'NOT_FOUND' })
	})

	test('non-admins are refused; unknown and malformed ids are not found', async () => {
		const { ctx, admin, user, opportunity } = await setup()
		const [template] = await listTemplates(ctx, admin, {})
		const question = await createQuestion(ctx, admin, { opportunityId: opportunity.id, label: 'Budget' })
		await expect(listTemplates(ctx, user, {})).rejects.toMatchObject({ code: 'FORBIDDEN' })
		await expect(importTemplate(ctx, user, { opportunityId: opportunity.id, templateId: template!.id })).rejects.toMatchObject({ code: 'FORBIDDEN' })
		await expect(saveQuestionAsTemplate(ctx, user, { questionId: question.id })).rejects.toMatchObject({ code: 'FORBIDDEN' })
		for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
			await expect(importTemplate(ctx, admin, { opportunityId: id, templateId: template!.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
			await expect(importTemplate(ctx, admin, { opportunityId: opportunity.id, templateId: id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
			await expect(saveQuestionAsTemplate(ctx, admin, { questionId: id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
		}
		expect(await listQuestions(ctx, admin, { opportunityId: opportunity.id })).toHaveLength(1)
	})
})
