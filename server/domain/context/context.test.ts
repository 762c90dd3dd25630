import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import type { AppContext } from '#server/context.ts'
import type { Actor } from '#server/domain/actor.ts'
import { createQuestion, deleteQuestion, updateQuestion } from '#server/domain/questions/questions.ts'
import { getDraftForOwner } from '#server/domain/drafting/drafts.ts'
import { importTemplate } from '#server/domain/templates/templates.ts'
import { uploadsDirectory } from '#server/integrations/storage/index.ts'
import { createTestContext } from '#tests/app-context.ts'
import { createActors, createOpportunity, createUser } from '#tests/factories.ts'
import { minimalPdf, pngClaiming, tinyPng } from '#tests/fixtures/files.ts'
import { saveContext as saveQuestionContext, type ContextFileBytes } from '#tests/question-context.ts'
import { STORAGE_QUOTA_BYTES } from '#server/domain/files/quota.ts'
import { releaseStrandedContexts } from '#server/domain/maintenance.ts'
import {
	deleteQuestionContextFile,
	getContextFileForDownload,
	getQuestionContext,
	getQuestionContextPage,
	listContextSummaries,
	startContextSave,
} from './context.ts'
import { MAX_FILE_BYTES, tooManyFilesMessage } from './context.schema.ts'

const ctxPromise = createTestContext()

async function setup() {
	const ctx = await ctxPromise
	const { admin, user } = await createActors(ctx.db)
	const opportunity = await createOpportunity(ctx.db)
	const question = await createQuestion(ctx, admin, { opportunityId: opportunity.id, label: 'Project Description' })
	const target = { opportunityId: opportunity.id, slug: question.slug }
	return { ctx, admin, user, opportunity, question, target }
}

const upload = (name: string, bytes: Buffer): ContextFileBytes => ({ name, bytes })
const pdf = (name: string) => upload(name, minimalPdf([name]))
const png = (name: string) => upload(name, tinyPng())

/** The objects stored under the user's context folder (hidden partial files excluded). */
async function storedObjects(ctx: AppContext, userId: string) {
	const dir = path.join(uploadsDirectory(ctx.env.DATA_DIR), 'user-assets', userId, 'context')
	const entries = await readdir(dir).catch(() => [] as string[])
	return entries.filter((entry) => !entry.startsWith('.'))
}

async function readBody(body: Readable) {
	const chunks: Buffer[] = []
	for await (const chunk of body) chunks.push(chunk as Buffer)
	return Buffer.concat(chunks)
}

async function newOtherUser(ctx: AppContext): Promise<Actor> {
	return { id: (await createUser(ctx.db, { onboardingCompleted: true })).id, role: 'user' }
}

describe('saving and reading a question context', () => {
	test('an empty context reads as no notes and no files', async () => {
		const { ctx, user, target } = await setup()
		expect(await getQuestionContext(ctx, user, target)).toEqual({ notes: '', files: [] })
	})

	test('notes and files are saved, typed by their bytes, stored under the user context folder and listed with URLs on request', async () => {
		const { ctx, user, target } = await setup()
		const saved = await saveQuestionContext(ctx, user, {
			...target,
			notes: 'Mention the 2024 residency.\r\nKeep it short.',
			// The name is not what decides.
			files: [pdf('brief.pdf'), upload('sketch.png', tinyPng())],
		})
		expect(saved).toEqual({
			notes: 'Mention the 2024 residency.\nKeep it short.',
			files: [
				{ name: 'brief.pdf', type: 'application/pdf', size: minimalPdf(['brief.pdf']).length },
				{ name: 'sketch.png', type: 'image/png', size: tinyPng().length },
			],
			ignored: [],
		})
		const read = await getQuestionContext(ctx, user, { ...target, includeUrls: true })
		expect(read.notes).toBe('Mention the 2024 residency.\nKeep it short.')
		expect(read.files.map((file) => file.url)).toEqual([expect.stringMatching(/^\/files\/context\/[0-9a-f-]{36}$/), expect.any(String)])
		expect((await getQuestionContext(ctx, user, target)).files[0]).not.toHaveProperty('url')
		// The specification's query string says includeUrls=1.
		expect((await getQuestionContext(ctx, user, { ...target, includeUrls: 1 })).files[0]).toHaveProperty('url')
		expect((await getQuestionContext(ctx, user, { ...target, includeUrls: '0' })).files[0]).not.toHaveProperty('url')

		const rows = await ctx.db.contextFile.findMany({ select: { storagePath: true }, where: { context: { userId: user.id } } })
		for (const row of rows) expect(row.storagePath).toMatch(new RegExp(`^user-assets/${user.id}/context/\\d+_[0-9a-f]{16}\\.(pdf|png)$`))
		expect(await storedObjects(ctx, user.id)).toHaveLength(2)

		// A second save replaces the notes and adds files.
		await saveQuestionContext(ctx, user, { ...target, notes: 'Only this now', files: [png('more.png')] })
		expect(await getQuestionContext(ctx, user, target)).toMatchObject({ notes: 'Only this now', files: [{ name: 'brief.pdf' }, { name: 'sketch.png' }, { name: 'more.png' }] })
	})

	test('notes longer than 2000 characters are refused; line breaks count once', async () => {
		const { ctx, user, target } = await setup()
		await expect(saveQuestionContext(ctx, user, { ...target, notes: 'x'.repeat(2001), files: [pdf('a.pdf')] })).rejects.toMatchObject({
			code: 'INVALID',
			message: 'Notes must be at most 2000 characters',
			fieldErrors: { notes: ['Notes must be at most 2000 characters'] },
		})
		expect(await storedObjects(ctx, user.id)).toEqual([])
		const notes = `${'x'.repeat(999)}\r\n${'y'.repeat(1000)}`
		expect((await saveQuestionContext(ctx, user, { ...target, notes })).notes).toHaveLength(2000)
		// PostgreSQL's text cannot hold NUL: a clear refusal, not a database error.
		await expect(saveQuestionContext(ctx, user, { ...target, notes: 'a\u0000b' })).rejects.toMatchObject({
			code: 'INVALID',
			message: 'Notes cannot contain a NUL character.',
		})
	})

	test('a file that is not a JPG, PNG or PDF, or one over 10 MB, is refused and nothing is saved', async () => {
		const { ctx, user, target } = await setup()
		await saveQuestionContext(ctx, user, { ...target, notes: 'before' })
		const script = upload('notes.pdf', Buffer.from('#!/bin/sh\necho hi\n'))
		await expect(saveQuestionContext(ctx, user, { ...target, notes: 'after', files: [pdf('ok.pdf'), script] })).rejects.toMatchObject({
			code: 'INVALID',
			message: 'notes.pdf: Only JPG, PNG, or PDF files are allowed.',
		})
		const big = Buffer.alloc(MAX_FILE_BYTES + 1, 0x20)
		big.write('%PDF-1.7')
		await expect(saveQuestionContext(ctx, user, { ...target, notes: 'after', files: [upload('big.pdf', big)] })).rejects.toMatchObject({
			code: 'INVALID',
			message: 'big.pdf: Each file must be at most 10 MB.',
		})
		// An image the drafting model would refuse, and one that is no image, are named and refused.
		await expect(saveQuestionContext(ctx, user, { ...target, notes: 'after', files: [upload('wide.png', pngClaiming(9_000, 2_000))] })).rejects.toMatchObject({
			code: 'INVALID',
			message: 'wide.png: The image is too large for drafting (9,000 × 2,000 pixels): at most 8,000 pixels wide or tall.',
		})
		await expect(saveQuestionContext(ctx, user, { ...target, notes: 'after', files: [upload('broken.png', tinyPng().subarray(0, 16))] })).rejects.toMatchObject({
			message: 'broken.png: The image could not be read.',
		})
		expect(await getQuestionContext(ctx, user, target)).toEqual({ notes: 'before', files: [] })
		expect(await storedObjects(ctx, user.id)).toEqual([])
	})

	test('an exactly 10 MB file is accepted', async () => {
		const { ctx, user, target } = await setup()
		const exact = Buffer.alloc(MAX_FILE_BYTES, 0x20)
		exact.write('%PDF-1.7')
		const saved = await saveQuestionContext(ctx, user, { ...target, files: [upload('exact.pdf', exact)] })
		expect(saved.files).toEqual([{ name: 'exact.pdf', type: 'application/pdf', size: MAX_FILE_BYTES }])
	})

	test('more than 5 files in all, existing plus new, is refused with a message and nothing is saved', async () => {
		const { ctx, user, target } = await setup()
		await expect(
			saveQuestionContext(ctx, user, { ...target, notes: 'six', files: [1, 2, 3, 4, 5, 6].map((n) => pdf(`f${n}.pdf`)) }),
		).rejects.toMatchObject({ code: 'INVALID', message: tooManyFilesMessage(0) })

		await saveQuestionContext(ctx, user, { ...target, notes: 'three', files: [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')] })
		await expect(
			saveQuestionContext(ctx, user, { ...target, notes: 'changed', files: [pdf('d.pdf'), pdf('e.pdf'), pdf('f.pdf')] }),
		).rejects.toMatchObject({
			code: 'INVALID',
			message: 'A question can have at most 5 files; this one already has 3. Nothing was saved: choose fewer files or delete one first.',
		})
		expect(await getQuestionContext(ctx, user, target)).toMatchObject({ notes: 'three', files: [{ name: 'a.pdf' }, { name: 'b.pdf' }, { name: 'c.pdf' }] })
		expect(await storedObjects(ctx, user.id)).toHaveLength(3)

		// Up to 5 is fine.
		const saved = await saveQuestionContext(ctx, user, { ...target, notes: 'five', files: [pdf('d.pdf'), png('e.png')] })
		expect(saved.files).toHaveLength(5)
	})

	test('a file named like one already there, or like another in the same save, is ignored', async () => {
		const { ctx, user, target } = await setup()
		await saveQuestionContext(ctx, user, { ...target, files: [pdf('brief.pdf'), pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')] })
		// Duplicates do not count towards the limit: 4 stored + 1 new.
		const saved = await saveQuestionContext(ctx, user, {
			...target,
			files: [png('brief.pdf'), pdf('new.pdf'), png('new.pdf'), pdf('C:\\Users\\ana\\a.pdf')],
		})
		expect(saved.ignored).toEqual(['brief.pdf', 'new.pdf', 'a.pdf'])
		expect(saved.files.map((file) => [file.name, file.type])).toEqual([
			['a.pdf', 'application/pdf'],
			['b.pdf', 'application/pdf'],
			['brief.pdf', 'application/pdf'],
			['c.pdf', 'application/pdf'],
			['new.pdf', 'application/pdf'],
		])
		expect(await storedObjects(ctx, user.id)).toHaveLength(5)
	})

	test('a draft has its own context beside the opportunity-wide one', async () => {
		const { ctx, user, opportunity, target } = await setup()
		const draft = await ctx.db.draft.create({
			data: { userId: user.id, opportunityId: opportunity.id, opportunityTitle: opportunity.title, title: 'Draft' },
			select: { id: true },
		})
		await saveQuestionContext(ctx, user, { ...target, notes: 'general' })
		await saveQuestionContext(ctx, user, { ...target, draftId: draft.id, notes: 'for this draft' })
		await saveQuestionContext(ctx, user, { ...target, draftId: '', notes: 'general again' })
		expect((await getQuestionContext(ctx, user, target)).notes).toBe('general again')
		expect((await getQuestionContext(ctx, user, { ...target, draftId: draft.id })).notes).toBe('for this draft')
		expect(await ctx.db.questionContext.count({ where: { userId: user.id } })).toBe(2)
	})

	test("a draft's context shows, read-only, the opportunity-wide one that drafting also reads", async () => {
		const { ctx, user, opportunity, target } = await setup()
		const draft = await ctx.db.draft.create({
			data: { userId: user.id, opportunityId: opportunity.id, opportunityTitle: opportunity.title, title: 'Draft' },
			select: { id: true },
		})
		const onDraft = { ...target, draftId: draft.id }
		// Nothing on either yet.
		expect(await getQuestionContext(ctx, user, onDraft)).toEqual({ notes: '', files: [], fromOpportunity: { notes: '', files: [] } })

		await saveQuestionContext(ctx, user, { ...target, notes: 'Mention the river project.', files: [pdf('portfolio.pdf')] })
		expect(await getQuestionContext(ctx, user, { ...onDraft, includeUrls: true })).toEqual({
			notes: '',
			files: [],
			fromOpportunity: {
				notes: 'Mention the river project.',
				files: [{ name: 'portfolio.pdf', type: 'application/pdf', size: expect.any(Number), url: expect.stringMatching(/^\/files\/context\//) }],
			},
		})
		await saveQuestionContext(ctx, user, { ...onDraft, notes: 'Shorter this time.' })
		expect(await getQuestionContextPage(ctx, user, onDraft)).toMatchObject({
			draftId: draft.id,
			notes: 'Shorter this time.',
			files: [],
			fromOpportunity: { notes: 'Mention the river project.', files: [{ name: 'portfolio.pdf' }] },
		})
		// The opportunity's own context is read as before, without a copy of itself.
		expect(await getQuestionContext(ctx, user, target)).toEqual({ notes: 'Mention the river project.', files: [expect.objectContaining({ name: 'portfolio.pdf' })] })

		// Another artist's context of the same question is not theirs to see.
		const other = await newOtherUser(ctx)
		await saveQuestionContext(ctx, other, { ...target, notes: 'Not yours.' })
		expect((await getQuestionContext(ctx, user, onDraft)).fromOpportunity?.notes).toBe('Mention the river project.')
	})
})

describe('deleting a file', () => {
	test('removes the row and the stored object', async () => {
		const { ctx, user, target } = await setup()
		await saveQuestionContext(ctx, user, { ...target, notes: 'kept', files: [pdf('a.pdf'), png('b.png')] })
		expect(await deleteQuestionContextFile(ctx, user, { ...target, name: 'a.pdf' })).toEqual({ name: 'a.pdf' })
		expect(await getQuestionContext(ctx, user, target)).toMatchObject({ notes: 'kept', files: [{ name: 'b.png' }] })
		expect(await storedObjects(ctx, user.id)).toEqual([expect.stringMatching(/\.png$/)])
		await expect(deleteQuestionContextFile(ctx, user, { ...target, name: 'a.pdf' })).rejects.toMatchObject({
			code: 'NOT_FOUND',
			message: 'File "a.pdf" not found.',
		})
	})
})

describe('who may use a context', () => {
	test('another user sees and changes only their own context, and cannot download or delete the owner’s files', async () => {
		const { ctx, user, target } = await setup()
		await saveQuestionContext(ctx, user, { ...target, notes: 'mine', files: [pdf('mine.pdf')] })
		const other = await newOtherUser(ctx)
		expect(await getQuestionContext(ctx, other, target)).toEqual({ notes: '', files: [] })
		await expect(deleteQuestionContextFile(ctx, other, { ...target, name: 'mine.pdf' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
		await saveQuestionContext(ctx, other, { ...target, notes: 'theirs', files: [pdf('mine.pdf')] })
		expect(await getQuestionContext(ctx, user, target)).toMatchObject({ notes: 'mine', files: [{ name: 'mine.pdf' }] })

		const [file] = (await getQuestionContext(ctx, user, { ...target, includeUrls: true })).files
		const fileId = file!.url!.split('/').pop()
		const download = await getContextFileForDownload(ctx, user, fileId)
		expect(download).toMatchObject({ name: 'mine.pdf', contentType: 'application/pdf' })
		expect((await readBody(download.body)).subarray(0, 5).toString()).toBe('%PDF-')
		await expect(getContextFileForDownload(ctx, other, fileId)).rejects.toMatchObject({ code: 'NOT_FOUND' })
		// Not even an admin: context files are private notes.
		await expect(getContextFileForDownload(ctx, { id: other.id, role: 'admin' }, fileId)).rejects.toMatchObject({ code: 'NOT_FOUND' })
		await expect(getContextFileForDownload(ctx, user, 'nope')).rejects.toMatchObject({ code: 'NOT_FOUND' })
	})

	test('another user’s draft, an unknown or inactive opportunity and an unknown slug are not found', async () => {
		const { ctx, user, opportunity, target } = await setup()
		const other = await newOtherUser(ctx)
		const theirDraft = await ctx.db.draft.create({
			data: { userId: other.id, opportunityId: opportunity.id, opportunityTitle: opportunity.title, title: 'Theirs' },
			select: { id: true },
		})
		await expect(getQuestionContext(ctx, user, { ...target, draftId: theirDraft.id })).rejects.toMatchObject({
			code: 'NOT_FOUND',
			fieldErrors: { draftId: [`Draft "${theirDraft.id}" not found.`] },
		})
		await expect(saveQuestionContext(ctx, user, { ...target, draftId: 'not-a-uuid', notes: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
		await expect(getQuestionContext(ctx, user, { ...target, slug: 'no-such-question' })).rejects.toMatchObject({
			code: 'NOT_FOUND',
			fieldErrors: { slug: ['Question "no-such-question" not found.'] },
		})
		await expect(getQuestionContext(ctx, user, { ...target, opportunityId: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
		await ctx.db.opportunity.update({ where: { id: opportunity.id }, data: { active: false } })
		await expect(saveQuestionContext(ctx, user, { ...target, notes: 'x' })).rejects.toMatchObject({
			code: 'NOT_FOUND',
			message: `Opportunity ${opportunity.id} not found.`,
		})
		expect(await ctx.db.questionContext.count({ where: { userId: user.id } })).toBe(0)
	})

	test('bad input is INVALID with a message, never a crash', async () => {
		const { ctx, user, target } = await setup()
		await expect(getQuestionContext(ctx, user, { ...target, slug: '' })).rejects.toMatchObject({ code: 'INVALID', message: 'Question slug is required' })
		await expect(saveQuestionContext(ctx, user, { ...target, notes: 42 } as never)).rejects.toMatchObject({ code: 'INVALID' })
		await expect(deleteQuestionContextFile(ctx, user, { ...target, name: '' })).rejects.toMatchObject({ code: 'INVALID' })
	})
})

describe('a streamed save (the no-JavaScript form)', () => {
	test('stores files as they arrive, refuses the sixth, and abort leaves nothing behind', async () => {
		const { ctx, user, target } = await setup()
		await saveQuestionContext(ctx, user, { ...target, files: [pdf('one.pdf')] })
		const save = await startContextSave(ctx, user, target)
		for (const name of ['a', 'b', 'c', 'd']) {
			expect(await save.add({ fileName: `${name}.png`, stream: Readable.from([tinyPng()]) })).toBe('stored')
		}
		expect(await save.add({ fileName: 'one.pdf', stream: Readable.from([minimalPdf(['x'])]) })).toBe('ignored')
		await expect(save.add({ fileName: 'e.png', stream: Readable.from([tinyPng()]) })).rejects.toMatchObject({
			code: 'INVALID',
			fieldErrors: { files: [tooManyFilesMessage(1)] },
		})
		expect(await storedObjects(ctx, user.id)).toHaveLength(5)
		await save.abort()
		expect(await storedObjects(ctx, user.id)).toHaveLength(1)
		expect((await getQuestionContext(ctx, user, target)).files).toHaveLength(1)
	})

	test('two saves racing for the last free places cannot pass the limit together', async () => {
		const { ctx, user, target } = await setup()
		await saveQuestionContext(ctx, user, { ...target, files: [pdf('1.pdf'), pdf('2.pdf'), pdf('3.pdf')] })
		const [first, second] = await Promise.all([startContextSave(ctx, user, target), startContextSave(ctx, user, target)])
		for (const save of [first!, second!]) {
			for (const name of ['x.png', 'y.png']) await save.add({ fileName: `${Math.random()}${name}`, stream: Readable.from([tinyPng()]) })
		}
		const results = await Promise.allSettled([first!.commit('first'), second!.commit('second')])
		expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected'])
		expect((await getQuestionContext(ctx, user, target)).files).toHaveLength(5)
		expect(await storedObjects(ctx, user.id)).toHaveLength(5)
	})

	test('notes over the limit at commit delete the stored files', async () => {
		const { ctx, user, target } = await setup()
		const save = await startContextSave(ctx, user, target)
		await save.add({ fileName: 'a.png', stream: Readable.from([tinyPng()]) })
		await expect(save.commit('x'.repeat(2001))).rejects.toMatchObject({ code: 'INVALID' })
		expect(await storedObjects(ctx, user.id)).toEqual([])
	})
})

describe('the opportunity page', () => {
	test('lists which questions have notes or files, for the actor only and without draft contexts', async () => {
		const { ctx, admin, user, opportunity, target } = await setup()
		const second = await createQuestion(ctx, admin, { opportunityId: opportunity.id, label: 'Budget' })
		const third = await createQuestion(ctx, admin, { opportunityId: opportunity.id, label: 'Timeline' })
		await saveQuestionContext(ctx, user, { ...target, notes: 'Some notes' })
		await saveQuestionContext(ctx, user, { ...target, opportunityId: opportunity.id, slug: second.slug, files: [pdf('a.pdf'), png('b.png')] })
		await saveQuestionContext(ctx, user, { ...target, slug: third.slug, notes: '   ' })
		await saveQuestionContext(ctx, await newOtherUser(ctx), { ...target, notes: 'not mine' })
		expect(await listContextSummaries(ctx, user, opportunity.id)).toEqual([
			{ slug: second.slug, hasNotes: false, fileCount: 2 },
			{ slug: target.slug, hasNotes: true, fileCount: 0 },
		])
		await expect(listContextSummaries(ctx, user, 'nope')).rejects.toMatchObject({ code: 'NOT_FOUND' })
	})

	test('the context page names the opportunity and the question', async () => {
		const { ctx, user, opportunity, target } = await setup()
		await saveQuestionContext(ctx, user, { ...target, notes: 'n', files: [pdf('a.pdf')] })
		expect(await getQuestionContextPage(ctx, user, target)).toEqual({
			opportunity: { id: opportunity.id, title: opportunity.title },
			question: { slug: target.slug, label: 'Project Description' },
			draftId: null,
			notes: 'n',
			files: [{ name: 'a.pdf', type: 'application/pdf', size: expect.any(Number), url: expect.stringMatching(/^\/files\/context\//) }],
		})
	})
})

describe('when an admin changes the questions', () => {
	/** A draft of the opportunity with one answer to the question, and its own context. */
	async function draftOf(ctx: AppContext, user: Actor, opportunity: { id: string; title: string }, slug: string) {
		const draft = await ctx.db.draft.create({
			data: { userId: user.id, opportunityId: opportunity.id, opportunityTitle: opportunity.title, title: 'Draft', answers: { create: { idx: 0, slug, prompt: 'Project Description' } } },
			select: { id: true },
		})
		await saveQuestionContext(ctx, user, { opportunityId: opportunity.id, slug, draftId: draft.id, notes: 'for this draft', files: [png('draft.png')] })
		return draft.id
	}

	test("a question's new slug takes its artists' notes, files and draft answers with it", async () => {
		const { ctx, admin, user, opportunity, question, target } = await setup()
		await saveQuestionContext(ctx, user, { ...target, notes: 'Mention the river project.', files: [pdf('portfolio.pdf')] })
		const draftId = await draftOf(ctx, user, opportunity, question.slug)

		await updateQuestion(ctx, admin, { questionId: question.id, label: 'Project Description', slug: 'project-new' })
		const moved = { ...target, slug: 'project-new' }
		expect(await getQuestionContext(ctx, user, moved)).toMatchObject({ notes: 'Mention the river project.', files: [{ name: 'portfolio.pdf' }] })
		expect(await getQuestionContext(ctx, user, { ...moved, draftId })).toMatchObject({ notes: 'for this draft', files: [{ name: 'draft.png' }] })
		expect(await ctx.db.draftAnswer.findMany({ where: { draftId }, select: { slug: true } })).toEqual([{ slug: 'project-new' }])
		await expect(getQuestionContext(ctx, user, target)).rejects.toMatchObject({ code: 'NOT_FOUND' })
		expect(await storedObjects(ctx, user.id)).toHaveLength(2)

		// A new question given the old slug starts empty: nothing of the renamed one comes to it.
		const newcomer = await createQuestion(ctx, admin, { opportunityId: opportunity.id, label: 'Budget', slug: question.slug })
		expect(newcomer.slug).toBe(question.slug)
		expect(await getQuestionContext(ctx, user, target)).toEqual({ notes: '', files: [] })
	})

	test("a deleted question's notes and files go with it, from storage too, and a question given its slug later starts empty", async () => {
		const { ctx, admin, user, opportunity, question, target } = await setup()
		const other = await createQuestion(ctx, admin, { opportunityId: opportunity.id, label: 'Budget' })
		await saveQuestionContext(ctx, user, { ...target, notes: 'Secret notes', files: [pdf('secret.pdf')] })
		await saveQuestionContext(ctx, user, { ...target, slug: other.slug, notes: 'Budget notes', files: [pdf('budget.pdf')] })
		await draftOf(ctx, user, opportunity, question.slug)
		expect(await storedObjects(ctx, user.id)).toHaveLength(3)

		await deleteQuestion(ctx, admin, { questionId: question.id })
		expect(await storedObjects(ctx, user.id)).toHaveLength(1)
		expect(await ctx.db.questionContext.count({ where: { userId: user.id } })).toBe(1)

		await createQuestion(ctx, admin, { opportunityId: opportunity.id, label: 'Describe your budget', slug: question.slug })
		expect(await getQuestionContext(ctx, user, target)).toEqual({ notes: '', files: [] })
		expect(await getQuestionContext(ctx, user, { ...target, slug: other.slug })).toMatchObject({ notes: 'Budget notes', files: [{ name: 'budget.pdf' }] })
	})

	test("a question renamed to a deleted question's slug takes its own answers and context there, not the deleted one's", async () => {
		const { ctx, admin, user, opportunity, question: budget, target } = await setup()
		const second = await createQuestion(ctx, admin, { opportunityId: opportunity.id, label: 'Project Description' })
		expect(second.slug).toBe(`${budget.slug}-2`)
		const draft = await ctx.db.draft.create({
			data: {
				userId: user.id,
				opportunityId: opportunity.id,
				opportunityTitle: opportunity.title,
				title: 'Draft',
				answers: { create: [{ idx: 0, slug: budget.slug, prompt: 'The first' }, { idx: 1, slug: second.slug, prompt: 'The second' }] },
			},
			select: { id: true },
		})
		await saveQuestionContext(ctx, user, { ...target, notes: 'About the first' })
		await saveQuestionContext(ctx, user, { ...target, slug: second.slug, notes: 'About the second' })
		await saveQuestionContext(ctx, user, { ...target, slug: second.slug, draftId: draft.id, notes: 'The second, on this draft' })

		await deleteQuestion(ctx, admin, { questionId: budget.id })
		await updateQuestion(ctx, admin, { questionId: second.id, label: 'Project Description', slug: budget.slug })

		const answers = await ctx.db.draftAnswer.findMany({ where: { draftId: draft.id }, orderBy: { idx: 'asc' }, select: { id: true, slug: true } })
		// The deleted question's answer keeps its text under a slug of its own; the renamed one's follows it.
		expect(answers.map((answer) => answer.slug)).toEqual([`${budget.slug}~${answers[0]!.id}`, budget.slug])
		expect(await getQuestionContext(ctx, user, target)).toMatchObject({ notes: 'About the second' })
		expect(await getQuestionContext(ctx, user, { ...target, draftId: draft.id })).toMatchObject({ notes: 'The second, on this draft' })
		// The draft's page offers context for the question still asked only.
		const view = await getDraftForOwner(ctx, user, { draftId: draft.id })
		expect(view.answers.map((answer) => [answer.prompt, answer.questionAsked])).toEqual([
			['The first', false],
			['The second', true],
		])
	})

	test('a save whose question an admin renamed while its files streamed in is refused, and keeps nothing', async () => {
		const { ctx, admin, user, question, target } = await setup()
		const save = await startContextSave(ctx, user, target)
		expect(await save.add({ fileName: 'late.png', stream: Readable.from([tinyPng()]) })).toBe('stored')
		await updateQuestion(ctx, admin, { questionId: question.id, label: 'Project Description', slug: 'renamed-meanwhile' })
		await expect(save.commit('Typed while it was renamed')).rejects.toMatchObject({ code: 'NOT_FOUND', fieldErrors: { slug: [expect.any(String)] } })
		expect(await storedObjects(ctx, user.id)).toEqual([])
		expect(await ctx.db.questionContext.count({ where: { userId: user.id } })).toBe(0)
	})

	test('a question added or imported at a slug whose context a deleted question left behind (before this was kept) starts empty', async () => {
		const { ctx, admin, user, opportunity } = await setup()
		for (const slug of ['budget', 'what-is-your-budget']) {
			await ctx.db.questionContext.create({ data: { userId: user.id, opportunityId: opportunity.id, questionSlug: slug, notes: 'Left behind' } })
		}
		const added = await createQuestion(ctx, admin, { opportunityId: opportunity.id, label: 'Budget', slug: 'budget' })
		const template = await ctx.db.questionTemplate.create({ data: { label: 'What is your budget?', type: 'long_text' }, select: { id: true } })
		const imported = await importTemplate(ctx, admin, { opportunityId: opportunity.id, templateId: template.id })
		for (const slug of [added.slug, imported.slug]) {
			expect(await getQuestionContext(ctx, user, { opportunityId: opportunity.id, slug })).toEqual({ notes: '', files: [] })
		}
		expect(imported.slug).toBe('what-is-your-budget')
	})

	test('contexts stranded by questions removed before contexts followed them are released by the maintenance job, files and all', async () => {
		const { ctx, admin, user, opportunity, question, target } = await setup()
		const kept = await createQuestion(ctx, admin, { opportunityId: opportunity.id, label: 'Budget', slug: 'budget' })
		await saveQuestionContext(ctx, user, { ...target, notes: 'Stranded notes', files: [pdf('stranded.pdf')] })
		const draftId = await draftOf(ctx, user, opportunity, question.slug)
		await saveQuestionContext(ctx, user, { opportunityId: opportunity.id, slug: kept.slug, notes: 'Still asked', files: [png('kept.png')] })
		// As a question was deleted before 2026-11-28: its row alone, the contexts left at its slug.
		await ctx.db.opportunityQuestion.delete({ where: { id: question.id } })
		expect(await storedObjects(ctx, user.id)).toHaveLength(3)

		// Other tests' stranded contexts may be freed in the same pass.
		expect((await releaseStrandedContexts(ctx)).released).toBeGreaterThanOrEqual(1)
		expect(await ctx.db.questionContext.count({ where: { opportunityId: opportunity.id, questionSlug: question.slug } })).toBe(0)
		expect(await storedObjects(ctx, user.id)).toHaveLength(1)
		expect(await getQuestionContext(ctx, user, { opportunityId: opportunity.id, slug: kept.slug })).toMatchObject({ notes: 'Still asked', files: [{ name: 'kept.png' }] })
		// The draft keeps its answer's text, under a slug no question can take.
		expect(await ctx.db.draftAnswer.findMany({ where: { draftId }, select: { slug: true } })).toEqual([{ slug: expect.stringMatching(new RegExp(`^${question.slug}~`)) }])
		// A question given the slug now starts empty.
		const newcomer = await createQuestion(ctx, admin, { opportunityId: opportunity.id, label: 'Project Description', slug: question.slug })
		expect(await getQuestionContext(ctx, user, { opportunityId: opportunity.id, slug: newcomer.slug })).toEqual({ notes: '', files: [] })
	})
})

/** Makes the user's files take `bytes` in all: one recorded CV of that size (its object is never read). */
async function useStorage(ctx: AppContext, userId: string, bytes: number) {
	await ctx.db.userAsset.create({
		data: { userId, kind: 'cv', storagePath: `user-assets/${userId}/cv/${bytes}_quota.pdf`, originalName: 'cv.pdf', size: bytes, contentType: 'application/pdf' },
	})
}

const MB = 1024 * 1024

describe('the storage quota', () => {
	test('a save past the quota is refused with how much is used, and nothing is saved', async () => {
		const { ctx, user, target } = await setup()
		await saveQuestionContext(ctx, user, { ...target, notes: 'before' })
		await useStorage(ctx, user.id, 245 * MB)
		const sixMegabytes = Buffer.alloc(6 * MB, 0x20)
		sixMegabytes.write('%PDF-1.7')
		await expect(saveQuestionContext(ctx, user, { ...target, notes: 'after', files: [pdf('small.pdf'), upload('big.pdf', sixMegabytes)] })).rejects.toMatchObject({
			code: 'INVALID',
			message: 'Your files take 245 MB of your 250 MB. Delete some to add more.',
		})
		expect(await getQuestionContext(ctx, user, target)).toEqual({ notes: 'before', files: [] })
		expect(await storedObjects(ctx, user.id)).toEqual([])
		// Notes take no room: they are still saved.
		expect((await saveQuestionContext(ctx, user, { ...target, notes: 'notes only' })).notes).toBe('notes only')
	})

	test('with no room left, a file is refused before any of it is read', async () => {
		const { ctx, user, target } = await setup()
		await useStorage(ctx, user.id, STORAGE_QUOTA_BYTES)
		const save = await startContextSave(ctx, user, target)
		let pulled = false
		async function* untouched() {
			pulled = true
			yield tinyPng()
		}
		await expect(save.add({ fileName: 'a.png', stream: untouched() })).rejects.toMatchObject({
			code: 'INVALID',
			message: 'Your files take 250 MB of your 250 MB. Delete some to add more.',
		})
		expect(pulled).toBe(false)
		await save.abort()
		expect(await storedObjects(ctx, user.id)).toEqual([])
	})

	test('two saves racing for the last of the room cannot both pass it', async () => {
		const { ctx, admin, user, opportunity, target } = await setup()
		// Two questions, so that only the user's storage lock, not the context row's, makes them take turns.
		const other = await createQuestion(ctx, admin, { opportunityId: opportunity.id, label: 'Budget' })
		await useStorage(ctx, user.id, STORAGE_QUOTA_BYTES - Math.floor(tinyPng().length * 1.5))
		const saves = await Promise.all([startContextSave(ctx, user, target), startContextSave(ctx, user, { ...target, slug: other.slug })])
		// Each alone fits, so each stores its file.
		for (const save of saves) expect(await save.add({ fileName: 'work.png', stream: Readable.from([tinyPng()]) })).toBe('stored')
		const results = await Promise.allSettled(saves.map((save) => save.commit('')))
		expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected'])
		expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { code: 'INVALID', message: expect.stringMatching(/^Your files take 250 MB of your 250 MB\./) } })
		expect(await ctx.db.contextFile.count({ where: { context: { userId: user.id } } })).toBe(1)
		expect(await storedObjects(ctx, user.id)).toHaveLength(1)
	})
})
