import type { EmailMessage } from '#server/integrations/email/types.ts'

/** Every background job and the data it carries. */
export type JobPayloads = {
	'email.send': EmailMessage
	'profile.ingest': { userId: string }
	/** Deletes rows whose time is over (attempt counters, sessions, e-mail links); scheduled every 15 minutes. */
	'maintenance.cleanup': Record<string, never>
}

export type JobName = keyof JobPayloads

export type SendOptions = {
	/** At most one queued job per key (e.g. one pending ingest per user). */
	singletonKey?: string
	startAfterSeconds?: number
}

/** Enqueues background work (pg-boss on PostgreSQL, so any app process may run it). */
export interface Jobs {
	send<N extends JobName>(name: N, data: JobPayloads[N], options?: SendOptions): Promise<void>
}
