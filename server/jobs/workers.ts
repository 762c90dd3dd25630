import type { AppContext } from '#server/context.ts'
import { sendEmailLink } from '#server/domain/accounts/email-links.ts'
import { ingestProfile } from '#server/domain/profiles/ingest.ts'
import { recoverDrafts, runDraftGeneration } from '#server/domain/drafting/run.ts'
import { applyStripeEvent } from '#server/domain/billing/stripe-events.ts'
import { syncCustomerEmail } from '#server/domain/billing/customer-email.ts'
import { deleteExpiredRows, releaseStrandedContexts } from '#server/domain/maintenance.ts'
import type { JobHandlers, JobRunner } from './boss.ts'

/**
 * What each job does, given the app context. The real workers (pg-boss) and
 * the test runner (tests/fakes/recording-jobs.ts) both use these handlers, so
 * a test that runs its queued jobs exercises the production code path.
 */
export function createJobHandlers(ctx: AppContext): JobHandlers {
	// Contexts stranded before 2026-11-28 (releaseStrandedContexts): looked for until a pass finds the last.
	let strandedContextsLeft = true
	return {
		// Throws on a failed delivery, so pg-boss retries it (QUEUES['email.send']).
		'email.send': (message) => ctx.mailer.send(message),

		// Looks the account up off the request path (no timing tells which addresses have one).
		'accounts.email-link': async (data) => {
			await sendEmailLink(ctx, data)
		},

		// Rebuilds the artist brief; a failure (database down) throws, so pg-boss retries it.
		'profile.ingest': async ({ userId }) => {
			await ingestProfile(ctx, userId)
		},

		// Answers that fail are marked failed inside the run; a throw (database lost) lets pg-boss retry it.
		'draft.generate': async ({ draftId }) => {
			await runDraftGeneration(ctx, draftId)
		},

		'draft.recover': async () => {
			await recoverDrafts(ctx)
		},

		// A failure (Stripe or the database down) throws, so pg-boss retries; the event applies once.
		'billing.event': async (event) => {
			await applyStripeEvent(ctx, event)
		},

		// Stripe down throws, so pg-boss retries; a customer Stripe no longer has is logged and left.
		'billing.customer-email': async ({ userId }) => {
			await syncCustomerEmail(ctx, userId)
		},

		'maintenance.cleanup': async () => {
			const deleted = await deleteExpiredRows(ctx)
			ctx.logger.info({ deleted }, 'expired rows deleted')
			if (strandedContextsLeft) {
				const { released, more } = await releaseStrandedContexts(ctx)
				strandedContextsLeft = more
				if (released) ctx.logger.info({ released }, 'stranded question contexts released')
			}
		},
	}
}

/** Starts the workers of every job this process can run. */
export async function registerWorkers(runner: Pick<JobRunner, 'work' | 'wakeOnSend'>, ctx: AppContext): Promise<void> {
	await runner.work(createJobHandlers(ctx))
	await runner.wakeOnSend(ctx.notifications)
	// Drafts a crash or a restart left unfinished resume now, not at the next scheduled sweep.
	await recoverDrafts(ctx).catch((error: unknown) => ctx.logger.error({ err: error }, 'could not look for unfinished drafts'))
}
