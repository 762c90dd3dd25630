import { z } from 'zod'
import type { AppContext } from '#server/context.ts'
import type { Actor } from '#server/domain/actor.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import { deleteStoredObjects } from '#server/domain/files/delete-objects.ts'
import { buildStorageKey, sanitizeFileName } from '#server/domain/files/names.ts'
import { assertStorageRoom, lockUserStorage, STORAGE_QUOTA_BYTES, storageFullError, storageUsed } from '#server/domain/files/quota.ts'
import { storeUpload } from '#server/domain/files/store-upload.ts'
import { existingId } from '#server/domain/ids.ts'
import { getOpportunityForArtist } from '#server/domain/opportunities/artist-view.ts'
import {
	CONTEXT_FILE_TYPES,
	ContextTargetInput,
	contextFilePath,
	DeleteContextFileInput,
	GetContextInput,
	MAX_FILE_BYTES,
	MAX_FILES,
	MAX_IMAGE_SIDE,
	NotesInput,
	tooManyFilesMessage,
	Uuid,
	type SavedContext,
} from './context.schema.ts'

/*
 * An artist's notes and files for one application question (spec sections 2 and 5), which drafting
 * reads. A context belongs to one user, one opportunity and one question slug, and optionally one of
 * the user's drafts of it. Every query is keyed by the actor's own id, so another user's context is
 * simply not there; the opportunity must be active and the slug one of its questions, as on the
 * opportunity's page. Files are checked by their bytes and live in storage under
 * user-assets/{userId}/context/…, counted against the user's storage quota; a save streams the new
 * files into storage first and records them with the notes in one transaction, deleting the stored
 * objects again if anything fails, so a refused save leaves nothing behind.
 */

type Ctx = Pick<AppContext, 'db' | 'storage' | 'logger'>

type Target = {
	opportunityId: string
	opportunityTitle: string
	slug: string
	questionLabel: string
	draftId: string | null
}


/** NOT_FOUND naming the input field that names nothing, so a page can tell a missing question from a missing opportunity. */
function notFoundIn(field: 'slug' | 'draftId' | 'name', message: string) {
	return new DomainError('NOT_FOUND', message, { fieldErrors: { [field]: [message] } })
}

const quoted = (value: string) => JSON.stringify(value.slice(0, 60))

function tooManyFiles(existing: number) {
	const message = tooManyFilesMessage(existing)
	return new DomainError('INVALID', message, { fieldErrors: { files: [message] } })
}

/**
 * The context the input names, if the actor may use it: an opportunity the actor can see (as on its
 * page: active), one of its questions, and the actor's own draft of it.
 */
async function resolveTarget(ctx: Pick<AppContext, 'db'>, actor: Actor, input: ContextTargetInput): Promise<Target> {
	const { opportunityId, slug, draftId } = parseInput(ContextTargetInput, input)
	const opportunity = await getOpportunityForArtist(ctx, actor, { id: opportunityId })
	const question = opportunity.questions.find((candidate) => candidate.slug === slug)
	if (!question) throw notFoundIn('slug', `Question ${quoted(slug)} not found.`)
	if (draftId !== undefined) {
		const draft = Uuid.safeParse(draftId).success
			? await ctx.db.draft.findFirst({ where: { id: draftId, userId: actor.id, opportunityId: opportunity.id }, select: { id: true } })
			: null
		if (!draft) throw notFoundIn('draftId', `Draft ${quoted(draftId)} not found.`)
	}
	return { opportunityId: opportunity.id, opportunityTitle: opportunity.title, slug, questionLabel: question.label, draftId: draftId ?? null }
}

const contextWhere = (actor: Actor, target: Target) => ({
	userId: actor.id,
	opportunityId: target.opportunityId,
	questionSlug: target.slug,
	draftId: target.draftId,
})

const fileSelect = { id: true, name: true, contentType: true, size: true } as const
const fileOrder = [{ createdAt: 'asc' as const }, { name: 'asc' as const }]

type FileRow = { id: string; name: string; contentType: string; size: number }

function fileShape(file: FileRow, includeUrls: boolean) {
	return { name: file.name, type: file.contentType, size: file.size, ...(includeUrls ? { url: contextFilePath(file.id) } : {}) }
}

type ContextFileView = ReturnType<typeof fileShape>
type ContextView = { notes: string; files: ContextFileView[]; fromOpportunity?: { notes: string; files: ContextFileView[] } }

/**
 * The target's notes and files. A draft's context also carries, read-only, what the artist added for
 * the same question on the opportunity page (`fromOpportunity`): drafting reads both (ADR 020), so
 * the draft's dialog shows both rather than hide what steers the answer. One statement either way.
 */
async function readContext(ctx: Pick<AppContext, 'db'>, actor: Actor, target: Target, includeUrls: boolean): Promise<ContextView> {
	const { draftId, ...question } = contextWhere(actor, target)
	const rows = await ctx.db.questionContext.findMany({
		where: { ...question, OR: draftId ? [{ draftId }, { draftId: null }] : [{ draftId: null }] },
		select: { draftId: true, notes: true, files: { select: fileSelect, orderBy: fileOrder } },
	})
	const shape = (row: (typeof rows)[number] | undefined) => ({
		notes: row?.notes ?? '',
		files: (row?.files ?? []).map((file) => fileShape(file, includeUrls)),
	})
	const own = shape(rows.find((row) => row.draftId === target.draftId))
	return target.draftId ? { ...own, fromOpportunity: shape(rows.find((row) => row.draftId === null)) } : own
}

/** context-get: the notes and files of one question's context (empty when there is none yet). */
export async function getQuestionContext(ctx: Pick<AppContext, 'db'>, actor: Actor, input: GetContextInput) {
	const { includeUrls = false, ...targetInput } = parseInput(GetContextInput, input)
	return readContext(ctx, actor, await resolveTarget(ctx, actor, targetInput), includeUrls)
}

/** The context page: the context with file URLs, plus the titles the page shows. */
export async function getQuestionContextPage(ctx: Pick<AppContext, 'db'>, actor: Actor, input: ContextTargetInput) {
	const target = await resolveTarget(ctx, actor, input)
	return {
		opportunity: { id: target.opportunityId, title: target.opportunityTitle },
		question: { slug: target.slug, label: target.questionLabel },
		draftId: target.draftId,
		...(await readContext(ctx, actor, target, true)),
	}
}

/** Which of the actor's questions of an opportunity already have context: the opportunity page's buttons. */
export async function listContextSummaries(ctx: Pick<AppContext, 'db'>, actor: Actor, opportunityId: string) {
	const rows = await ctx.db.questionContext.findMany({
		where: { userId: actor.id, opportunityId: existingId(opportunityId, 'Opportunity'), draftId: null },
		select: { questionSlug: true, notes: true, _count: { select: { files: true } } },
		orderBy: { questionSlug: 'asc' },
	})
	return rows
		.map((row) => ({ slug: row.questionSlug, hasNotes: row.notes.trim() !== '', fileCount: row._count.files }))
		.filter((summary) => summary.hasNotes || summary.fileCount > 0)
}
export type ContextSummary = Awaited<ReturnType<typeof listContextSummaries>>[number]

type StagedFile = { name: string; key: string; contentType: string; size: number }

const CommitInput = z.object({ notes: NotesInput })

export type ContextSave = {
	/**
	 * Checks one new file's bytes and streams it into storage. A name already stored or already added
	 * is ignored ('ignored'; the caller reads past the bytes). Throws a DomainError for a file of
	 * another type, one too large, one too many, or one past the user's storage quota.
	 */
	add(file: { fileName: string; stream: AsyncIterable<Uint8Array> }): Promise<'stored' | 'ignored'>
	/** Records the notes and the added files in one transaction; on failure deletes what was stored. */
	commit(notes: unknown): Promise<SavedContext>
	/** Deletes what was stored; for a save that will not be committed. */
	abort(): Promise<void>
}

/**
 * Starts a context-upsert (the dialog's and the page's multipart save) whose files arrive one by
 * one, after checking that the actor may use this context. The caller must end it with commit() or
 * abort().
 */
export async function startContextSave(ctx: Ctx, actor: Actor, input: ContextTargetInput): Promise<ContextSave> {
	const target = await resolveTarget(ctx, actor, input)
	const [existing, used] = await Promise.all([
		ctx.db.contextFile.findMany({ where: { context: contextWhere(actor, target) }, select: { name: true } }),
		storageUsed(ctx.db, actor.id),
	])
	const storedNames = new Set(existing.map((file) => file.name))
	const staged: StagedFile[] = []
	const ignored: string[] = []
	const isDuplicate = (name: string) => storedNames.has(name) || staged.some((file) => file.name === name)
	const removeObjects = (files: readonly StagedFile[]) => deleteStoredObjects(ctx, files.map((file) => file.key))
	const stagedBytes = () => staged.reduce((sum, file) => sum + file.size, 0)

	return {
		async add({ fileName, stream }) {
			const name = sanitizeFileName(fileName)
			if (isDuplicate(name)) {
				ignored.push(name)
				return 'ignored'
			}
			if (storedNames.size + staged.length >= MAX_FILES) throw tooManyFiles(storedNames.size)
			// No room left at all: refused before a byte is stored. The size is known once streamed.
			if (used + stagedBytes() >= STORAGE_QUOTA_BYTES) throw storageFullError(used)
			const stored = await storeUpload(ctx, {
				key: (contentType) => buildStorageKey({ userId: actor.id, kind: 'context', contentType }),
				stream,
				fileName,
				allowedTypes: CONTEXT_FILE_TYPES,
				maxBytes: MAX_FILE_BYTES,
				maxImageSide: MAX_IMAGE_SIDE,
			}).catch((error: unknown) => {
				// Which of the files it was: "statement.pdf: Only JPG, PNG, or PDF files are allowed."
				throw error instanceof DomainError ? new DomainError(error.code, `${name}: ${error.message}`, { cause: error }) : error
			})
			staged.push({ name, ...stored })
			// The caller aborts the save on this error, which deletes this file with the others.
			if (used + stagedBytes() > STORAGE_QUOTA_BYTES) throw storageFullError(used)
			return 'stored'
		},

		async commit(notesInput) {
			let skipped: StagedFile[] = []
			try {
				// Keyed as the form's field, so a page shows the message beside the notes.
				const { notes } = parseInput(CommitInput, { notes: notesInput })
				const contextId = await ctx.db.$transaction(async (tx) => {
					// Saves and uploads of this user take turns from here, so none passes the quota with another.
					await lockUserStorage(tx, actor.id)
					// An admin may have renamed or deleted the question while the files streamed in: with the
					// opportunity's row held (KEY SHARE: waiting for the admin's question writes, which lock it
					// FOR UPDATE, not for an edit of its fields), the question must still be there, or the
					// notes would be saved where no question reads them.
					const [asked] = await tx.$queryRaw<unknown[]>`
						SELECT 1 FROM opportunities o JOIN opportunity_questions q ON q.opportunity_id = o.id
						WHERE o.id = ${target.opportunityId}::uuid AND q.slug = ${target.slug}
						FOR KEY SHARE OF o`
					if (!asked) throw notFoundIn('slug', `Question ${quoted(target.slug)} not found.`)
					// The upsert locks the context's row until commit: two saves of one question take turns,
					// so neither can pass the file limit or a name the other just added.
					const [row] = await tx.$queryRaw<{ id: string }[]>`
						INSERT INTO question_contexts (user_id, opportunity_id, question_slug, draft_id, notes, updated_at)
						VALUES (${actor.id}::uuid, ${target.opportunityId}::uuid, ${target.slug}, ${target.draftId}::uuid, ${notes}, now())
						ON CONFLICT (user_id, opportunity_id, question_slug, draft_id)
						DO UPDATE SET notes = EXCLUDED.notes, updated_at = now()
						RETURNING id`
					const contextId = row!.id
					const current = new Set((await tx.contextFile.findMany({ where: { contextId }, select: { name: true } })).map((file) => file.name))
					skipped = staged.filter((file) => current.has(file.name))
					const fresh = staged.filter((file) => !current.has(file.name))
					if (current.size + fresh.length > MAX_FILES) throw tooManyFiles(current.size)
					if (fresh.length) await assertStorageRoom(tx, actor.id, { adding: fresh.reduce((sum, file) => sum + file.size, 0) })
					await tx.contextFile.createMany({
						data: fresh.map((file) => ({ contextId, name: file.name, contentType: file.contentType, size: file.size, storagePath: file.key })),
					})
					return contextId
				})
				await removeObjects(skipped)
				const files = await ctx.db.contextFile.findMany({ where: { contextId }, select: fileSelect, orderBy: fileOrder })
				return { notes, files: files.map((file) => fileShape(file, false)), ignored: [...ignored, ...skipped.map((file) => file.name)] }
			} catch (error) {
				await removeObjects(staged)
				throw error
			}
		},

		abort: () => removeObjects(staged),
	}
}

/** context-delete-file: removes one stored file by name, its storage object too. */
export async function deleteQuestionContextFile(ctx: Ctx, actor: Actor, input: DeleteContextFileInput) {
	const { name, ...targetInput } = parseInput(DeleteContextFileInput, input)
	const target = await resolveTarget(ctx, actor, targetInput)
	const file = await ctx.db.contextFile.findFirst({
		where: { name, context: contextWhere(actor, target) },
		select: { id: true, storagePath: true },
	})
	if (!file) throw notFoundIn('name', `File ${quoted(name)} not found.`)
	await ctx.db.contextFile.deleteMany({ where: { id: file.id } })
	await deleteStoredObjects(ctx, [file.storagePath])
	return { name }
}

/** A context file with its bytes, for its owner only; anyone else gets NOT_FOUND, as for an id that does not exist. */
export async function getContextFileForDownload(ctx: Pick<AppContext, 'db' | 'storage' | 'logger'>, actor: Actor, fileId: unknown) {
	const id = Uuid.safeParse(fileId)
	const file = id.success
		? await ctx.db.contextFile.findFirst({
				where: { id: id.data, context: { userId: actor.id } },
				select: { id: true, name: true, contentType: true, storagePath: true },
			})
		: null
	const object = file ? await ctx.storage.get(file.storagePath) : null
	if (!file || !object) {
		if (file) ctx.logger.warn({ fileId: file.id }, 'a recorded context file is missing from storage')
		throw new DomainError('NOT_FOUND', `File ${quoted(String(fileId))} not found.`)
	}
	return { name: file.name, contentType: file.contentType, size: object.size, body: object.body }
}
