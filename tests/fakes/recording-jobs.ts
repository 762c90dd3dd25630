import { randomUUID } from 'node:crypto'
import type { AppContext } from '#server/context.ts'
import type { JobHandler } from '#server/jobs/boss.ts'
import { parseJobData, QUEUES } from '#server/jobs/queues.ts'
import type { JobName, JobPayloads, Jobs, SendOptions } from '#server/jobs/types.ts'
import { createJobHandlers } from '#server/jobs/workers.ts'

export type SentJob<N extends JobName = JobName> = {
	id: string
	name: N
	data: JobPayloads[N]
	options: SendOptions
}

/**
 * The job queue of tests: records every job sent (validated like the real
 * queue, singleton keys honoured), and runs the queued ones on demand through
 * the real workers' handlers. A test asserts "a confirmation e-mail was sent"
 * by running the jobs and reading the outbox.
 */
export class RecordingJobs implements Jobs {
	/** Every job accepted, in order, whether it has run or not. */
	readonly sent: SentJob[] = []
	#queued: (SentJob & { singletonKey?: string })[] = []

	async send<N extends JobName>(name: N, data: JobPayloads[N], options: SendOptions = {}) {
		const payload = parseJobData(name, data)
		const queue = QUEUES[name]
		const singletonKey = options.singletonKey ?? queue.defaultSingletonKey?.(payload)
		// As pg-boss's short and stately policies: one queued job per key.
		if (queue.policy !== 'standard' && this.#queued.some((job) => job.name === name && job.singletonKey === singletonKey)) return
		const job = { id: randomUUID(), name, data: payload, options } as SentJob
		this.sent.push(job)
		this.#queued.push({ ...job, singletonKey })
	}

	/** Jobs sent but not yet run. */
	get queued(): SentJob[] {
		return this.#queued.map(({ singletonKey: _key, ...job }) => job)
	}

	/** Forgets the queued jobs, as a queue whose jobs a crashed worker took would. */
	discardQueued() {
		this.#queued = []
	}

	/** Runs queued jobs in order, including jobs they queue, until none is left; a failing job throws. */
	async runAll(ctx: AppContext): Promise<SentJob[]> {
		const handlers = createJobHandlers(ctx)
		const ran: SentJob[] = []
		for (let job = this.#queued.shift(); job; job = this.#queued.shift()) {
			const handler = handlers[job.name] as JobHandler<JobName> | undefined
			if (!handler) throw new Error(`No worker handles ${job.name} jobs (server/jobs/workers.ts)`)
			await handler(job.data, { id: job.id, name: job.name })
			ran.push(job)
		}
		return ran
	}
}
