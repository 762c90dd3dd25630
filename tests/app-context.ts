import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { pino } from 'pino'
import { afterAll } from 'vitest'
import type { AppContext } from '#server/context.ts'
import type { Notifications } from '#server/db/notifications.ts'
import { parseEnv } from '#server/env.ts'
import { createOutboxMailer, outboxDirectory } from '#server/integrations/email/outbox.ts'
import { createLocalStorage } from '#server/integrations/storage/local.ts'
import { uploadsDirectory } from '#server/integrations/storage/index.ts'
import { createNotifications } from '#server/db/notifications.ts'
import { createOfflineDrafter } from '#server/integrations/ai/offline.ts'
import { createNotConfiguredPayments } from '#server/integrations/payments/not-configured.ts'
import { getTestDatabase } from './db.ts'
import { RecordingJobs } from './fakes/recording-jobs.ts'

const dataDirs: string[] = []
const openNotifications: Notifications[] = []

/**
 * An app context on this test file's database, with a silent logger and the
 * local integrations in a data directory of its own: the outbox mailer, disk
 * storage, and a job queue that records jobs and runs them on demand
 * (`(ctx.jobs as RecordingJobs).runAll(ctx)`).
 */
export async function createTestContext(overrides: Partial<AppContext> = {}): Promise<AppContext> {
	const dataDir = path.resolve('data', `test-${process.pid}-${randomBytes(4).toString('hex')}`)
	dataDirs.push(dataDir)
	const env = parseEnv({ NODE_ENV: 'test', APP_URL: 'http://localhost:3999', DATA_DIR: dataDir })
	const logger = pino({ level: 'silent' })
	const { db, url } = await getTestDatabase()
	const notifications = createNotifications(url, logger)
	openNotifications.push(notifications)
	return {
		env,
		db,
		databaseUrl: url,
		notifications,
		logger,
		mailer: createOutboxMailer({ dir: outboxDirectory(dataDir), from: env.MAIL_FROM, logger }),
		storage: createLocalStorage(uploadsDirectory(dataDir)),
		drafter: createOfflineDrafter(),
		payments: createNotConfiguredPayments(),
		jobs: new RecordingJobs(),
		...overrides,
	}
}

// After each test file that builds a context (registered when the file imports this module, as
// tests/db.ts does): the notification listeners it opened close, its data directories go.
afterAll(async () => {
	await Promise.all(openNotifications.splice(0).map((notifications) => notifications.close()))
	await Promise.all(dataDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})
