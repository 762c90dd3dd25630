import PgBoss from 'pg-boss'
import type { Logger } from 'pino'
import type { Prisma } from '#server/db/generated/client.ts'
import type { Notifications } from '#server/db/notifications.ts'
import { unlessStopping } from '#server/lifecycle.ts'
import { JOB_NAMES, parseJobData, QUEUES, type RetryPolicy } from './queues.ts'
import type { JobName, JobPayloads, Jobs } from './types.ts'

export type JobHandler<N extends JobName> = (data: JobPayloads[N], job: { id: string; name: N }) => Promise<void>
export type JobHandlers = { [N in JobName]?: JobHandler<N> }

const JOBS_QUEUED_CHANNEL = 'jobs_queued'
/** Queues someone is watching the result of (a draft being written): woken on send, not only polled. */
const WAKE_ON_SEND = new Set<JobName>(['draft.generate'])

export type JobRunner = {
	jobs: Jobs
	/** Starts polling the queues that have a handler. A handler that throws fails the job, which pg-boss retries. */
	work(handlers: JobHandlers): Promise<void>
	/**
	 * Wakes this process's idle workers of a queue as soon as a job is queued in it by any process
	 * (NOTIFY on commit), instead of at their next poll. Only queues with WAKE_ON_SEND.
	 */
	wakeOnSend(notifications: Notifications): Promise<void>
	/** Stops fetching, waits for running jobs (up to `timeoutMs`), then closes the connections. */
	stop(options?: { timeoutMs?: number }): Promise<void>
}

export type StartJobsOptions = {
	databaseUrl: string
	logger: Logger
	/** Tests shorten the retry delays; production uses QUEUES. */
	retry?: { [N in JobName]?: Partial<RetryPolicy> }
	/** How often an idle worker polls (pg-boss's minimum is 0.5). */
	pollingIntervalSeconds?: number
	/**
	 * Only queue jobs, never run or maintain them: the extra web processes of a cluster, where the
	 * first process has already created the schema, the queues and their schedules.
	 */
	sendOnly?: boolean
}

/**
 * pg-boss on the app's PostgreSQL (its tables live in the `pgboss` schema,
 * created and migrated by pg-boss itself on start). Jobs survive restarts and
 * any process, web or worker, may run them.
 */
export async function startJobs({ databaseUrl, logger, retry = {}, pollingIntervalSeconds = 2, sendOnly = false }: StartJobsOptions): Promise<JobRunner> {
	const boss = new PgBoss({
		connectionString: databaseUrl,
		application_name: 'callboard-jobs',
		max: sendOnly ? 2 : 4,
		...(sendOnly ? { migrate: false, supervise: false, schedule: false } : {}),
	})
	// Without a listener an 'error' event would crash the process; pg-boss recovers by itself.
	// The database going first at a Ctrl-C (the signal reaches it too) is expected then.
	boss.on('error', (error) =>
		unlessStopping(
			() => logger.error({ err: error }, 'job queue error'),
			() => logger.debug({ err: error }, 'job queue connection lost while stopping'),
		),
	)
	await boss.start()

	const retryOf = (name: JobName): RetryPolicy => {
		const { retryLimit, retryDelay, retryBackoff } = QUEUES[name]
		return { retryLimit, retryDelay, retryBackoff, ...retry[name] }
	}
	for (const name of sendOnly ? [] : JOB_NAMES) {
		// Idempotent: a queue that exists keeps its policy.
		await boss.createQueue(name, { name, policy: QUEUES[name].policy, expireInSeconds: QUEUES[name].expireInSeconds, ...retryOf(name) })
		// Schedules live in the database, keyed by queue name: every process may (re)declare them.
		const { cron } = QUEUES[name]
		if (cron) await boss.schedule(name, cron, {}, { tz: 'UTC', singletonKey: QUEUES[name].defaultSingletonKey?.({} as never) })
	}

	/** The ids of this process's workers, by queue, for wakeOnSend. */
	const workerIds = new Map<JobName, string[]>()

	const jobs: Jobs = {
		async send(name, data, options = {}) {
			const queue = QUEUES[name]
			const payload = parseJobData(name, data)
			const singletonKey = options.singletonKey ?? queue.defaultSingletonKey?.(payload)
			const id = await boss.send(name, payload, {
				...retryOf(name),
				expireInSeconds: queue.expireInSeconds,
				singletonKey,
				startAfter: options.startAfterSeconds,
				db: options.tx ? transactionExecutor(options.tx) : undefined,
			})
			// An artist is waiting on this one: the process that runs it hears of it on commit.
			if (id && WAKE_ON_SEND.has(name)) {
				if (options.tx) await options.tx.$executeRaw`SELECT pg_notify(${JOBS_QUEUED_CHANNEL}, ${name})`
				else await boss.getDb().executeSql('SELECT pg_notify($1, $2)', [JOBS_QUEUED_CHANNEL, name])
			}
			// null: a job with the same singleton key is already queued, which is the point of the key.
			logger.debug({ job: name, jobId: id, singletonKey }, id ? 'job queued' : 'job already queued')
		},
	}

	return {
		jobs,
		async work(handlers) {
			if (sendOnly) throw new Error('This job runner only sends jobs.')
			for (const name of JOB_NAMES) {
				const handler = handlers[name] as JobHandler<JobName> | undefined
				if (!handler) continue
				const { concurrency = 1, pollingIntervalSeconds: queuePolling } = QUEUES[name]
				// pg-boss 10 runs one job at a time per worker: a queue that may run several starts several.
				for (let worker = 0; worker < concurrency; worker++) {
					const options = { batchSize: 1, pollingIntervalSeconds: queuePolling ?? pollingIntervalSeconds, includeMetadata: true as const }
					const workerId = await boss.work<unknown>(name, options, async ([job]) => {
						if (!job) return
						try {
							await handler(parseJobData(name, job.data), { id: job.id, name })
						} catch (error) {
							// retryCount counts this run's earlier tries: at the limit, this failure is the last.
							const { retryCount, retryLimit } = job
							if (retryCount >= retryLimit) logger.error({ err: error, job: name, jobId: job.id, tries: retryCount + 1 }, 'job failed for the last time; it is not retried')
							else logger.warn({ err: error, job: name, jobId: job.id, tries: retryCount + 1, retryLimit }, 'job failed; pg-boss retries it')
							throw error
						}
					})
					workerIds.set(name, [...(workerIds.get(name) ?? []), workerId])
				}
			}
		},
		async wakeOnSend(notifications) {
			await notifications.subscribe(JOBS_QUEUED_CHANNEL, (queue) => {
				for (const workerId of workerIds.get(queue as JobName) ?? []) boss.notifyWorker(workerId)
			})
		},
		async stop({ timeoutMs = 10_000 } = {}) {
			await boss.stop({ graceful: true, wait: true, timeout: timeoutMs })
		},
	}
}

/**
 * pg-boss runs its INSERT through this instead of its own pool, so the job is part of the caller's
 * Prisma transaction. pg-boss passes the payload as an object for a `$3::jsonb` parameter; the
 * driver adapter takes text, which PostgreSQL casts.
 */
function transactionExecutor(tx: Prisma.TransactionClient) {
	return {
		async executeSql(text: string, values: unknown[] = []) {
			const params = values.map((value) => (value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value))
			return { rows: await tx.$queryRawUnsafe<{ id: string }[]>(text, ...params) }
		},
	}
}
