import type { AppLoadContext } from '@remix-run/node'
import type { Actor } from '#server/domain/actor.ts'
import { startContextSave } from '#server/domain/context/context.ts'
import {
	CONTEXT_MESSAGES,
	MAX_FILE_BYTES,
	MAX_FILES,
	tooManyFilesMessage,
	type ContextTargetInput,
	type SavedContext,
} from '#server/domain/context/context.schema.ts'
import { DomainError, isDomainError } from '#server/domain/errors.ts'
import { parseUploads } from './uploads.server.ts'

export type ContextSaveOutcome =
	| { ok: true; saved: SavedContext }
	| {
			ok: false
			/** Why nothing was saved, in words for the user. */
			error: DomainError
			/** 413 for a file over the size limit, else the error's own (400 for a refusal). */
			status: number
			/** The notes as posted, for a page that shows the form again. */
			notes: string | undefined
	  }

/**
 * A question-context save posted as a multipart form (`notes`, then `files`): the dialog's and the
 * no-JavaScript page's. Each file streams into storage as it arrives (startContextSave's add), so
 * memory holds a chunk, not a file; the notes and files are recorded together only when everything
 * was accepted, and a refusal keeps nothing. A refused form is still read to its end, so a browser
 * posting it gets the answer rather than a reset connection.
 *
 * Throws what startContextSave throws before the body is read (the context is not the actor's to
 * use: NOT_FOUND) and any error that is not a DomainError.
 */
export async function receiveContextSave(
	request: Request,
	app: AppLoadContext['app'],
	actor: Actor,
	target: ContextTargetInput,
): Promise<ContextSaveOutcome> {
	const upload = await startContextSave(app, actor, target)
	let refused: DomainError | undefined
	let notes: string | undefined
	try {
		const { fields, skippedFiles } = await parseUploads(request, {
			// One over the limit reaches add(), which refuses it with the message; later ones are read past.
			maxFiles: MAX_FILES + 1,
			maxFileBytes: MAX_FILE_BYTES,
			onFile: async ({ field, fileName, stream }) => {
				if (field !== 'files' || refused) return
				try {
					await upload.add({ fileName, stream })
				} catch (error) {
					// Read on to the end of the form, so the browser gets the answer with the message.
					if (!isDomainError(error)) throw error
					refused = error
				}
			},
		})
		const posted = fields.get('notes')
		notes = typeof posted === 'string' ? posted : undefined
		if (skippedFiles) refused ??= new DomainError('INVALID', tooManyFilesMessage(0), { fieldErrors: { files: [tooManyFilesMessage(0)] } })
		if (refused) throw refused
		// Both forms send their notes (an empty textarea sends ""): a form without them was cut short
		// or is not ours, and saving it would erase the notes kept.
		if (notes === undefined) throw new DomainError('INVALID', CONTEXT_MESSAGES.formIncomplete)
		return { ok: true, saved: await upload.commit(notes) }
	} catch (error) {
		await upload.abort()
		if (!isDomainError(error)) throw error
		// Too large a file is 413 (Payload Too Large); any other refusal keeps its status (400).
		// ("huge.pdf: Each file must be at most 10 MB.": the message names the file.)
		const status = error.message.endsWith(CONTEXT_MESSAGES.fileTooLarge) ? 413 : error.status
		return { ok: false, error, status, notes }
	}
}
