import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createAnthropicDrafter } from '#server/integrations/ai/anthropic.ts'
import { createTestContext } from '#tests/app-context.ts'
import { createOpportunityWithQuestions, createUser, setPlan, type QuestionSeed } from '#tests/factories.ts'
import { startFakeAnthropic, type MessagesBody } from '#tests/fakes/anthropic-server.ts'
import type { RecordingJobs } from '#tests/fakes/recording-jobs.ts'
import { countWords } from './answer-fit.ts'
import { DRAFT_MESSAGES } from './drafting.schema.ts'
import { generateDraft } from './generate.ts'

/*
 * Drafting end to end through the real Anthropic SDK, against a local server speaking the Messages
 * API: the generation job, the SDK's retries, the refit of an over-limit answer, one answer failing
 * for good, a slow model, and answers written side by side.
 */

let fake: Awaited<ReturnType<typeof startFakeAnthropic>>

beforeAll(async () => {
	fake = await startFakeAnthropic({ apiKey: 'test-key' })
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

/** Which question a request is for, from the user turn's "question N of M" line. */
function questionOf(body: MessagesBody): string {
	const text = JSON.stringify(body.messages)
	return /question \d+ of \d+: \\"([^"\\]+)\\"/.exec(text)?.[1] ?? '?'
}

async function setup(questions: QuestionSeed[], { plan = 'free' as 'free' | 'pro', timeoutMs = 10_000 } = {}) {
	const drafter = createAnthropicDrafter({ apiKey: 'test-key', baseURL: fake.url, model: 'claude-haiku-4-5', modelPro: 'claude-sonnet-4-6', timeoutMs, maxRetries: 3 })
	const ctx = await createTestContext({ drafter })
	const user = await createUser(ctx.db, { onboardingCompleted: true })
	await setPlan(ctx.db, user.id, { plan, credits: 1 })
	const opportunity = await createOpportunityWithQuestions(ctx.db, questions, { title: 'Harbour Residency' })
	const { draftId } = await generateDraft(ctx, { id: user.id, role: 'user' }, { opportunityId: opportunity.id })
	await (ctx.jobs as RecordingJobs).runAll(ctx)
	const draft = await ctx.db.draft.findUniqueOrThrow({
		where: { id: draftId },
		select: { status: true, model: true, answers: { orderBy: { idx: 'asc' }, select: { prompt: true, status: true, modelAnswer: true, tokensUsed: true, error: true } } },
	})
	return { ctx, user, draft }
}

describe('drafting with the Anthropic drafter', () => {
	test('writes every answer with the tier’s model, records tokens, and shares one cached prompt prefix', async () => {
		fake.setResponder((body) => ({ text: `An answer to ${questionOf(body)}.` }))
		const { draft } = await setup([{ label: 'Artist statement' }, { label: 'Project description' }], { plan: 'pro' })

		expect(draft).toMatchObject({
			status: 'draft',
			model: 'claude-sonnet-4-6',
			answers: [
				{ status: 'written', modelAnswer: 'An answer to Artist statement.' },
				{ status: 'written', modelAnswer: 'An answer to Project description.' },
			],
		})
		expect(draft.answers.every((answer) => answer.tokensUsed > 0)).toBe(true)
		const bodies = fake.messages()
		expect(bodies.map((body) => body.model)).toEqual(['claude-sonnet-4-6', 'claude-sonnet-4-6'])
		expect(JSON.stringify(bodies[0]!.system)).toBe(JSON.stringify(bodies[1]!.system))
		expect(JSON.stringify(bodies[0]!.system)).toContain('"cache_control":{"type":"ephemeral"}')
	})

	test('an answer over its limit is refitted by the model once, then cut at a sentence if still over', async () => {
		const long = Array.from({ length: 30 }, (_, index) => `Sentence number ${index + 1} goes here.`).join(' ')
		fake.setResponder((body) => ({ text: JSON.stringify(body.messages).includes('<answer>') ? long.slice(0, 120) : long }))
		const { draft } = await setup([{ label: 'Short bio', limitType: 'words', limitValue: 12 }])

		const bodies = fake.messages()
		expect(bodies).toHaveLength(2)
		expect(JSON.stringify(bodies[1]!.messages)).toContain('<answer>')
		const answer = draft.answers[0]!.modelAnswer!
		expect(countWords(answer)).toBeLessThanOrEqual(12)
		expect(answer).toMatch(/\.$/)
	})

	test('529 overloaded is retried by the SDK and the answer still arrives', async () => {
		fake.setResponder((_body, index) => (index < 2 ? { status: 529, retryAfterMs: 10 } : { text: 'Written after the overload.' }))
		const { draft } = await setup([{ label: 'Artist statement' }])
		expect(fake.messages()).toHaveLength(3)
		expect(draft.answers[0]).toMatchObject({ status: 'written', modelAnswer: 'Written after the overload.' })
	})

	test('an answer that fails for good is marked failed while the others complete; the credit stays spent', async () => {
		fake.setResponder((body) => (questionOf(body) === 'Budget' ? { status: 400, text: 'messages: text content blocks must be non-empty' } : { text: 'Fine.' }))
		const { ctx, user, draft } = await setup([{ label: 'Artist statement' }, { label: 'Budget' }, { label: 'Timeline' }])
		expect(draft.status).toBe('draft')
		expect(draft.answers.map((answer) => answer.status)).toEqual(['written', 'failed', 'written'])
		expect(draft.answers[1]!.error).toBe(DRAFT_MESSAGES.answerFailed)
		expect(await ctx.db.profile.findUniqueOrThrow({ where: { userId: user.id }, select: { creditsRemaining: true } })).toEqual({ creditsRemaining: 0 })
	})

	test('a model slower than the timeout fails that answer only', async () => {
		fake.setResponder((body) => (questionOf(body) === 'Timeline' ? { text: 'Too late.', delayMs: 5_000 } : { text: 'In time.' }))
		const { draft } = await setup([{ label: 'Artist statement' }, { label: 'Timeline' }], { timeoutMs: 300 })
		expect(draft.answers.map((answer) => answer.status)).toEqual(['written', 'failed'])
	})

	test('answers are written side by side, not one after another', async () => {
		// Each request is held until all ten are in flight (or 3 s pass): written one after another,
		// they would never overlap, however slow or fast the machine.
		let inFlight = 0
		let most = 0
		let allArrived = () => {}
		const arrived = new Promise<void>((resolve) => (allArrived = resolve))
		fake.setResponder(async () => {
			inFlight += 1
			most = Math.max(most, inFlight)
			if (inFlight === 10) allArrived()
			await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 3_000))])
			inFlight -= 1
			return { text: 'Side by side.' }
		})
		const questions = Array.from({ length: 10 }, (_, index) => ({ label: `Question number ${index + 1}` }))
		const { draft } = await setup(questions)
		expect(draft.answers.every((answer) => answer.status === 'written')).toBe(true)
		expect(most).toBe(10)
	})
})
