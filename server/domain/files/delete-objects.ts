import type { AppContext } from '#server/context.ts'

/**
 * Deletes stored objects no row points at any more. A failure is logged, not thrown: an orphaned
 * object costs storage, not correctness, and the rows are already gone.
 */
export async function deleteStoredObjects(ctx: Pick<AppContext, 'storage' | 'logger'>, keys: readonly string[]) {
	const results = await Promise.allSettled(keys.map((key) => ctx.storage.delete(key)))
	results.forEach((result, index) => {
		if (result.status === 'rejected') ctx.logger.warn({ err: result.reason, key: keys[index] }, 'could not delete a stored file')
	})
}
