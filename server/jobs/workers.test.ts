import { expect, test } from 'vitest'
import type { OutboxMailer } from '#server/integrations/email/types.ts'
import { createTestContext } from '#tests/app-context.ts'
import type { RecordingJobs } from '#tests/fakes/recording-jobs.ts'

test('an e-mail job queued in a test is delivered to the outbox when the jobs run', async () => {
	const ctx = await createTestContext()
	const jobs = ctx.jobs as RecordingJobs
	const outbox = ctx.mailer as OutboxMailer

	await ctx.jobs.send('email.send', {
		to: 'artist@example.test',
		subject: 'Confirm your e-mail',
		text: 'Confirm: http://localhost:3999/confirm?token=abc',
		html: '<p>Confirm</p>',
	})
	expect(jobs.sent.map((job) => job.name)).toEqual(['email.send'])
	expect(await outbox.list()).toEqual([])

	await jobs.runAll(ctx)
	expect(jobs.queued).toEqual([])
	const [message] = await outbox.list({ to: 'artist@example.test' })
	expect(message?.subject).toBe('Confirm your e-mail')
})

test('the recording queue keeps one queued profile ingest per user, as the real stately queue does', async () => {
	const ctx = await createTestContext()
	const jobs = ctx.jobs as RecordingJobs
	const userId = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
	await jobs.send('profile.ingest', { userId })
	await jobs.send('profile.ingest', { userId })
	await jobs.send('profile.ingest', { userId: '16fd2706-8baf-433b-82eb-8c7fada847da' })
	expect(jobs.queued.map((job) => job.data)).toEqual([{ userId }, { userId: '16fd2706-8baf-433b-82eb-8c7fada847da' }])
})
