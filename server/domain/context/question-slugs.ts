import type { Prisma } from '#server/db/generated/client.ts'

type Tx = Prisma.TransactionClient

/*
 * A context names its question by slug (the specification's context-get does), so these keep the
 * artists' contexts with their question as an admin edits the list, in the admin's transaction
 * (which holds the opportunity's lock). Each returns the storage keys of the files it dropped, to
 * delete once that transaction commits (deleteStoredObjects).
 */

/**
 * Drops every artist's context of `slug` on the opportunity, with its files: the question is
 * deleted, or a new question takes a slug no question has (what is there belonged to a deleted
 * one, and must not ground another question's drafts).
 */
export async function dropQuestionContexts(tx: Tx, opportunityId: string, slug: string): Promise<string[]> {
	const rows = await tx.$queryRaw<{ storagePath: string }[]>`
		WITH dropped AS (
			DELETE FROM question_contexts WHERE opportunity_id = ${opportunityId}::uuid AND question_slug = ${slug} RETURNING id
		)
		SELECT f.storage_path AS "storagePath" FROM context_files f WHERE f.context_id IN (SELECT id FROM dropped)`
	return rows.map((row) => row.storagePath)
}

/**
 * Moves the contexts of a question whose slug an admin changed, and the answers of the
 * opportunity's drafts that name it (their context buttons and Regenerate look it up by slug).
 * Whatever `to` still held is a deleted question's, dropped first.
 */
export async function moveQuestionContexts(tx: Tx, opportunityId: string, from: string, to: string): Promise<string[]> {
	if (from === to) return []
	const dropped = await dropQuestionContexts(tx, opportunityId, to)
	await tx.$executeRaw`UPDATE question_contexts SET question_slug = ${to}, updated_at = now() WHERE opportunity_id = ${opportunityId}::uuid AND question_slug = ${from}`
	// A draft that kept an answer of a deleted question named `to` keeps both as they are.
	await tx.$executeRaw`
		UPDATE draft_answers a SET slug = ${to}
		FROM drafts d
		WHERE d.id = a.draft_id AND d.opportunity_id = ${opportunityId}::uuid AND a.slug = ${from}
			AND NOT EXISTS (SELECT 1 FROM draft_answers other WHERE other.draft_id = a.draft_id AND other.slug = ${to})`
	return dropped
}
