import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { Mailer } from '#server/integrations/email/types.ts'
import { createSmtpMailer } from '#server/integrations/email/smtp.ts'
import { createTestContext } from '#tests/app-context.ts'
import { getTestDatabase } from '#tests/db.ts'
import { createUser, uniqueEmail } from '#tests/factories.ts'
import { startFakeSmtpServer } from '#tests/fakes/smtp-server.ts'
import { startJobs, type JobRunner } from './boss.ts'
import { registerWorkers } from './workers.ts'

// The real queue on this file's PostgreSQL database, with retries seconds apart instead of minutes.
const FAST_RETRY = { retryDelay: 1, retryBackoff: false }
const WAIT = { timeout: 15_000, interval: 200 }

let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>
let runner: JobRunner

beforeAll(async () => {
	smtp = await startFakeSmtpServer()
	const { url } = await getTestDatabase()
	runner = await startJobs({
		databaseUrl: url,
		logger: pino({ level: 'silent' }),
		retry: { 'email.send': FAST_RETRY },
		pollingIntervalSeconds: 0.5,
	})
})
afterAll(async () => {
	await runner?.stop({ timeoutMs: 1_000 })
	await smtp?.close()
})

describe('pg-boss jobs', () => {
	// Runs before any worker is registered, so nothing picks the jobs up while they are counted.
	test('a second profile ingest for the same user is not queued while one is waiting', async () => {
		const { db } = await getTestDatabase()
		const userId = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
		await runner.jobs.send('profile.ingest', { userId })
		await runner.jobs.send('profile.ingest', { userId })
		await runner.jobs.send('profile.ingest', { userId: '16fd2706-8baf-433b-82eb-8c7fada847da' })
		const rows = await db.$queryRaw<{ key: string }[]>`SELECT singleton_key AS key FROM pgboss.job WHERE name = 'profile.ingest' ORDER BY key`
		expect(rows.map((row) => row.key)).toEqual(['16fd2706-8baf-433b-82eb-8c7fada847da', userId])
		await db.$executeRaw`DELETE FROM pgboss.job WHERE name = 'profile.ingest'`
	})

	// Before the e-mail test registers the real workers, so only this runner's failing handler takes the job.
	test('a job that keeps failing is retried up to its limit, then stops, and the log says which failure was the last', async () => {
		const { url } = await getTestDatabase()
		const logged: { level: number; msg: string; tries?: number }[] = []
		const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) })
		const failing = await startJobs({ databaseUrl: url, logger, retry: { 'billing.customer-email': { retryLimit: 1, retryDelay: 1, retryBackoff: false } }, pollingIntervalSeconds: 0.5 })
		try {
			let runs = 0
			await failing.work({
				'billing.customer-email': async () => {
					runs++
					throw new Error('Stripe is down')
				},
			})
			await failing.jobs.send('billing.customer-email', { userId: '0b7e3f52-7c38-4d0c-9d4e-0d4f1e6b8a11' })
			await vi.waitFor(() => expect(logged.map((line) => line.msg)).toEqual(['job failed; pg-boss retries it', 'job failed for the last time; it is not retried']), WAIT)
			expect(logged.map((line) => [line.level, line.tries])).toEqual([
				[40, 1],
				[50, 2],
			])
			// The log is written as the handler's error goes back to pg-boss, which records the failure
			// right after: the job's state is read once it has.
			const { db } = await getTestDatabase()
			const states = async () => (await db.$queryRaw<{ state: string }[]>`SELECT state FROM pgboss.job WHERE name = 'billing.customer-email'`).map((job) => job.state)
			await vi.waitFor(async () => expect(await states()).toEqual(['failed']), WAIT)
			expect(runs).toBe(2)
		} finally {
			await failing.stop({ timeoutMs: 1_000 })
		}
	})

	test('an e-mail sent as a job is delivered by the worker to the SMTP server; a failing delivery is retried', async () => {
		const smtpMailer = createSmtpMailer({ url: smtp.url, from: 'no-reply@callboard.test' })
		// Fails the first two deliveries to retry@…, as a mail server that is briefly down would.
		const attempts = new Map<string, number>()
		const flaky: Mailer = {
			kind: 'smtp',
			async send(message) {
				const attempt = (attempts.get(message.to) ?? 0) + 1
				attempts.set(message.to, attempt)
				if (message.to.startsWith('retry@') && attempt <= 2) throw new Error('421 service not available')
				await smtpMailer.send(message)
			},
		}
		const ctx = await createTestContext({ mailer: flaky, jobs: runner.jobs })
		await registerWorkers(runner, ctx)

		await ctx.jobs.send('email.send', { to: 'artist@example.test', subject: 'Welcome', text: 'Hello', html: '<p>Hello</p>' })
		await ctx.jobs.send('email.send', { to: 'retry@example.test', subject: 'Try again', text: 'Hello', html: '<p>Hello</p>' })

		await vi.waitFor(() => {
			expect(smtp.received.map((mail) => mail.envelopeTo[0]).sort()).toEqual(['artist@example.test', 'retry@example.test'])
		}, WAIT)
		expect(smtp.received.find((mail) => mail.envelopeTo[0] === 'artist@example.test')?.raw).toMatch(/^Subject: Welcome$/m)
		expect(attempts.get('artist@example.test')).toBe(1)
		expect(attempts.get('retry@example.test')).toBe(3)
	})

	test('refuses a job whose data does not match its queue, before it is stored', async () => {
		await expect(runner.jobs.send('email.send', { to: 'not an address', subject: 'x', text: 'x', html: 'x' })).rejects.toThrow(
			'Invalid email.send job data',
		)
		await expect(runner.jobs.send('profile.ingest', { userId: 'nope' })).rejects.toThrow('Invalid profile.ingest job data')
	})

	// Uses the workers the e-mail test registered.
	test('a link job e-mails an existing account through the real queue, and sends nothing for an unknown address', async () => {
		const { db } = await getTestDatabase()
		const user = await createUser(db)
		const unknown = uniqueEmail()
		await runner.jobs.send('accounts.email-link', { email: unknown, purpose: 'password_reset' })
		await runner.jobs.send('accounts.email-link', { email: user.email, purpose: 'password_reset' })

		await vi.waitFor(() => {
			expect(smtp.received.some((mail) => mail.envelopeTo[0] === user.email)).toBe(true)
		}, WAIT)
		expect(smtp.received.find((mail) => mail.envelopeTo[0] === user.email)?.raw).toMatch(/^Subject: Reset your Callboard password$/m)
		expect(await db.emailToken.count({ where: { userId: user.id, purpose: 'password_reset' } })).toBe(1)
		const jobs = await db.$queryRaw<{ state: string }[]>`SELECT state FROM pgboss.job WHERE name = 'accounts.email-link'`
		expect(jobs.map((job) => job.state)).toEqual(['completed', 'completed'])
		expect(smtp.received.some((mail) => mail.envelopeTo[0] === unknown)).toBe(false)
	})
})
