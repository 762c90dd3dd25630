import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFakeS3Server } from '#tests/fakes/s3-server.ts'
import { createS3Storage } from './s3.ts'

const BUCKET = 'callboard-test'
const ACCESS_KEY = 'AKIATESTFAKE'
let fake: Awaited<ReturnType<typeof startFakeS3Server>>
let storage: ReturnType<typeof createS3Storage>

beforeAll(async () => {
	fake = await startFakeS3Server({ bucket: BUCKET, accessKeyId: ACCESS_KEY })
	storage = createS3Storage({
		bucket: BUCKET,
		region: 'us-east-1',
		accessKeyId: ACCESS_KEY,
		secretAccessKey: 'test-secret',
		endpoint: fake.endpoint,
		forcePathStyle: true,
	})
})
afterAll(() => fake.close())

/** A stream of `size` bytes in 64 KiB chunks that fails after `failAfter` bytes, if given. */
function bytes(size: number, { failAfter }: { failAfter?: number } = {}) {
	return Readable.from(
		(function* () {
			for (let sent = 0; sent < size; sent += 65_536) {
				if (failAfter !== undefined && sent >= failAfter) throw new Error('client went away')
				yield Buffer.alloc(Math.min(65_536, size - sent), sent % 251)
			}
		})(),
	)
}

describe('S3 storage (real AWS SDK against a local fake)', () => {
	test('stores a small file with one PutObject and reads it back as a stream with its type and size', async () => {
		const key = 'user-assets/u1/cv/1_a.pdf'
		await expect(storage.put(key, Readable.from([Buffer.from('%PDF-1.7 hello')]), { contentType: 'application/pdf' })).resolves.toEqual({
			size: 14,
		})
		expect(fake.calls).toContain('PUT')

		const object = await storage.get(key)
		expect(object).toMatchObject({ contentType: 'application/pdf', size: 14 })
		expect(await text(object!.body)).toBe('%PDF-1.7 hello')
	})

	test('streams a file larger than one part as a multipart upload', async () => {
		const key = 'user-assets/u1/image/2_b.png'
		const size = 6 * 1024 * 1024 + 123
		await expect(storage.put(key, bytes(size), { contentType: 'image/png' })).resolves.toEqual({ size })
		expect(fake.calls).toEqual(expect.arrayContaining(['POST uploads', 'PUT partNumber&uploadId', 'POST uploadId']))
		expect(fake.objects.get(key)?.body.length).toBe(size)
		expect((await storage.get(key))?.size).toBe(size)
	})

	test('a body that fails midway aborts the multipart upload and leaves no object', async () => {
		const key = 'user-assets/u1/image/3_c.png'
		await expect(storage.put(key, bytes(12 * 1024 * 1024, { failAfter: 7 * 1024 * 1024 }), { contentType: 'image/png' })).rejects.toThrow(
			'client went away',
		)
		expect(fake.calls).toContain('DELETE uploadId')
		expect(fake.uploads.size).toBe(0)
		expect(await storage.get(key)).toBeNull()
	})

	test('a missing key reads as null, and deleting removes an object (twice is fine)', async () => {
		expect(await storage.get('user-assets/nobody/cv/none.pdf')).toBeNull()
		const key = 'user-assets/u1/cv/4_d.pdf'
		await storage.put(key, Readable.from([Buffer.from('%PDF-')]), { contentType: 'application/pdf' })
		await storage.delete(key)
		await storage.delete(key)
		expect(await storage.get(key)).toBeNull()
	})

	test('refuses keys that could mean another path', async () => {
		for (const key of ['../etc/passwd', '/abs', 'a/../b', 'a//b', '.hidden', 'a b']) {
			await expect(storage.get(key)).rejects.toThrow('Invalid storage key')
		}
	})

	test('wrong credentials are an error, not a missing file', async () => {
		const other = createS3Storage({
			bucket: BUCKET,
			region: 'us-east-1',
			accessKeyId: 'AKIAWRONG',
			secretAccessKey: 'x',
			endpoint: fake.endpoint,
			forcePathStyle: true,
		})
		await expect(other.get('user-assets/u1/cv/1_a.pdf')).rejects.toThrow()
	})
})
