import { describe, expect, test } from 'vitest'
import type { AppContext } from '#server/context.ts'
import { createTestContext } from '#tests/app-context.ts'
import { createOpportunityWithQuestions, createUser, setPlan } from '#tests/factories.ts'
import type { RecordingJobs } from '#tests/fakes/recording-jobs.ts'
import { ScriptedDrafter } from '#tests/fakes/scripted-drafter.ts'
import { tinyPng } from '#tests/fixtures/files.ts'
import { saveContext } from '#tests/question-context.ts'
import { REGENERATE_LIMIT } from '#server/domain/rate-limit.ts'
import { DRAFT_MESSAGES } from './drafting.schema.ts'
import { deleteDraft, getDraftDocument, getDraftForOwner, listDrafts, regenerateAnswer, saveAnswerEdit, setDraftStatus, undoRegenerate } from './drafts.ts'
import { generateDraft } from './generate.ts'

async function artist(ctx: AppContext, { plan = 'pro' as 'free' | 'pro' } = {}) {
	const user = await createUser(ctx.db, { onboardingCompleted: true })
	await setPlan(ctx.db, user.id, { plan, credits: 5 })
	return { id: user.id, role: 'user' as const }
}

/** A written draft of two questions, by its owner. */
async function writtenDraft(ctx: AppContext, owner: { id: string; role: 'user' }, title = 'Harbour Residency') {
	const opportunity = await createOpportunityWithQuestions(ctx.db, [{ label: 'Artist statement' }, { label: 'Project title', type: 'short_text' }], { title })
	const { draftId } = await generateDraft(ctx, owner, { opportunityId: opportunity.id })
	await (ctx.jobs as RecordingJobs).runAll(ctx)
	const draft = await getDraftForOwner(ctx, owner, { draftId })
	return { opportunity, draft, answerIds: draft.answers.map((answer) => answer.id) }
}

/** A written draft whose first answer the artist has rewritten as "Written by me.". */
async function answerInOwnWords() {
	const ctx = await createTestContext()
	const owner = await artist(ctx)
	const { draft, answerIds } = await writtenDraft(ctx, owner)
	const answerId = answerIds[0]!
	await saveAnswerEdit(ctx, owner, { answerId, userEdit: 'Written by me.' })
	/** The answer as its page shows it now. */
	const shown = async () => (await getDraftForOwner(ctx, owner, { draftId: draft.id })).answers[0]!
	return { ctx, owner, draft, answerId, shown }
}

/** Regenerate, and the job that writes the new answer, which the model writes as `text`. */
async function regenerateAs(ctx: AppContext, owner: { id: string; role: 'user' }, answerId: string, text: string) {
	await regenerateAnswer(ctx, owner, { answerId })
	await (ctx.jobs as RecordingJobs).runAll({ ...ctx, drafter: new ScriptedDrafter(() => text) })
}

describe('drafts', () => {
	test('the list is the owner’s alone, newest first, searched by title or organization, a page at a time', async () => {
		const ctx = await createTestContext()
		const [owner, other] = [await artist(ctx), await artist(ctx)]
		await writtenDraft(ctx, owner, 'Harbour Residency')
		await writtenDraft(ctx, owner, 'Print Grant')
		await writtenDraft(ctx, other, 'Harbour Residency')

		const all = await listDrafts(ctx, owner, {})
		expect(all).toMatchObject({ total: 2, page: 1, pageCount: 1 })
		expect(all.drafts.map((draft) => draft.opportunityTitle)).toEqual(['Print Grant', 'Harbour Residency'])
		expect(all.drafts[0]).toMatchObject({ status: 'draft', answerCount: 2, model: 'offline' })
		expect((await listDrafts(ctx, owner, { q: 'harbour' })).drafts.map((draft) => draft.opportunityTitle)).toEqual(['Harbour Residency'])
		expect(await listDrafts(ctx, owner, { q: '%' })).toMatchObject({ total: 0 })
		expect(await listDrafts(ctx, owner, { q: 'R_sidency' })).toMatchObject({ total: 0 })
		expect(await listDrafts(ctx, owner, { page: 'x' as never })).toMatchObject({ page: 1, total: 2 })
	})

	test('another artist’s draft, answer and export are not found, exactly like ids that do not exist', async () => {
		const ctx = await createTestContext()
		const [owner, stranger] = [await artist(ctx), await artist(ctx)]
		const { draft, answerIds } = await writtenDraft(ctx, owner)
		const draftId = draft.id
		const answerId = answerIds[0]!
		const refusals = [
			() => getDraftForOwner(ctx, stranger, { draftId }),
			() => getDraftDocument(ctx, stranger, { draftId }, { format: 'pdf' }),
			() => saveAnswerEdit(ctx, stranger, { answerId, userEdit: 'Mine now' }),
			() => regenerateAnswer(ctx, stranger, { answerId }),
			() => undoRegenerate(ctx, stranger, { answerId }),
			() => setDraftStatus(ctx, stranger, { draftId, status: 'completed' }),
			() => deleteDraft(ctx, stranger, { draftId }),
			() => getDraftForOwner(ctx, owner, { draftId: 'not-a-uuid' }),
			() => saveAnswerEdit(ctx, owner, { answerId: '00000000-0000-4000-8000-000000000000', userEdit: 'x' }),
		]
		for (const refusal of refusals) await expect(refusal()).rejects.toMatchObject({ code: 'NOT_FOUND' })
		const mine = await getDraftForOwner(ctx, owner, { draftId })
		expect(mine.answers[0]!.text).toBe(draft.answers[0]!.text)
		expect(mine.status).toBe('draft')
	})

	test("a form of one draft naming an answer of the artist's other draft is not found, and changes nothing", async () => {
		const ctx = await createTestContext()
		const owner = await artist(ctx)
		const one = await writtenDraft(ctx, owner, 'Harbour Residency')
		const other = await writtenDraft(ctx, owner, 'Forest Grant')
		const answerId = other.answerIds[0]!
		const draftId = one.draft.id
		for (const attempt of [
			() => saveAnswerEdit(ctx, owner, { answerId, draftId, userEdit: 'Through the wrong page' }),
			() => regenerateAnswer(ctx, owner, { answerId, draftId }),
			() => undoRegenerate(ctx, owner, { answerId, draftId }),
			() => saveAnswerEdit(ctx, owner, { answerId, draftId: 'not-a-uuid', userEdit: 'x' }),
		]) {
			await expect(attempt()).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Answer not found' })
		}
		expect((await getDraftForOwner(ctx, owner, { draftId: other.draft.id })).answers[0]).toMatchObject({ status: 'written', text: other.draft.answers[0]!.text })
		// Named with its own draft, it saves.
		expect(await saveAnswerEdit(ctx, owner, { answerId, draftId: other.draft.id, userEdit: 'Through its own page' })).toMatchObject({ saved: true })
	})

	test('autosaves that arrive out of order keep the last edit; the first edit makes the draft in progress', async () => {
		const ctx = await createTestContext()
		const owner = await artist(ctx)
		const { draft, answerIds } = await writtenDraft(ctx, owner)
		const answerId = answerIds[0]!

		expect(await saveAnswerEdit(ctx, owner, { answerId, userEdit: 'Third version', revision: 1_700_000_000_300 })).toMatchObject({
			saved: true,
			draftStatus: 'in_progress',
		})
		// Typed earlier, arriving later.
		expect(await saveAnswerEdit(ctx, owner, { answerId, userEdit: 'First version', revision: 1_700_000_000_100 })).toMatchObject({ saved: false })
		expect(await saveAnswerEdit(ctx, owner, { answerId, userEdit: 'Second version', revision: 1_700_000_000_200 })).toMatchObject({ saved: false })
		const after = await getDraftForOwner(ctx, owner, { draftId: draft.id })
		expect(after.answers[0]).toMatchObject({ text: 'Third version', revision: 1_700_000_000_300 })
		expect(after.status).toBe('in_progress')

		// A save without a revision (the page without JavaScript) is the newest by definition.
		await saveAnswerEdit(ctx, owner, { answerId, userEdit: 'Saved from a form\r\nwith two lines' })
		expect((await getDraftForOwner(ctx, owner, { draftId: draft.id })).answers[0]!.text).toBe('Saved from a form\nwith two lines')
		await expect(saveAnswerEdit(ctx, owner, { answerId, userEdit: 'x'.repeat(50_001) })).rejects.toMatchObject({
			code: 'INVALID',
			message: DRAFT_MESSAGES.answerTooLong,
		})
	})

	test("a choice question's answer must be among its options; text is refused and what was saved stays", async () => {
		const ctx = await createTestContext()
		const owner = await artist(ctx)
		const opportunity = await createOpportunityWithQuestions(ctx.db, [
			{ label: 'Stage', type: 'multiple_choice', options: ['Idea', 'Finished'] },
			{ label: 'Media', type: 'multi_select', options: ['Oil', 'Clay', 'Wood'] },
		])
		const { draftId } = await generateDraft(ctx, owner, { opportunityId: opportunity.id })
		await (ctx.jobs as RecordingJobs).runAll(ctx)
		const [stage, media] = (await getDraftForOwner(ctx, owner, { draftId })).answers.map((answer) => answer.id)
		const refused = { code: 'INVALID', message: DRAFT_MESSAGES.notAnOption }

		expect(await saveAnswerEdit(ctx, owner, { answerId: stage!, userEdit: 'Finished' })).toMatchObject({ saved: true })
		expect(await saveAnswerEdit(ctx, owner, { answerId: media!, userEdit: '["Oil","Wood"]' })).toMatchObject({ saved: true })
		await expect(saveAnswerEdit(ctx, owner, { answerId: stage!, userEdit: 'Lorem ipsum' })).rejects.toMatchObject(refused)
		for (const userEdit of ['Lorem ipsum', '[1,2]', '{"a":"Oil"}', '"Oil"']) {
			await expect(saveAnswerEdit(ctx, owner, { answerId: media!, userEdit })).rejects.toMatchObject(refused)
		}
		// A choice that is not an option (renamed by the admin since) is named, to be unticked.
		await expect(saveAnswerEdit(ctx, owner, { answerId: media!, userEdit: '["Oil","Bronze"]' })).rejects.toMatchObject({
			code: 'INVALID',
			message: "Choose from the question's options: untick “Bronze”.",
		})
		expect((await getDraftForOwner(ctx, owner, { draftId })).answers.map((answer) => answer.text)).toEqual(['Finished', '["Oil","Wood"]'])
		// Clearing a choice is allowed.
		expect(await saveAnswerEdit(ctx, owner, { answerId: media!, userEdit: '[]' })).toMatchObject({ saved: true })
		expect(await saveAnswerEdit(ctx, owner, { answerId: stage!, userEdit: '' })).toMatchObject({ saved: true })
	})

	test("a page's autosave is refused when another page saved the answer since it loaded, and kept when the artist keeps theirs", async () => {
		const ctx = await createTestContext()
		const owner = await artist(ctx)
		const { draft, answerIds } = await writtenDraft(ctx, owner)
		const answerId = answerIds[0]!
		const loaded = (await getDraftForOwner(ctx, owner, { draftId: draft.id })).answers[0]!.revision
		const [one, two] = ['a'.repeat(32), 'b'.repeat(32)]
		const stored = async () => (await getDraftForOwner(ctx, owner, { draftId: draft.id })).answers[0]!.text
		// `base` null: a save without one ("Keep mine").
		const save = (tab: string, userEdit: string, revision: number, base: number | null = loaded) =>
			saveAnswerEdit(ctx, owner, { answerId, userEdit, revision, baseRevision: base ?? undefined, tab })

		// One page's own saves, in order or late, never conflict with each other.
		expect(await save(one, 'One, first', 1_700_000_000_100)).toMatchObject({ saved: true })
		expect(await save(one, 'One, third', 1_700_000_000_300)).toMatchObject({ saved: true })
		expect(await save(one, 'One, second', 1_700_000_000_200)).toMatchObject({ saved: false })
		// A second page, opened before them, types later: refused, and the first page's text stays.
		const refused = { code: 'CONFLICT', message: DRAFT_MESSAGES.changedElsewhere }
		await expect(save(two, 'Two', 1_700_000_000_400)).rejects.toMatchObject(refused)
		expect(await stored()).toBe('One, third')
		// "Keep mine": without a base it is saved, and from then on the first page is the one refused.
		expect(await save(two, 'Two', 1_700_000_000_500, null)).toMatchObject({ saved: true })
		await expect(save(one, 'One, fourth', 1_700_000_000_600)).rejects.toMatchObject(refused)
		expect(await stored()).toBe('Two')
		// An overwrite older than what is stored (a clock behind the other device's) changes nothing, and says so.
		expect(await save(one, 'One, behind', 1_700_000_000_450, null)).toMatchObject({ saved: false })
		expect(await stored()).toBe('Two')
	})

	test('a save from a page shown to another account says the browser changed accounts, and saves nothing', async () => {
		const ctx = await createTestContext()
		const owner = await artist(ctx)
		const stranger = await artist(ctx)
		const { draft, answerIds } = await writtenDraft(ctx, owner)
		const answerId = answerIds[0]!
		const stored = async () => (await getDraftForOwner(ctx, owner, { draftId: draft.id })).answers[0]!.text
		const before = await stored()
		// Signed in as the stranger now, on the owner's page: said before any lookup, for any id.
		const otherAccount = { code: 'FORBIDDEN', message: DRAFT_MESSAGES.otherAccount }
		await expect(saveAnswerEdit(ctx, stranger, { answerId, draftId: draft.id, userEdit: 'Not theirs.', viewerId: owner.id })).rejects.toMatchObject(otherAccount)
		await expect(saveAnswerEdit(ctx, stranger, { answerId: '00000000-0000-4000-8000-000000000000', userEdit: 'x', viewerId: owner.id })).rejects.toMatchObject(otherAccount)
		// Without the page's account it is the usual "not found"; the owner's own page saves.
		await expect(saveAnswerEdit(ctx, stranger, { answerId, userEdit: 'Not theirs.' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
		expect(await stored()).toBe(before)
		expect(await saveAnswerEdit(ctx, owner, { answerId, userEdit: 'Mine.', viewerId: owner.id })).toMatchObject({ saved: true })
		expect(await stored()).toBe('Mine.')
	})

	test('a page still showing the text from before a Regenerate or an Undo is refused, not saved over it', async () => {
		const ctx = await createTestContext()
		const owner = await artist(ctx)
		const { draft, answerIds } = await writtenDraft(ctx, owner)
		const answerId = answerIds[0]!
		const [one, two] = ['a'.repeat(32), 'b'.repeat(32)]
		const shown = async () => (await getDraftForOwner(ctx, owner, { draftId: draft.id })).answers[0]!
		const refused = { code: 'CONFLICT', message: DRAFT_MESSAGES.changedElsewhere }
		expect(await saveAnswerEdit(ctx, owner, { answerId, userEdit: 'Typed in one.', revision: 1_700_000_000_100, baseRevision: (await shown()).revision, tab: one })).toMatchObject({ saved: true })
		const beforeRegenerate = (await shown()).revision

		// Regenerated (from the other page): the first page's next save, from the text before it, is refused.
		await regenerateAs(ctx, owner, answerId, 'A regenerated answer.')
		await expect(saveAnswerEdit(ctx, owner, { answerId, userEdit: 'Typed in one, later.', revision: 1_700_000_000_200, baseRevision: beforeRegenerate, tab: one })).rejects.toMatchObject(refused)
		expect(await shown()).toMatchObject({ text: 'A regenerated answer.' })

		// The other page edits the regenerated text, then undoes the Regenerate: the same again for its own stale save.
		const afterRegenerate = (await shown()).revision
		expect(await saveAnswerEdit(ctx, owner, { answerId, userEdit: 'Edited in two.', revision: 1_700_000_000_300, baseRevision: afterRegenerate, tab: two })).toMatchObject({ saved: true })
		const beforeUndo = (await shown()).revision
		await undoRegenerate(ctx, owner, { answerId })
		await expect(saveAnswerEdit(ctx, owner, { answerId, userEdit: 'Edited in two, later.', revision: 1_700_000_000_400, baseRevision: beforeUndo, tab: two })).rejects.toMatchObject(refused)
		expect(await shown()).toMatchObject({ text: 'Typed in one.' })
		// A page given the new revision (as the live page is) saves as before.
		expect(await saveAnswerEdit(ctx, owner, { answerId, userEdit: 'Edited in two, after.', revision: 1_700_000_000_500, baseRevision: (await shown()).revision, tab: two })).toMatchObject({ saved: true })
	})

	test('Regenerate writes a new answer without a credit, keeping the old one for Undo, and Redo brings the new one back', async () => {
		const ctx = await createTestContext()
		const owner = await artist(ctx, { plan: 'free' })
		const { draft, answerIds } = await writtenDraft(ctx, owner)
		const answerId = answerIds[0]!
		await saveAnswerEdit(ctx, owner, { answerId, userEdit: 'My own words.' })
		const credits = await ctx.db.profile.findUniqueOrThrow({ where: { userId: owner.id }, select: { creditsRemaining: true } })

		await regenerateAnswer(ctx, owner, { answerId })
		expect((await getDraftForOwner(ctx, owner, { draftId: draft.id })).answers[0]).toMatchObject({ status: 'pending', hasUndo: true })
		await (ctx.jobs as RecordingJobs).runAll({ ...ctx, drafter: new ScriptedDrafter(() => 'A regenerated answer.') })
		expect((await getDraftForOwner(ctx, owner, { draftId: draft.id })).answers[0]).toMatchObject({ status: 'written', text: 'A regenerated answer.', hasUndo: true })

		expect(await undoRegenerate(ctx, owner, { answerId })).toMatchObject({ text: 'My own words.', undone: true })
		expect((await getDraftForOwner(ctx, owner, { draftId: draft.id })).answers[0]).toMatchObject({ text: 'My own words.', hasUndo: true, undone: true })
		expect(await undoRegenerate(ctx, owner, { answerId })).toMatchObject({ text: 'A regenerated answer.', undone: false })
		expect((await getDraftForOwner(ctx, owner, { draftId: draft.id })).answers[0]).toMatchObject({ text: 'A regenerated answer.', hasUndo: true, undone: false })
		expect(await ctx.db.profile.findUniqueOrThrow({ where: { userId: owner.id }, select: { creditsRemaining: true } })).toEqual(credits)
	})

	test("two Regenerates in a row keep the artist's own words for Undo, not the first regenerated text", async () => {
		const { ctx, owner, answerId, shown } = await answerInOwnWords()
		await regenerateAs(ctx, owner, answerId, 'First try.')
		await regenerateAs(ctx, owner, answerId, 'Second try.')
		expect(await shown()).toMatchObject({ text: 'Second try.', hasUndo: true })
		expect(await undoRegenerate(ctx, owner, { answerId })).toMatchObject({ text: 'Written by me.' })
	})

	test('Undo after editing the regenerated answer keeps the edit for Redo; a Regenerate after Undo keeps the restored words', async () => {
		const { ctx, owner, answerId, shown } = await answerInOwnWords()
		await regenerateAs(ctx, owner, answerId, 'Regenerated.')
		await saveAnswerEdit(ctx, owner, { answerId, userEdit: 'Regenerated, then edited.', baseRevision: (await shown()).revision })

		await undoRegenerate(ctx, owner, { answerId })
		expect(await shown()).toMatchObject({ text: 'Written by me.', undone: true })
		await undoRegenerate(ctx, owner, { answerId })
		expect(await shown()).toMatchObject({ text: 'Regenerated, then edited.', undone: false })

		await undoRegenerate(ctx, owner, { answerId })
		await regenerateAs(ctx, owner, answerId, 'Regenerated again.')
		expect(await shown()).toMatchObject({ text: 'Regenerated again.', undone: false })
		expect(await undoRegenerate(ctx, owner, { answerId })).toMatchObject({ text: 'Written by me.' })
	})

	test("Redo, then Regenerate, still keeps the artist's words for Undo", async () => {
		const { ctx, owner, answerId, shown } = await answerInOwnWords()
		await regenerateAs(ctx, owner, answerId, 'Regenerated.')
		await undoRegenerate(ctx, owner, { answerId })
		await undoRegenerate(ctx, owner, { answerId })
		await regenerateAs(ctx, owner, answerId, 'Regenerated again.')
		expect(await shown()).toMatchObject({ text: 'Regenerated again.' })
		expect(await undoRegenerate(ctx, owner, { answerId })).toMatchObject({ text: 'Written by me.' })
	})

	test('two presses at once: Undo swaps once; Regenerate starts once; a Regenerate in between makes Undo a conflict', async () => {
		const { ctx, owner, answerId, shown } = await answerInOwnWords()
		await regenerateAs(ctx, owner, answerId, 'Regenerated.')

		// As the page presses it, naming the way (without it, a second press that lands after the first
		// has finished is a Redo, which made this test depend on timing under load).
		const undos = await Promise.allSettled([undoRegenerate(ctx, owner, { answerId, direction: 'undo' }), undoRegenerate(ctx, owner, { answerId, direction: 'undo' })])
		expect(undos.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
		expect(undos.find((result) => result.status === 'rejected')).toMatchObject({ reason: { code: 'CONFLICT', message: DRAFT_MESSAGES.changedElsewhere } })
		expect(await shown()).toMatchObject({ text: 'Written by me.', undone: true })

		const generations = () => (ctx.jobs as RecordingJobs).sent.filter((job) => job.name === 'draft.generate').length
		const before = generations()
		// Both answer as started (the second press asked for what the first did); one job writes it.
		await Promise.all([regenerateAnswer(ctx, owner, { answerId }), regenerateAnswer(ctx, owner, { answerId })])
		expect(generations()).toBe(before + 1)
		// Pending now: Undo has nothing to swap with until the new answer is written.
		await expect(undoRegenerate(ctx, owner, { answerId })).rejects.toMatchObject({ code: 'CONFLICT' })
		await (ctx.jobs as RecordingJobs).runAll({ ...ctx, drafter: new ScriptedDrafter(() => 'Regenerated again.') })
		expect(await undoRegenerate(ctx, owner, { answerId })).toMatchObject({ text: 'Written by me.' })
	})

	test('an Undo from a page that still showed Undo after another tab undid it is refused, not done as a Redo', async () => {
		const { ctx, owner, answerId, shown } = await answerInOwnWords()
		await regenerateAs(ctx, owner, answerId, 'Regenerated.')
		await undoRegenerate(ctx, owner, { answerId, direction: 'undo' })
		await expect(undoRegenerate(ctx, owner, { answerId, direction: 'undo' })).rejects.toMatchObject({ code: 'CONFLICT', message: DRAFT_MESSAGES.changedElsewhere })
		expect(await shown()).toMatchObject({ text: 'Written by me.', undone: true })
		expect(await undoRegenerate(ctx, owner, { answerId, direction: 'redo' })).toMatchObject({ text: 'Regenerated.', undone: false })
	})

	test('a Regenerate that comes back with the same text offers no Undo', async () => {
		const ctx = await createTestContext()
		const owner = await artist(ctx)
		const { draft, answerIds } = await writtenDraft(ctx, owner)
		await saveAnswerEdit(ctx, owner, { answerId: answerIds[0]!, userEdit: 'Word for word.' })

		await regenerateAnswer(ctx, owner, { answerId: answerIds[0]! })
		await (ctx.jobs as RecordingJobs).runAll({ ...ctx, drafter: new ScriptedDrafter(() => 'Word for word.') })
		expect((await getDraftForOwner(ctx, owner, { draftId: draft.id })).answers[0]).toMatchObject({ status: 'written', text: 'Word for word.', hasUndo: false })
		await expect(undoRegenerate(ctx, owner, { answerId: answerIds[0]! })).rejects.toMatchObject({ code: 'CONFLICT', message: DRAFT_MESSAGES.noUndo })
	})

	test(`an artist may regenerate ${REGENERATE_LIMIT} answers in a window; the next is refused until it passes`, async () => {
		const ctx = await createTestContext()
		const owner = await artist(ctx)
		const { answerIds } = await writtenDraft(ctx, owner)
		const answerId = answerIds[0]!
		const drafter = new ScriptedDrafter(() => 'Again.')
		for (let count = 0; count < REGENERATE_LIMIT; count++) {
			await regenerateAnswer(ctx, owner, { answerId })
			await (ctx.jobs as RecordingJobs).runAll({ ...ctx, drafter })
		}
		await expect(regenerateAnswer(ctx, owner, { answerId })).rejects.toMatchObject({ code: 'RATE_LIMITED', message: /^Too many attempts\. Try again in \d+ minutes?\.$/ })
		expect(drafter.writes).toHaveLength(REGENERATE_LIMIT)
		// Another artist is counted apart.
		const other = await artist(ctx)
		const theirs = await writtenDraft(ctx, other)
		await regenerateAnswer(ctx, other, { answerId: theirs.answerIds[0]! })
	})

	test('Regenerate uses the context added on the draft’s page as well as the opportunity’s', async () => {
		const ctx = await createTestContext()
		const owner = await artist(ctx)
		const { draft, opportunity, answerIds } = await writtenDraft(ctx, owner)
		await saveContext(ctx, owner, { opportunityId: opportunity.id, slug: 'artist-statement', notes: 'From the opportunity.' })
		await saveContext(ctx, owner, { opportunityId: opportunity.id, slug: 'artist-statement', draftId: draft.id, notes: 'From this draft.' })
		const drafter = new ScriptedDrafter(() => 'Again.')
		await regenerateAnswer(ctx, owner, { answerId: answerIds[0]! })
		await (ctx.jobs as RecordingJobs).runAll({ ...ctx, drafter })
		expect(drafter.writes.map((request) => request.context.notes)).toEqual([['From the opportunity.', 'From this draft.']])
	})

	test('a generating draft cannot be regenerated or marked; a failed one cannot be regenerated for free', async () => {
		const ctx = await createTestContext()
		const owner = await artist(ctx)
		const opportunity = await createOpportunityWithQuestions(ctx.db, [{ label: 'Statement' }])
		const { draftId } = await generateDraft(ctx, owner, { opportunityId: opportunity.id })
		const [answer] = await ctx.db.draftAnswer.findMany({ where: { draftId } })
		await expect(regenerateAnswer(ctx, owner, { answerId: answer!.id })).rejects.toMatchObject({ code: 'CONFLICT', message: DRAFT_MESSAGES.notWhileGenerating })
		await expect(setDraftStatus(ctx, owner, { draftId, status: 'completed' })).rejects.toMatchObject({ code: 'CONFLICT' })
		await expect(saveAnswerEdit(ctx, owner, { answerId: answer!.id, userEdit: 'Too soon' })).rejects.toMatchObject({ code: 'CONFLICT' })

		await (ctx.jobs as RecordingJobs).runAll({ ...ctx, drafter: new ScriptedDrafter(() => new Error('down')) })
		await expect(regenerateAnswer(ctx, owner, { answerId: answer!.id })).rejects.toMatchObject({ code: 'CONFLICT' })
	})

	test('Mark as completed and back; the status is the owner’s to set', async () => {
		const ctx = await createTestContext()
		const owner = await artist(ctx)
		const { draft } = await writtenDraft(ctx, owner)
		await setDraftStatus(ctx, owner, { draftId: draft.id, status: 'completed' })
		expect((await getDraftForOwner(ctx, owner, { draftId: draft.id })).status).toBe('completed')
		await setDraftStatus(ctx, owner, { draftId: draft.id, status: 'in_progress' })
		expect((await getDraftForOwner(ctx, owner, { draftId: draft.id })).status).toBe('in_progress')
		await expect(setDraftStatus(ctx, owner, { draftId: draft.id, status: 'generating' as never })).rejects.toMatchObject({ code: 'INVALID' })
	})

	test('deleting a draft deletes its own context and stored files, not the opportunity’s', async () => {
		const ctx = await createTestContext()
		const owner = await artist(ctx)
		const { draft, opportunity } = await writtenDraft(ctx, owner)
		const file = { name: 'work.png', bytes: tinyPng() }
		await saveContext(ctx, owner, { opportunityId: opportunity.id, slug: 'artist-statement', draftId: draft.id, files: [file] })
		await saveContext(ctx, owner, { opportunityId: opportunity.id, slug: 'artist-statement', files: [file] })
		const [draftFile, opportunityFile] = await Promise.all(
			[draft.id, null].map((draftId) => ctx.db.contextFile.findFirstOrThrow({ where: { context: { draftId } , name: 'work.png' }, select: { storagePath: true } })),
		)

		await deleteDraft(ctx, owner, { draftId: draft.id })
		await expect(getDraftForOwner(ctx, owner, { draftId: draft.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
		expect(await ctx.storage.get(draftFile!.storagePath)).toBeNull()
		expect(await ctx.storage.get(opportunityFile!.storagePath)).not.toBeNull()
		await expect(deleteDraft(ctx, owner, { draftId: draft.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
	})

	test('a draft stays readable from its snapshot when its opportunity is edited, deactivated or deleted', async () => {
		const ctx = await createTestContext()
		const owner = await artist(ctx)
		const { draft, opportunity } = await writtenDraft(ctx, owner)
		await ctx.db.opportunityQuestion.updateMany({ where: { opportunityId: opportunity.id }, data: { label: 'Renamed by an admin' } })
		await ctx.db.opportunity.update({ where: { id: opportunity.id }, data: { active: false } })
		expect(await getDraftForOwner(ctx, owner, { draftId: draft.id })).toMatchObject({
			opportunityAvailable: false,
			answers: [{ prompt: 'Artist statement' }, { prompt: 'Project title' }],
		})
		await ctx.db.opportunity.delete({ where: { id: opportunity.id } })
		expect(await getDraftForOwner(ctx, owner, { draftId: draft.id })).toMatchObject({
			opportunityId: null,
			opportunityTitle: 'Harbour Residency',
			opportunityAvailable: false,
			answers: [{ prompt: 'Artist statement', text: draft.answers[0]!.text }, { prompt: 'Project title' }],
		})
	})

	test('PDF and Word are Pro’s; text is everyone’s', async () => {
		const ctx = await createTestContext()
		const free = await artist(ctx, { plan: 'free' })
		const { draft } = await writtenDraft(ctx, free)
		await expect(getDraftDocument(ctx, free, { draftId: draft.id }, { format: 'pdf' })).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' })
		await expect(getDraftDocument(ctx, free, { draftId: draft.id }, { format: 'docx' })).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' })
		expect(await getDraftDocument(ctx, free, { draftId: draft.id }, { format: 'text' })).toMatchObject({
			opportunityTitle: 'Harbour Residency',
			answers: [{ number: 1, prompt: 'Artist statement', answer: draft.answers[0]!.text }, { number: 2, prompt: 'Project title' }],
		})
	})
})
