import type { Prisma } from '#server/db/generated/client.ts'

type Tx = Prisma.TransactionClient

/*
 * An artist's question context names its question by slug (the specification's context-get does),
 * and so does each answer of a draft (its context button and Regenerate look the context up by it).
 * These keep both with their question as an admin edits the list, in the admin's transaction (which
 * holds the opportunity's lock). Each returns the storage keys of the context files it dropped, to
 * delete once that transaction commits (deleteStoredObjects).
 */

/**
 * Frees `slug` on the opportunity of what a question no longer there left at it: every artist's
 * context of it is dropped, with its files, and the drafts' answers to it keep their text under a
 * slug of their own (`{slug}~{answer id}`, which no question can have), so no later question at this
 * slug takes them over or grounds its drafts on them. Used when the question is deleted, and before
 * a question takes a slug (added, imported or renamed to it).
 */
export async function releaseQuestionSlug(tx: Tx, opportunityId: string, slug: string): Promise<string[]> {
	await tx.$executeRaw`
		UPDATE draft_answers a SET slug = a.slug || '~' || a.id::text
		FROM drafts d
		WHERE d.id = a.draft_id AND d.opportunity_id = ${opportunityId}::uuid AND a.slug = ${slug}`
	const rows = await tx.$queryRaw<{ storagePath: string }[]>`
		WITH dropped AS (
			DELETE FROM question_contexts WHERE opportunity_id = ${opportunityId}::uuid AND question_slug = ${slug} RETURNING id
		)
		SELECT f.storage_path AS "storagePath" FROM context_files f WHERE f.context_id IN (SELECT id FROM dropped)`
	return rows.map((row) => row.storagePath)
}

/**
 * Moves a question whose slug an admin changed: the artists' contexts of it (the opportunity's and
 * each draft's) and the drafts' answers to it. Whatever `to` still held is a deleted question's,
 * released first.
 */
export async function moveQuestionSlug(tx: Tx, opportunityId: string, from: string, to: string): Promise<string[]> {
	if (from === to) return []
	const dropped = await releaseQuestionSlug(tx, opportunityId, to)
	await tx.$executeRaw`UPDATE question_contexts SET question_slug = ${to}, updated_at = now() WHERE opportunity_id = ${opportunityId}::uuid AND question_slug = ${from}`
	await tx.$executeRaw`
		UPDATE draft_answers a SET slug = ${to}
		FROM drafts d
		WHERE d.id = a.draft_id AND d.opportunity_id = ${opportunityId}::uuid AND a.slug = ${from}`
	return dropped
}
