import type { AppContext } from '#server/context.ts'
import { releaseQuestionSlug } from '#server/domain/context/question-slugs.ts'
import { isDomainError } from '#server/domain/errors.ts'
import { deleteStoredObjects } from '#server/domain/files/delete-objects.ts'
import { lockOpportunity } from '#server/domain/questions/questions.ts'
import { RATE_LIMIT_WINDOW_MS } from './rate-limit.ts'

// Used or expired e-mail links are kept a day, so support can still see what happened to one.
const EMAIL_TOKEN_RETENTION_MS = 24 * 60 * 60 * 1000

/**
 * Deletes rows that no longer mean anything: attempt counters whose window has
 * passed, expired sessions, and e-mail links used or expired over a day ago.
 * Run by the `maintenance.cleanup` job every 15 minutes, so these tables stay
 * small however many visitors come and go.
 */
export async function deleteExpiredRows(ctx: Pick<AppContext, 'db'>, now = new Date()) {
	const tokensBefore = new Date(now.getTime() - EMAIL_TOKEN_RETENTION_MS)
	const [rateLimits, sessions, emailTokens] = await ctx.db.$transaction([
		ctx.db.rateLimit.deleteMany({ where: { windowStart: { lte: new Date(now.getTime() - RATE_LIMIT_WINDOW_MS) } } }),
		ctx.db.session.deleteMany({ where: { expiresAt: { lte: now } } }),
		ctx.db.emailToken.deleteMany({ where: { OR: [{ expiresAt: { lte: tokensBefore } }, { usedAt: { lte: tokensBefore } }] } }),
	])
	return { rateLimits: rateLimits.count, sessions: sessions.count, emailTokens: emailTokens.count }
}

/** Stranded slugs one pass frees; the next pass takes the rest. */
const STRANDED_BATCH = 100

/**
 * Frees the slugs where artists' contexts were stranded by questions deleted or renamed before
 * contexts followed their question (ADR 017, 2026-11-28): hidden from every page and undeletable,
 * they still counted against their owners' storage quota, and a question later given the slug
 * would have shown them. Each slug is released as a deleted question's is (releaseQuestionSlug),
 * under the opportunity's lock and once no question has it, and the files go from storage after.
 * Returns how many slugs it freed, and whether there may be more. No new contexts are stranded
 * since, so the `maintenance.cleanup` job runs it until a pass ends the backlog, once per process
 * (it reads every context to find them).
 */
export async function releaseStrandedContexts(ctx: Pick<AppContext, 'db' | 'storage' | 'logger'>) {
	const stranded = await ctx.db.$queryRaw<{ opportunityId: string; slug: string }[]>`
		SELECT DISTINCT c.opportunity_id AS "opportunityId", c.question_slug AS slug
		FROM question_contexts c
		WHERE NOT EXISTS (SELECT 1 FROM opportunity_questions q WHERE q.opportunity_id = c.opportunity_id AND q.slug = c.question_slug)
		LIMIT ${STRANDED_BATCH}`
	let released = 0
	for (const { opportunityId, slug } of stranded) {
		const files = await ctx.db
			.$transaction(async (tx) => {
				await lockOpportunity(tx, opportunityId)
				// A question given this slug since the read above has taken it, and freed it itself.
				if (await tx.opportunityQuestion.count({ where: { opportunityId, slug } })) return null
				return releaseQuestionSlug(tx, opportunityId, slug)
			})
			// An opportunity deleted since took its contexts, and their files, with it.
			.catch((error: unknown) => {
				if (isDomainError(error) && error.code === 'NOT_FOUND') return null
				throw error
			})
		if (!files) continue
		released++
		await deleteStoredObjects(ctx, files)
	}
	return { released, more: stranded.length === STRANDED_BATCH }
}

