import { Readable } from 'node:stream'
import type { AppContext } from '#server/context.ts'
import type { Actor } from '#server/domain/actor.ts'
import { startContextSave } from '#server/domain/context/context.ts'
import type { ContextTargetInput } from '#server/domain/context/context.schema.ts'

export type ContextFileBytes = { name: string; bytes: Uint8Array }

/**
 * Saves a question context as the dialog and the page do (startContextSave: each file streamed in,
 * then committed with the notes), for tests that need one in place. All or nothing, like them.
 */
export async function saveContext(
	ctx: Pick<AppContext, 'db' | 'storage' | 'logger'>,
	actor: Actor,
	{ notes = '', files = [], ...target }: ContextTargetInput & { notes?: unknown; files?: readonly ContextFileBytes[] },
) {
	const save = await startContextSave(ctx, actor, target)
	try {
		for (const file of files) await save.add({ fileName: file.name, stream: Readable.from([Buffer.from(file.bytes)]) })
	} catch (error) {
		await save.abort()
		throw error
	}
	return save.commit(notes)
}
