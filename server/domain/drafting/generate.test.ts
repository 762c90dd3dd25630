import { describe, expect, test, vi } from 'vitest'
import { updateQuestion } from '#server/domain/questions/questions.ts'
import { createTestContext } from '#tests/app-context.ts'
import { lockWaiters } from '#tests/db.ts'
import { createActors, createOpportunity, createOpportunityWithQuestions, createUser, setPlan } from '#tests/factories.ts'
import type { RecordingJobs } from '#tests/fakes/recording-jobs.ts'
import { DRAFT_LIMIT_EXCEEDED, NO_QUESTIONS_MESSAGE } from './drafting.schema.ts'
import { generateDraft } from './generate.ts'

async function setup({ plan = 'free', credits = 1 }: { plan?: 'free' | 'pro'; credits?: number } = {}) {
	const ctx = await createTestContext()
	const user = await createUser(ctx.db, { onboardingCompleted: true })
	await setPlan(ctx.db, user.id, { plan, credits })
	const opportunity = await createOpportunityWithQuestions(
		ctx.db,
		[
			{ label: 'Artist statement', type: 'long_text', limitType: 'words', limitValue: 300, helpText: 'Your practice in brief.' },
			{ label: 'Primary medium', type: 'multiple_choice', options: ['Painting', 'Sculpture'] },
		],
		{ title: 'Spring Residency 2027' },
	)
	return { ctx, actor: { id: user.id, role: 'user' as const }, opportunity }
}

/** A lock wait on two busy cores can take more than vi.waitFor's default second. */
const WAIT = { timeout: 10_000, interval: 50 }

const balance = async (ctx: Awaited<ReturnType<typeof setup>>['ctx'], userId: string) =>
	ctx.db.profile.findUniqueOrThrow({ where: { userId }, select: { creditsRemaining: true, draftsUsed: true } })

describe('generateDraft', () => {
	test("a draft asked for while an admin renames a question takes the question's new slug", async () => {
		const { ctx, actor, opportunity } = await setup()
		const { admin } = await createActors(ctx.db)
		const [statement] = await ctx.db.opportunityQuestion.findMany({ where: { opportunityId: opportunity.id }, orderBy: { orderIndex: 'asc' } })
		// The admin's rename holds the opportunity's row, as it does while it moves the answers and contexts.
		let renamed!: () => void
		const held = ctx.db.$transaction(
			async (tx) => {
				await tx.$queryRaw`SELECT 1 FROM opportunities WHERE id = ${opportunity.id}::uuid FOR UPDATE`
				await new Promise<void>((resolve) => (renamed = resolve))
				await tx.opportunityQuestion.update({ where: { id: statement!.id }, data: { slug: 'statement-renamed' } })
			},
			{ timeout: 15_000 },
		)
		await vi.waitFor(() => expect(renamed).toBeTypeOf('function'), WAIT)
		const generated = generateDraft(ctx, actor, { opportunityId: opportunity.id })
		await vi.waitFor(async () => expect(await lockWaiters(ctx.db)).toBe(1), WAIT)
		renamed()
		await held
		const { draftId } = await generated
		const answers = await ctx.db.draftAnswer.findMany({ where: { draftId }, orderBy: { idx: 'asc' }, select: { slug: true } })
		expect(answers[0]).toEqual({ slug: 'statement-renamed' })
		// The rename's own path (the domain function) leaves the draft on it too.
		await updateQuestion(ctx, admin, { questionId: statement!.id, label: 'Artist statement', slug: 'statement-final' })
		expect(await ctx.db.draftAnswer.findFirst({ where: { draftId, idx: 0 }, select: { slug: true } })).toEqual({ slug: 'statement-final' })
	})

	test('spends one credit through the ledger, snapshots every question and queues the job, titled with the artist’s today', async () => {
		const { ctx, actor, opportunity } = await setup()
		await ctx.db.profile.update({ where: { userId: actor.id }, data: { timeZone: 'Pacific/Kiritimati' } })
		// 10:00 UTC on Nov 23 is already Nov 24 in Kiritimati (UTC+14).
		const { draftId } = await generateDraft(ctx, actor, { opportunityId: opportunity.id, tone: 'warm' }, { now: new Date('2026-11-23T10:00:00Z') })

		const draft = await ctx.db.draft.findUniqueOrThrow({
			where: { id: draftId },
			include: { answers: { orderBy: { idx: 'asc' } } },
		})
		expect(draft).toMatchObject({
			userId: actor.id,
			title: 'Spring Residency 2027 · Nov 24, 2026',
			opportunityTitle: 'Spring Residency 2027',
			status: 'generating',
			tone: 'warm',
			model: 'offline',
			creditSpent: true,
		})
		expect(draft.answers).toMatchObject([
			{ idx: 0, slug: 'artist-statement', prompt: 'Artist statement', questionType: 'long_text', limitType: 'words', limitValue: 300, helpText: 'Your practice in brief.', status: 'pending' },
			{ idx: 1, slug: 'primary-medium', prompt: 'Primary medium', questionType: 'multiple_choice', options: ['Painting', 'Sculpture'], status: 'pending' },
		])
		expect(await balance(ctx, actor.id)).toEqual({ creditsRemaining: 0, draftsUsed: 1 })
		expect(await ctx.db.creditLedgerEntry.findMany({ where: { userId: actor.id }, select: { delta: true, reason: true, draftId: true } })).toEqual([
			{ delta: -1, reason: 'draft_generated', draftId },
		])
		expect((ctx.jobs as RecordingJobs).queued).toMatchObject([{ name: 'draft.generate', data: { draftId } }])
	})

	test('20 simultaneous presses with one credit make exactly one draft and leave the balance at 0', async () => {
		const { ctx, actor, opportunity } = await setup({ credits: 1 })
		const results = await Promise.allSettled(Array.from({ length: 20 }, () => generateDraft(ctx, actor, { opportunityId: opportunity.id })))

		expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
		const refusals = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected')
		expect(refusals).toHaveLength(19)
		for (const refusal of refusals) expect(refusal.reason).toMatchObject({ code: 'LIMIT_EXCEEDED', message: expect.stringContaining(DRAFT_LIMIT_EXCEEDED) })
		expect(await ctx.db.draft.count({ where: { userId: actor.id } })).toBe(1)
		expect(await balance(ctx, actor.id)).toEqual({ creditsRemaining: 0, draftsUsed: 1 })
		expect(await ctx.db.creditLedgerEntry.count({ where: { userId: actor.id } })).toBe(1)
		expect((ctx.jobs as RecordingJobs).sent).toHaveLength(1)
	})

	test('Pro drafts as often as it likes without spending credits, with the stronger model', async () => {
		const { ctx, actor, opportunity } = await setup({ plan: 'pro', credits: 0 })
		const drafts = await Promise.all(Array.from({ length: 3 }, () => generateDraft(ctx, actor, { opportunityId: opportunity.id })))
		expect(new Set(drafts.map((draft) => draft.draftId)).size).toBe(3)
		expect(await balance(ctx, actor.id)).toEqual({ creditsRemaining: 0, draftsUsed: 3 })
		expect(await ctx.db.creditLedgerEntry.count({ where: { userId: actor.id } })).toBe(0)
		expect(await ctx.db.draft.findMany({ where: { userId: actor.id }, select: { creditSpent: true } })).toEqual(
			Array.from({ length: 3 }, () => ({ creditSpent: false })),
		)
	})

	test('with no credit left the error names draft_limit_exceeded and nothing changes', async () => {
		const { ctx, actor, opportunity } = await setup({ credits: 0 })
		await expect(generateDraft(ctx, actor, { opportunityId: opportunity.id })).rejects.toMatchObject({
			code: 'LIMIT_EXCEEDED',
			message: expect.stringContaining(DRAFT_LIMIT_EXCEEDED),
		})
		expect(await balance(ctx, actor.id)).toEqual({ creditsRemaining: 0, draftsUsed: 0 })
		expect(await ctx.db.draft.count({ where: { userId: actor.id } })).toBe(0)
		expect((ctx.jobs as RecordingJobs).sent).toEqual([])
	})

	test('an opportunity without questions cannot be drafted and costs nothing', async () => {
		const ctx = await createTestContext()
		const user = await createUser(ctx.db, { onboardingCompleted: true })
		await setPlan(ctx.db, user.id, { credits: 1 })
		const bare = await createOpportunity(ctx.db)
		await expect(generateDraft(ctx, { id: user.id, role: 'user' }, { opportunityId: bare.id })).rejects.toMatchObject({
			code: 'INVALID',
			message: NO_QUESTIONS_MESSAGE,
		})
		expect(await balance(ctx, user.id)).toEqual({ creditsRemaining: 1, draftsUsed: 0 })
	})

	test('an inactive, unknown or malformed opportunity is not found; a bad tone is refused', async () => {
		const { ctx, actor, opportunity } = await setup()
		await ctx.db.opportunity.update({ where: { id: opportunity.id }, data: { active: false } })
		await expect(generateDraft(ctx, actor, { opportunityId: opportunity.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
		await expect(generateDraft(ctx, actor, { opportunityId: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
		await expect(generateDraft(ctx, actor, { opportunityId: "1' OR 1=1" })).rejects.toMatchObject({ code: 'NOT_FOUND' })
		await expect(generateDraft(ctx, actor, { opportunityId: opportunity.id, tone: 'sarcastic' as never })).rejects.toMatchObject({
			code: 'INVALID',
			message: 'Choose a tone: neutral, warm or confident',
		})
		expect(await balance(ctx, actor.id)).toEqual({ creditsRemaining: 1, draftsUsed: 0 })
	})
})
