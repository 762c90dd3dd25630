import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import type { AppContext } from '#server/context.ts'
import { tryAdvisoryLock } from '#server/db/advisory-lock.ts'
import { createTestContext } from '#tests/app-context.ts'
import { createOpportunityWithQuestions, createUser, setPlan, type QuestionSeed } from '#tests/factories.ts'
import type { RecordingJobs } from '#tests/fakes/recording-jobs.ts'
import { ScriptedDrafter, slugOf } from '#tests/fakes/scripted-drafter.ts'
import { minimalPdf, pngClaiming, tinyPng } from '#tests/fixtures/files.ts'
import { saveContext } from '#tests/question-context.ts'
import { countWords } from './answer-fit.ts'
import { draftLockKey } from './draft-lock.ts'
import { DRAFT_MESSAGES } from './drafting.schema.ts'
import { generateDraft } from './generate.ts'
import { MAX_GENERATION_ATTEMPTS, recoverDrafts, runDraftGeneration } from './run.ts'

const QUESTIONS: QuestionSeed[] = [
	{ label: 'Artist statement', limitType: 'words', limitValue: 40 },
	{ label: 'Project title', type: 'short_text' },
	{ label: 'Primary medium', type: 'multiple_choice', options: ['Painting', 'Sculpture', 'Video'] },
	{ label: 'Disciplines', type: 'multi_select', options: ['Painting', 'Drawing', 'Video'] },
	{ label: 'Portfolio link', type: 'url' },
	{ label: 'Number of works', type: 'number' },
]

const SLUGS = ['artist-statement', 'project-title', 'primary-medium', 'disciplines', 'portfolio-link', 'number-of-works']

async function setup({ drafter, credits = 1, questions = QUESTIONS }: { drafter?: AppContext['drafter']; credits?: number; questions?: QuestionSeed[] } = {}) {
	const ctx = await createTestContext(drafter ? { drafter } : {})
	const user = await createUser(ctx.db, { onboardingCompleted: true })
	await setPlan(ctx.db, user.id, { credits })
	await ctx.db.profile.update({
		where: { userId: user.id },
		data: { fullName: 'Ines Duarte', city: 'Lisbon', country: 'Portugal', mediums: ['Painting', 'Video'], interests: ['residencies'], websiteUrl: 'https://ines.example' },
	})
	const opportunity = await createOpportunityWithQuestions(ctx.db, questions, { title: 'Harbour Residency' })
	const actor = { id: user.id, role: 'user' as const }
	return { ctx, actor, opportunity, generate: () => generateDraft(ctx, actor, { opportunityId: opportunity.id }) }
}

const answersOf = (ctx: AppContext, draftId: string) =>
	ctx.db.draftAnswer.findMany({ where: { draftId }, orderBy: { idx: 'asc' }, select: { slug: true, status: true, modelAnswer: true, error: true, tokensUsed: true } })

describe('the draft.generate job', () => {
	test('the offline drafter writes every answer in its question’s shape, and the draft becomes a draft', async () => {
		const { ctx, generate } = await setup()
		const { draftId } = await generate()
		await (ctx.jobs as RecordingJobs).runAll(ctx)

		expect(await ctx.db.draft.findUniqueOrThrow({ where: { id: draftId }, select: { status: true, creditSpent: true } })).toEqual({ status: 'draft', creditSpent: true })
		const answers = await answersOf(ctx, draftId)
		// Every answer written; the number is left empty, as nothing gives it.
		expect(answers.every((answer) => answer.status === 'written' && answer.modelAnswer !== null)).toBe(true)
		const [statement, title, medium, disciplines, link, works] = answers.map((answer) => answer.modelAnswer!)
		expect(countWords(statement!)).toBeLessThanOrEqual(40)
		expect(title).not.toContain('\n')
		expect(['Painting', 'Sculpture', 'Video']).toContain(medium)
		expect(JSON.parse(disciplines!)).toEqual(expect.arrayContaining([expect.stringMatching(/^(Painting|Drawing|Video)$/)]))
		expect(link).toBe('https://ines.example')
		expect(works).toBe('')
	})

	test('an answer over its limit is refitted once, then cut at a sentence if still over', async () => {
		const long = 'One two three four five six. Seven eight nine ten eleven twelve. Thirteen fourteen fifteen sixteen.'
		const drafter = new ScriptedDrafter(
			() => long,
			() => 'Still far too long for ten words. It goes on and on beyond the limit.',
		)
		const { ctx, generate } = await setup({ drafter, questions: [{ label: 'Short bio', limitType: 'words', limitValue: 10 }] })
		const { draftId } = await generate()
		await (ctx.jobs as RecordingJobs).runAll(ctx)

		expect(drafter.refits).toHaveLength(1)
		expect(drafter.refits[0]).toMatchObject({ answer: long, count: 16 })
		const [answer] = await answersOf(ctx, draftId)
		expect(answer).toMatchObject({ status: 'written', modelAnswer: 'Still far too long for ten words.', tokensUsed: 20 })
	})

	test('an answer that fails is marked failed with its own message while the others are written', async () => {
		const drafter = new ScriptedDrafter((request) => (slugOf(request) === 'project-title' ? new Error('529 overloaded') : 'A fine answer.'))
		const { ctx, generate } = await setup({ drafter })
		const { draftId } = await generate()
		await (ctx.jobs as RecordingJobs).runAll(ctx)

		const answers = await answersOf(ctx, draftId)
		expect(answers.find((answer) => answer.slug === 'project-title')).toMatchObject({ status: 'failed', error: DRAFT_MESSAGES.answerFailed, modelAnswer: null })
		expect(answers.filter((answer) => answer.status === 'written')).toHaveLength(QUESTIONS.length - 1)
		expect(await ctx.db.draft.findUniqueOrThrow({ where: { id: draftId }, select: { status: true } })).toEqual({ status: 'draft' })
	})

	test('a draft where no answer could be written fails and gives its credit back, once', async () => {
		const drafter = new ScriptedDrafter(() => new Error('401 invalid api key'))
		const { ctx, actor, generate } = await setup({ drafter })
		const { draftId } = await generate()
		await (ctx.jobs as RecordingJobs).runAll(ctx)
		await runDraftGeneration(ctx, draftId)

		expect(await ctx.db.draft.findUniqueOrThrow({ where: { id: draftId }, select: { status: true, error: true, creditSpent: true } })).toEqual({
			status: 'failed',
			error: DRAFT_MESSAGES.failed,
			creditSpent: false,
		})
		expect(await ctx.db.profile.findUniqueOrThrow({ where: { userId: actor.id }, select: { creditsRemaining: true } })).toEqual({ creditsRemaining: 1 })
		expect(await ctx.db.creditLedgerEntry.findMany({ where: { userId: actor.id }, orderBy: { createdAt: 'asc' }, select: { delta: true, reason: true } })).toEqual([
			{ delta: -1, reason: 'draft_generated' },
			{ delta: 1, reason: 'draft_refund' },
		])
	})

	test('a run interrupted midway resumes with the answers still pending: none is written twice', async () => {
		const { ctx, generate } = await setup()
		const { draftId } = await generate()
		// As a worker killed after two answers leaves it: still generating, the rest pending, no lock held.
		const [first, second] = await ctx.db.draftAnswer.findMany({ where: { draftId }, orderBy: { idx: 'asc' }, take: 2 })
		await ctx.db.draftAnswer.updateMany({ where: { id: { in: [first!.id, second!.id] } }, data: { status: 'written', modelAnswer: 'Written before the crash.' } })
		const jobs = ctx.jobs as RecordingJobs
		jobs.discardQueued()

		expect(await recoverDrafts(ctx)).toEqual([draftId])
		const drafter = new ScriptedDrafter(() => 'Written after the restart.')
		await jobs.runAll({ ...ctx, drafter })

		const answers = await answersOf(ctx, draftId)
		expect(answers.slice(0, 2).map((answer) => answer.modelAnswer)).toEqual(['Written before the crash.', 'Written before the crash.'])
		expect(answers.slice(2).every((answer) => answer.status === 'written')).toBe(true)
		expect(drafter.writes.map(slugOf).sort()).toEqual(SLUGS.slice(2).sort())
		expect(await recoverDrafts(ctx)).toEqual([])
	})

	test('a draft another process is working on is left to it; the job looks again a little later', async () => {
		const { ctx, generate } = await setup()
		const { draftId } = await generate()
		const lock = await tryAdvisoryLock(ctx.databaseUrl, draftLockKey(draftId))
		try {
			expect(await recoverDrafts(ctx)).toEqual([])
			const jobs = ctx.jobs as RecordingJobs
			jobs.discardQueued()
			const before = jobs.sent.length
			expect(await runDraftGeneration(ctx, draftId)).toBe('busy')
			expect(jobs.sent.slice(before)).toMatchObject([{ name: 'draft.generate', data: { draftId }, options: { startAfterSeconds: 5 } }])
			expect(await ctx.db.draftAnswer.count({ where: { draftId, status: 'pending' } })).toBe(QUESTIONS.length)
		} finally {
			await lock?.release()
		}
	})

	test('a draft whose runs keep dying stops retrying, says so, and returns the credit', async () => {
		const { ctx, actor, generate } = await setup()
		const { draftId } = await generate()
		await ctx.db.draft.update({ where: { id: draftId }, data: { generationAttempts: MAX_GENERATION_ATTEMPTS } })
		await runDraftGeneration(ctx, draftId)

		expect(await ctx.db.draftAnswer.findMany({ where: { draftId }, select: { status: true, error: true } })).toEqual(
			QUESTIONS.map(() => ({ status: 'failed', error: DRAFT_MESSAGES.gaveUp })),
		)
		expect(await ctx.db.draft.findUniqueOrThrow({ where: { id: draftId }, select: { status: true } })).toEqual({ status: 'failed' })
		expect(await ctx.db.profile.findUniqueOrThrow({ where: { userId: actor.id }, select: { creditsRemaining: true } })).toEqual({ creditsRemaining: 1 })
	})

	test('each answer is grounded in the profile, the opportunity, every question and its own context notes and files', async () => {
		const drafter = new ScriptedDrafter(() => 'Grounded.')
		const { ctx, actor, opportunity, generate } = await setup({ drafter })
		const pdf = minimalPdf(['Solo show at Galeria Luz, 2024'])
		await saveContext(ctx, actor, {
			opportunityId: opportunity.id,
			slug: 'artist-statement',
			notes: 'Mention the tidal paintings.',
			files: [
				{ name: 'cv.pdf', bytes: pdf },
				{ name: 'work.png', bytes: tinyPng() },
				{ name: 'panorama.png', bytes: tinyPng() },
			],
		})
		// Kept from before uploads were measured: over 8,000 pixels a side, which the model refuses
		// along with the whole answer. (Same length as the file recorded.)
		const panorama = await ctx.db.contextFile.findFirstOrThrow({ where: { name: 'panorama.png' }, select: { storagePath: true } })
		await ctx.storage.put(panorama.storagePath, Readable.from([pngClaiming(9_000, 2_000)]), { contentType: 'image/png' })
		const { draftId } = await generate()
		await (ctx.jobs as RecordingJobs).runAll(ctx)

		const statement = drafter.writes.find((request) => slugOf(request) === 'artist-statement')!
		expect(statement.tier).toBe('free')
		expect(statement.grounding.artist).toMatchObject({ fullName: 'Ines Duarte', city: 'Lisbon', mediums: ['Painting', 'Video'] })
		expect(statement.grounding.opportunity).toMatchObject({ title: 'Harbour Residency' })
		expect(statement.grounding.questions.map((question) => question.slug)).toEqual(SLUGS)
		expect(statement.context.notes).toEqual(['Mention the tidal paintings.'])
		expect(statement.context.attachments).toEqual([
			{ kind: 'text', name: 'cv.pdf', text: expect.stringContaining('Solo show at Galeria Luz, 2024') },
			{ kind: 'omitted', name: 'panorama.png', reason: 'an image wider or taller than 8,000 pixels cannot be sent to the model' },
			{ kind: 'image', name: 'work.png', mediaType: 'image/png', data: tinyPng().toString('base64') },
		])
		const others = drafter.writes.filter((request) => slugOf(request) !== 'artist-statement')
		expect(others.every((request) => request.context.notes.length === 0 && request.context.attachments.length === 0)).toBe(true)
		// Every answer of a draft shares one grounding: the prompt prefix that is cached.
		expect(new Set(drafter.writes.map((request) => JSON.stringify(request.grounding))).size).toBe(1)
		expect(await ctx.db.draft.findUniqueOrThrow({ where: { id: draftId }, select: { status: true } })).toEqual({ status: 'draft' })
	})
})
