import { z } from 'zod'
import { EmailSchema } from '#server/domain/accounts/accounts.schema.ts'
import { EmailMessageSchema } from '#server/integrations/email/message.schema.ts'
import type { JobName, JobPayloads } from './types.ts'

export type RetryPolicy = {
	retryLimit: number
	/** Seconds before the first retry. */
	retryDelay: number
	/** Doubles the delay on each retry (with jitter). */
	retryBackoff: boolean
}

type QueueConfig<N extends JobName> = RetryPolicy & {
	/**
	 * pg-boss policy. `standard`: every send is a job. `short`: at most one queued
	 * job per singleton key. `stately`: at most one queued and one running job per
	 * singleton key, so a burst of requests for the same user collapses into one
	 * job and two never run at once.
	 */
	policy: 'standard' | 'short' | 'stately'
	/** Seconds a running job may take before pg-boss fails it (and retries). */
	expireInSeconds: number
	/** Checks the payload on send and again in the worker (it is stored as JSON in PostgreSQL). */
	schema: z.ZodType<JobPayloads[N]>
	/** The singleton key used when the sender gives none (stately queues need one). */
	defaultSingletonKey?: (data: JobPayloads[N]) => string
	/** A cron expression (UTC): pg-boss then sends this job on that schedule, once across all processes. */
	cron?: string
	/** Jobs of this queue one process runs at once (default 1). */
	concurrency?: number
	/** How often an idle worker of this queue looks for work; defaults to the runner's. */
	pollingIntervalSeconds?: number
}

/** Every queue, its payload and how its failures are retried. */
export const QUEUES: { [N in JobName]: QueueConfig<N> } = {
	'email.send': {
		policy: 'standard',
		// 5 retries, the delay doubling from 5 s (pg-boss adds jitter): 2.5 to 5 minutes in all, which rides out a mail server restart.
		retryLimit: 5,
		retryDelay: 5,
		retryBackoff: true,
		expireInSeconds: 120,
		schema: EmailMessageSchema,
	},
	'accounts.email-link': {
		// One queued job per address and kind of link: a burst of presses on Send sends one e-mail.
		policy: 'short',
		defaultSingletonKey: ({ email, purpose }) => `${purpose}:${email}`,
		// A lookup and two inserts; a retry is for a lost database. The e-mail itself is an
		// email.send job with its own retries.
		retryLimit: 3,
		retryDelay: 5,
		retryBackoff: true,
		expireInSeconds: 60,
		schema: z.object({ email: EmailSchema, purpose: z.enum(['magic_link', 'password_reset']) }),
		// Someone is waiting for the e-mail.
		pollingIntervalSeconds: 1,
	},
	'profile.ingest': {
		policy: 'stately',
		// A CV that cannot be read does not fail the job (it completes, noting why on the profile), so a
		// retry is for a lost database or store. A job whose worker process dies stays active until
		// expireInSeconds; pg-boss then fails it and, while retry_count < retryLimit, retries it,
		// counting each start: at most 1 + 3 runs, then the job stays failed. It never loops forever.
		retryLimit: 3,
		retryDelay: 30,
		retryBackoff: true,
		// A run reads one CV in a reader killed after 15 s (ADR 021), but may first wait behind drafting's
		// context PDFs for one of the process's two readers; a quarter of an hour leaves room for that.
		expireInSeconds: 15 * 60,
		schema: z.object({ userId: z.uuid() }),
		defaultSingletonKey: ({ userId }) => userId,
	},
	'draft.generate': {
		// `short`: at most one queued job per draft, however many presses of Regenerate; one may be
		// queued while another runs. Two running at once are harmless: the draft's advisory lock
		// lets one work (server/domain/drafting/run.ts).
		policy: 'short',
		defaultSingletonKey: ({ draftId }) => draftId,
		// Answers that fail are marked failed by the job itself; a retry is for a crash or a lost
		// database. The draft counts its own attempts and gives up, saying so, past its limit.
		retryLimit: 3,
		retryDelay: 5,
		retryBackoff: true,
		expireInSeconds: 30 * 60,
		schema: z.object({ draftId: z.uuid() }),
		// Two drafts at once per process, each writing several answers concurrently (DRAFT_CONCURRENCY).
		concurrency: 2,
		// An artist is watching the page: start within half a second.
		pollingIntervalSeconds: 0.5,
	},
	'draft.recover': {
		policy: 'stately',
		retryLimit: 0,
		retryDelay: 60,
		retryBackoff: false,
		expireInSeconds: 60,
		schema: z.object({}).strict() as z.ZodType<Record<string, never>>,
		defaultSingletonKey: () => 'draft-recover',
		cron: '* * * * *',
	},
	'billing.event': {
		// One queued job per event id: a burst of redeliveries collapses; the processed-events table
		// refuses any that come later.
		policy: 'short',
		defaultSingletonKey: ({ id }) => id,
		// Stripe or the database may be down for a while: 8 retries, the delay doubling from 10 s
		// (pg-boss adds up to as much again), 43 to 85 minutes in all.
		retryLimit: 8,
		retryDelay: 10,
		retryBackoff: true,
		expireInSeconds: 120,
		schema: z.object({
			id: z.string().min(1).max(255),
			type: z.string().min(1).max(255),
			created: z.number().int(),
			object: z.record(z.string(), z.unknown()),
		}),
	},
	'billing.customer-email': {
		// At most one waiting per artist (and one running or retrying): each sends the address the
		// account has when it runs, so a burst of moves ends on the last.
		policy: 'stately',
		defaultSingletonKey: ({ userId }) => userId,
		// As billing.event: 43 to 85 minutes of tries while Stripe is down, then the job fails and its log says so.
		retryLimit: 8,
		retryDelay: 10,
		retryBackoff: true,
		expireInSeconds: 120,
		schema: z.object({ userId: z.uuid() }),
	},
	'maintenance.cleanup': {
		policy: 'stately',
		retryLimit: 1,
		retryDelay: 60,
		retryBackoff: false,
		expireInSeconds: 5 * 60,
		schema: z.object({}).strict() as z.ZodType<Record<string, never>>,
		defaultSingletonKey: () => 'cleanup',
		cron: '*/15 * * * *',
	},
}

export const JOB_NAMES = Object.keys(QUEUES) as JobName[]

export function parseJobData<N extends JobName>(name: N, data: unknown): JobPayloads[N] {
	const result = QUEUES[name].schema.safeParse(data)
	if (!result.success) throw new Error(`Invalid ${name} job data: ${z.prettifyError(result.error)}`)
	return result.data
}
