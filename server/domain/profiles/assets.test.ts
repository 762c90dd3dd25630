import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import type { AppContext } from '#server/context.ts'
import { uploadsDirectory } from '#server/integrations/storage/index.ts'
import { createTestContext } from '#tests/app-context.ts'
import { createUser } from '#tests/factories.ts'
import type { RecordingJobs } from '#tests/fakes/recording-jobs.ts'
import { STORAGE_QUOTA_BYTES } from '#server/domain/files/quota.ts'
import { minimalDocx, minimalPdf, oleDocument, tinyPng, zipArchive, zipOf } from '#tests/fixtures/files.ts'
import { getAssetForDownload, listAssets, removeAsset, uploadAsset, type UploadAssetInput } from './assets.ts'

const ctxPromise = createTestContext()

async function setup() {
	const ctx = await ctxPromise
	const user = await createUser(ctx.db)
	const upload = (kind: UploadAssetInput['kind'], fileName: string, bytes: Buffer, cvTypes?: UploadAssetInput['cvTypes']) =>
		uploadAsset(ctx, user.id, { kind, fileName, stream: Readable.from([bytes]), cvTypes })
	return { ctx, user, upload }
}

const MB = 1024 * 1024

/** A recorded file of `size` bytes whose object was never stored: it only takes room in the quota. */
async function fakeFile(ctx: AppContext, userId: string, kind: 'cv' | 'image', size: number) {
	await ctx.db.userAsset.create({
		data: { userId, kind, storagePath: `user-assets/${userId}/${kind}/${size}_fake.bin`, originalName: 'fake', size, contentType: 'application/pdf' },
	})
}

/** The objects stored in the user's folder of one kind (partial files and metadata excluded). */
async function storedUnder(ctx: AppContext, userId: string, kind: string) {
	const entries = await readdir(path.join(uploadsDirectory(ctx.env.DATA_DIR), 'user-assets', userId, kind)).catch(() => [] as string[])
	return entries.filter((entry) => !entry.startsWith('.') && !entry.endsWith('.json'))
}

async function readBody(body: Readable) {
	const chunks: Buffer[] = []
	for await (const chunk of body) chunks.push(chunk as Buffer)
	return Buffer.concat(chunks)
}

describe('uploading files', () => {
	test('the CV type comes from the bytes, not the name', async () => {
		const { ctx, user, upload } = await setup()
		await expect(upload('cv', 'cv.pdf', tinyPng(), 'pdf')).rejects.toMatchObject({
			code: 'INVALID',
			message: 'Only PDF files are allowed.',
		})
		const asset = await upload('cv', 'my cv.png', minimalPdf(['CV']), 'pdf')
		expect(asset).toMatchObject({ kind: 'cv', originalName: 'my cv.png', contentType: 'application/pdf' })
		const stored = await ctx.db.userAsset.findUniqueOrThrow({ where: { id: asset.id } })
		expect(stored.storagePath).toMatch(new RegExp(`^user-assets/${user.id}/cv/\\d+_[0-9a-f]{16}\\.pdf$`))
		expect(stored.size).toBe(minimalPdf(['CV']).length)
	})

	test('onboarding takes a PDF CV only; the profile screen also DOC and DOCX', async () => {
		const { upload } = await setup()
		await expect(upload('cv', 'cv.doc', oleDocument(), 'pdf')).rejects.toMatchObject({ code: 'INVALID' })
		expect(await upload('cv', 'cv.doc', oleDocument())).toMatchObject({ contentType: 'application/msword' })
		expect(await upload('cv', 'cv.docx', minimalDocx())).toMatchObject({
			contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
		})
		// A zip that does not claim to be a Word document is not a CV.
		await expect(upload('cv', 'archive.zip', minimalDocx())).rejects.toMatchObject({ code: 'INVALID' })
	})

	test('a .docx must be a Word document: a bare or cut ZIP, or 13 bytes named cv.docx, is refused and not kept', async () => {
		const { ctx, user, upload } = await setup()
		const thirteen = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(9)])
		for (const bytes of [thirteen, zipArchive(), zipOf({ 'cv.txt': 'Ada' }), minimalDocx().subarray(0, 200)]) {
			await expect(upload('cv', 'cv.docx', bytes)).rejects.toMatchObject({ code: 'INVALID', message: 'Only PDF, DOC, or DOCX files are allowed.' })
		}
		expect(await listAssets(ctx, user.id)).toEqual([])
	})

	test('a new CV replaces the previous one, file included', async () => {
		const { ctx, user, upload } = await setup()
		const first = await upload('cv', 'old.pdf', minimalPdf(['Old']))
		const { storagePath } = await ctx.db.userAsset.findUniqueOrThrow({ where: { id: first.id } })
		await upload('cv', 'new.pdf', minimalPdf(['New']))
		const assets = await listAssets(ctx, user.id)
		expect(assets.map((asset) => asset.originalName)).toEqual(['new.pdf'])
		expect(await ctx.storage.get(storagePath)).toBeNull()
	})

	test('images must be JPEG, PNG, GIF or WEBP, at most 5 in all', async () => {
		const { ctx, user, upload } = await setup()
		await expect(upload('image', 'photo.png', minimalPdf(['x']))).rejects.toMatchObject({ code: 'INVALID' })
		for (let index = 1; index <= 5; index++) await upload('image', `work-${index}.png`, tinyPng())
		await expect(upload('image', 'work-6.png', tinyPng())).rejects.toMatchObject({
			code: 'LIMIT_EXCEEDED',
			message: 'You can have at most 5 images. Remove one to add another.',
		})
		expect(await ctx.db.userAsset.count({ where: { userId: user.id, kind: 'image' } })).toBe(5)
	})

	test('parallel uploads cannot pass the image limit together', async () => {
		const { ctx, user, upload } = await setup()
		for (let index = 1; index <= 3; index++) await upload('image', `work-${index}.png`, tinyPng())
		const results = await Promise.allSettled([1, 2, 3, 4].map((index) => upload('image', `more-${index}.png`, tinyPng())))
		expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2)
		expect(await ctx.db.userAsset.count({ where: { userId: user.id, kind: 'image' } })).toBe(5)
	})

	test('a file past the storage quota is refused with how much is used, and nothing is kept', async () => {
		const { ctx, user, upload } = await setup()
		await fakeFile(ctx, user.id, 'image', 245 * MB)
		const sixMegabytes = Buffer.concat([tinyPng(), Buffer.alloc(6 * MB)])
		await expect(upload('image', 'large.png', sixMegabytes)).rejects.toMatchObject({
			code: 'INVALID',
			message: 'Your files take 245 MB of your 250 MB. Delete some to add more.',
		})
		expect((await listAssets(ctx, user.id)).map((asset) => asset.originalName)).toEqual(['fake'])
		expect(await storedUnder(ctx, user.id, 'image')).toEqual([])
		// What fits still goes in.
		expect(await upload('image', 'small.png', tinyPng())).toMatchObject({ originalName: 'small.png' })
	})

	test('a new CV may use the room of the CV it replaces', async () => {
		const { ctx, user, upload } = await setup()
		await fakeFile(ctx, user.id, 'image', STORAGE_QUOTA_BYTES - 8 * MB)
		await fakeFile(ctx, user.id, 'cv', 8 * MB)
		expect(await upload('cv', 'new.pdf', minimalPdf(['New']))).toMatchObject({ originalName: 'new.pdf' })
		await expect(upload('image', 'one-more.png', tinyPng())).resolves.toBeDefined()
	})

	test('two uploads racing for the last of the room cannot both pass it', async () => {
		const { ctx, user, upload } = await setup()
		await fakeFile(ctx, user.id, 'cv', STORAGE_QUOTA_BYTES - Math.floor(tinyPng().length * 1.5))
		const results = await Promise.allSettled([upload('image', 'a.png', tinyPng()), upload('image', 'b.png', tinyPng())])
		expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected'])
		expect(results.find((result) => result.status === 'rejected')).toMatchObject({
			reason: { code: 'INVALID', message: 'Your files take 250 MB of your 250 MB. Delete some to add more.' },
		})
		expect(await ctx.db.userAsset.count({ where: { userId: user.id, kind: 'image' } })).toBe(1)
		expect(await storedUnder(ctx, user.id, 'image')).toHaveLength(1)
	})

	test('every file change queues a profile ingest', async () => {
		const { ctx, user, upload } = await setup()
		const asset = await upload('image', 'a.png', tinyPng())
		await removeAsset(ctx, user.id, asset.id)
		const jobs = ctx.jobs as RecordingJobs
		expect(jobs.sent.some((job) => job.name === 'profile.ingest' && 'userId' in job.data && job.data.userId === user.id)).toBe(true)
	})
})

describe('removing and serving files', () => {
	test('a user removes their own file; another user cannot', async () => {
		const { ctx, user, upload } = await setup()
		const other = await createUser(ctx.db)
		const asset = await upload('image', 'a.png', tinyPng())
		const { storagePath } = await ctx.db.userAsset.findUniqueOrThrow({ where: { id: asset.id } })

		await expect(removeAsset(ctx, other.id, asset.id)).rejects.toMatchObject({ code: 'NOT_FOUND' })
		await expect(removeAsset(ctx, user.id, 'not-an-id')).rejects.toMatchObject({ code: 'NOT_FOUND' })
		await removeAsset(ctx, user.id, asset.id)
		expect(await listAssets(ctx, user.id)).toEqual([])
		expect(await ctx.storage.get(storagePath)).toBeNull()
	})

	test("a file is served to its owner and admins only; another user's file is not found", async () => {
		const { ctx, user, upload } = await setup()
		const other = await createUser(ctx.db)
		const asset = await upload('cv', 'Ada CV.pdf', minimalPdf(['Ada']))

		const mine = await getAssetForDownload(ctx, { id: user.id, role: 'user' }, asset.id)
		expect(mine).toMatchObject({ originalName: 'Ada CV.pdf', contentType: 'application/pdf' })
		expect((await readBody(mine.body)).equals(minimalPdf(['Ada']))).toBe(true)

		await expect(getAssetForDownload(ctx, { id: other.id, role: 'user' }, asset.id)).rejects.toMatchObject({
			code: 'NOT_FOUND',
		})
		await expect(getAssetForDownload(ctx, { id: other.id, role: 'user' }, 'x')).rejects.toMatchObject({ code: 'NOT_FOUND' })
		const admin = await getAssetForDownload(ctx, { id: other.id, role: 'admin' }, asset.id)
		admin.body.destroy()
		expect(admin.id).toBe(asset.id)
	})
})
