import { z } from 'zod'
import type { AppContext } from '#server/context.ts'
import { DomainError } from '#server/domain/errors.ts'
import { deleteStoredObjects } from '#server/domain/files/delete-objects.ts'
import { buildStorageKey, sanitizeFileName } from '#server/domain/files/names.ts'
import { assertStorageRoom, lockUserStorage } from '#server/domain/files/quota.ts'
import type { SniffedType } from '#server/domain/files/sniff.ts'
import { storeUpload } from '#server/domain/files/store-upload.ts'
import { CV_TYPES, IMAGE_TYPES, MAX_CV_BYTES, MAX_IMAGE_BYTES, MAX_IMAGES, PDF_TYPE } from './choices.ts'
import { requestProfileIngestQuietly } from './ingest.ts'

/*
 * The user's files: one CV and up to MAX_IMAGES images, stored under
 * user-assets/{userId}/{kind}/… (spec section 7). Types are judged from the bytes, sizes while
 * streaming; all of a user's files share one storage quota (server/domain/files/quota.ts). Each
 * change queues a profile ingest, since the CV feeds the artist brief.
 */

type Ctx = Pick<AppContext, 'db' | 'storage' | 'jobs' | 'logger'>

export type AssetKind = 'cv' | 'image'

const assetSelect = { id: true, kind: true, originalName: true, size: true, contentType: true, createdAt: true } as const

export async function listAssets(ctx: Pick<AppContext, 'db'>, userId: string) {
	return ctx.db.userAsset.findMany({
		where: { userId },
		orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
		select: assetSelect,
	})
}

export type UploadAssetInput = {
	kind: AssetKind
	/** The name the browser sent; stored sanitised, shown back, never used as a path. */
	fileName: string
	stream: AsyncIterable<Uint8Array>
	/** Onboarding takes a PDF CV only (spec section 5); the profile screen also DOC and DOCX. */
	cvTypes?: 'pdf' | 'documents'
}

const tooManyImages = () =>
	new DomainError('LIMIT_EXCEEDED', `You can have at most ${MAX_IMAGES} images. Remove one to add another.`)

/** Bytes of the CVs a new CV replaces (the room it frees), as `db` sees them. */
async function cvBytes(db: Pick<Ctx['db'], 'userAsset'>, userId: string) {
	const { _sum } = await db.userAsset.aggregate({ where: { userId, kind: 'cv' }, _sum: { size: true } })
	return _sum.size ?? 0
}

/**
 * Stores one uploaded file and records it. A new CV replaces the previous one. A sixth image, or
 * any file when the storage quota is used up, is refused before its bytes are read (the caller
 * drains the stream). On any failure nothing is kept, and the DomainError says why.
 */
export async function uploadAsset(ctx: Ctx, userId: string, { kind, fileName, stream, cvTypes = 'documents' }: UploadAssetInput) {
	if (kind === 'image' && (await ctx.db.userAsset.count({ where: { userId, kind } })) >= MAX_IMAGES) throw tooManyImages()
	await assertStorageRoom(ctx.db, userId, { adding: 1, freeing: kind === 'cv' ? await cvBytes(ctx.db, userId) : 0 })

	const allowedTypes: readonly SniffedType[] = kind === 'image' ? IMAGE_TYPES : cvTypes === 'pdf' ? [PDF_TYPE] : CV_TYPES
	const stored = await storeUpload(ctx, {
		key: (contentType) => buildStorageKey({ userId, kind, contentType }),
		stream,
		fileName,
		allowedTypes,
		maxBytes: kind === 'image' ? MAX_IMAGE_BYTES : MAX_CV_BYTES,
	})

	let replaced: string[] = []
	try {
		const asset = await ctx.db.$transaction(async (tx) => {
			// One upload of this user at a time from here: two parallel uploads cannot both take the last
			// image slot or the last of the storage quota.
			await lockUserStorage(tx, userId)
			if (kind === 'image' && (await tx.userAsset.count({ where: { userId, kind } })) >= MAX_IMAGES) throw tooManyImages()
			await assertStorageRoom(tx, userId, { adding: stored.size, freeing: kind === 'cv' ? await cvBytes(tx, userId) : 0 })
			if (kind === 'cv') {
				const previous = await tx.userAsset.findMany({ where: { userId, kind }, select: { id: true, storagePath: true } })
				await tx.userAsset.deleteMany({ where: { id: { in: previous.map((asset) => asset.id) } } })
				// The reason the old CV could not be read is no longer true; the ingest reads the new one.
				await tx.profile.updateMany({ where: { userId }, data: { cvReadError: null } })
				replaced = previous.map((asset) => asset.storagePath)
			}
			return tx.userAsset.create({
				data: {
					userId,
					kind,
					storagePath: stored.key,
					originalName: sanitizeFileName(fileName),
					size: stored.size,
					contentType: stored.contentType,
				},
				select: assetSelect,
			})
		})
		await deleteStoredObjects(ctx, replaced)
		await requestProfileIngestQuietly(ctx, userId)
		return asset
	} catch (error) {
		await deleteStoredObjects(ctx, [stored.key])
		throw error
	}
}

const AssetId = z.uuid()

/** Removes one of the user's own files; another user's file is simply not found. */
export async function removeAsset(ctx: Ctx, userId: string, assetId: unknown) {
	const id = AssetId.safeParse(assetId)
	const asset = id.success
		? await ctx.db.userAsset.findFirst({ where: { id: id.data, userId }, select: { id: true, kind: true, storagePath: true } })
		: null
	if (!asset) throw new DomainError('NOT_FOUND', 'This file is no longer on your profile (it was removed already).')
	await ctx.db.$transaction([
		ctx.db.userAsset.deleteMany({ where: { id: asset.id, userId } }),
		// Without a CV there is nothing left that could not be read.
		...(asset.kind === 'cv' ? [ctx.db.profile.updateMany({ where: { userId }, data: { cvReadError: null } })] : []),
	])
	await deleteStoredObjects(ctx, [asset.storagePath])
	await requestProfileIngestQuietly(ctx, userId)
	return { kind: asset.kind }
}

export type Actor = { id: string; role: 'user' | 'admin' }

/**
 * A file with its bytes, for its owner or an admin. Everyone else gets NOT_FOUND, exactly as for
 * an id that does not exist, so ids reveal nothing.
 */
export async function getAssetForDownload(ctx: Pick<AppContext, 'db' | 'storage' | 'logger'>, actor: Actor, assetId: unknown) {
	const id = AssetId.safeParse(assetId)
	const notFound = new DomainError('NOT_FOUND', `File ${String(assetId)} not found.`)
	if (!id.success) throw notFound
	const asset = await ctx.db.userAsset.findFirst({
		where: { id: id.data, ...(actor.role === 'admin' ? {} : { userId: actor.id }) },
		select: { id: true, storagePath: true, originalName: true, contentType: true },
	})
	if (!asset) throw notFound
	const object = await ctx.storage.get(asset.storagePath)
	if (!object) {
		ctx.logger.warn({ assetId: asset.id }, 'a recorded file is missing from storage')
		throw notFound
	}
	return { id: asset.id, originalName: asset.originalName, contentType: asset.contentType, size: object.size, body: object.body }
}

