import type { AppContext } from '#server/context.ts'
import { ingestProfile } from '#server/domain/profiles/ingest.ts'
import { deleteExpiredRows } from '#server/domain/maintenance.ts'
import type { JobHandlers, JobRunner } from './boss.ts'

/**
 * What each job does, given the app context. The real workers (pg-boss) and
 * the test runner (tests/fakes/recording-jobs.ts) both use these handlers, so
 * a test that runs its queued jobs exercises the production code path.
 */
export function createJobHandlers(ctx: AppContext): JobHandlers {
	return {
		// Throws on a failed delivery, so pg-boss retries it (QUEUES['email.send']).
		'email.send': (message) => ctx.mailer.send(message),

		// Rebuilds the artist brief; a failure (database down) throws, so pg-boss retries it.
		'profile.ingest': async ({ userId }) => {
			await ingestProfile(ctx, userId)
		},

		'maintenance.cleanup': async () => {
			const deleted = await deleteExpiredRows(ctx)
			ctx.logger.info({ deleted }, 'expired rows deleted')
		},
	}
}

/** Starts the workers of every job this process can run. */
export async function registerWorkers(runner: Pick<JobRunner, 'work'>, ctx: AppContext): Promise<void> {
	await runner.work(createJobHandlers(ctx))
}
