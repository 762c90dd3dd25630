import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { startJobs, type JobRunner } from '#server/jobs/boss.ts'
import { createTestContext } from '#tests/app-context.ts'
import { getTestDatabase } from '#tests/db.ts'
import { createOpportunityWithQuestions, createUser, setPlan } from '#tests/factories.ts'
import { startFakeAnthropic } from '#tests/fakes/anthropic-server.ts'
import { startWorkerProcess } from '#tests/worker-process.ts'
import { generateDraft } from './generate.ts'
import { watchDraftProgress, type DraftProgress } from './progress.ts'

/*
 * Drafting across processes, as production runs it: this test process plays the web server
 * (it queues the job through pg-boss in the generate transaction and watches progress through
 * LISTEN/NOTIFY), and `server/worker.ts` runs in a child process of its own, writing answers
 * through the real Anthropic SDK against the fake Messages API. Nothing is shared but PostgreSQL.
 */

const QUESTION_COUNT = 6
const WAIT = { timeout: 60_000, interval: 100 }

let fake: Awaited<ReturnType<typeof startFakeAnthropic>>
let runner: JobRunner
let dataDir: string
const workers: ChildProcess[] = []

beforeAll(async () => {
	fake = await startFakeAnthropic({ apiKey: 'test-key', latencyMs: 600 })
	// Each reply names its request, so a rewrite of an answer would show.
	fake.setResponder((_body, index) => ({ text: `Answer from request ${index + 1}.` }))
	runner = await startJobs({ databaseUrl: (await getTestDatabase()).url, logger: pino({ level: 'silent' }) })
	dataDir = await mkdtemp(path.join(tmpdir(), 'callboard-worker-'))
})

afterAll(async () => {
	for (const worker of workers) worker.kill('SIGKILL')
	await runner?.stop({ timeoutMs: 1_000 })
	await fake?.close()
	await rm(dataDir, { recursive: true, force: true })
})

async function startWorker() {
	const worker = startWorkerProcess({
		NODE_ENV: 'test',
		DATABASE_URL: (await getTestDatabase()).url,
		DATA_DIR: dataDir,
		LOG_LEVEL: 'warn',
		ANTHROPIC_API_KEY: 'test-key',
		ANTHROPIC_BASE_URL: fake.url,
		// Two at a time, so a kill lands with some answers written and some not.
		DRAFT_CONCURRENCY: '2',
	})
	workers.push(worker)
	return worker
}

describe('a separate worker process', () => {
	test('writes the draft while the web side watches it arrive; killed midway and restarted, it writes every answer once and the credit is exact', async () => {
		const ctx = await createTestContext({ jobs: runner.jobs })
		const user = await createUser(ctx.db, { onboardingCompleted: true })
		await setPlan(ctx.db, user.id, { credits: 1 })
		const actor = { id: user.id, role: 'user' as const }
		const opportunity = await createOpportunityWithQuestions(
			ctx.db,
			Array.from({ length: QUESTION_COUNT }, (_, index) => ({ label: `Question number ${index + 1}` })),
		)
		const { draftId } = await generateDraft(ctx, actor, { opportunityId: opportunity.id })

		const seen: DraftProgress[] = []
		const watching = (async () => {
			for await (const progress of await watchDraftProgress(ctx, actor, { draftId })) seen.push(progress)
		})()

		const first = await startWorker()
		const written = () => ctx.db.draftAnswer.findMany({ where: { draftId, status: 'written' }, select: { id: true, modelAnswer: true } })
		await vi.waitFor(async () => expect((await written()).length).toBeGreaterThanOrEqual(2), WAIT)
		first.kill('SIGKILL')
		await new Promise((resolve) => first.once('exit', resolve))
		const beforeCrash = await written()
		expect(beforeCrash.length).toBeLessThan(QUESTION_COUNT)

		await startWorker()
		await watching
		const after = await ctx.db.draft.findUniqueOrThrow({
			where: { id: draftId },
			select: { status: true, answers: { select: { id: true, status: true, modelAnswer: true } } },
		})
		expect(after.status).toBe('draft')
		expect(after.answers.every((answer) => answer.status === 'written')).toBe(true)
		// Answers written before the crash were not written again.
		for (const answer of beforeCrash) expect(after.answers.find((other) => other.id === answer.id)?.modelAnswer).toBe(answer.modelAnswer)
		// Only the answers in flight at the kill were asked for twice.
		expect(fake.messages().length).toBeLessThanOrEqual(QUESTION_COUNT + 2)

		expect(await ctx.db.profile.findUniqueOrThrow({ where: { userId: user.id }, select: { creditsRemaining: true } })).toEqual({ creditsRemaining: 0 })
		expect(await ctx.db.creditLedgerEntry.count({ where: { userId: user.id } })).toBe(1)

		// The web side saw the answers arrive one by one, and the end.
		const counts = seen.map((progress) => progress.answers.filter((answer) => answer.status === 'written').length)
		expect(counts[0]).toBe(0)
		expect(counts.some((count) => count > 0 && count < QUESTION_COUNT)).toBe(true)
		expect(seen.at(-1)).toMatchObject({ status: 'draft' })
	}, 120_000)
})
