import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { createUser } from '#tests/factories.ts'
import type { RecordingJobs } from '#tests/fakes/recording-jobs.ts'
import { minimalPdf, oleDocument, tinyPng, zipArchive } from '#tests/fixtures/files.ts'
import { getAssetForDownload, listAssets, removeAsset, uploadAsset, type UploadAssetInput } from './assets.ts'

const ctxPromise = createTestContext()

async function setup() {
	const ctx = await ctxPromise
	const user = await createUser(ctx.db)
	const upload = (kind: UploadAssetInput['kind'], fileName: string, bytes: Buffer, cvTypes?: UploadAssetInput['cvTypes']) =>
		uploadAsset(ctx, user.id, { kind, fileName, stream: Readable.from([bytes]), cvTypes })
	return { ctx, user, upload }
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
		expect(await upload('cv', 'cv.docx', zipArchive())).toMatchObject({
			contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
		})
		// A zip that does not claim to be a Word document is not a CV.
		await expect(upload('cv', 'archive.zip', zipArchive())).rejects.toMatchObject({ code: 'INVALID' })
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
