import {
	AbortMultipartUploadCommand,
	CompleteMultipartUploadCommand,
	CreateMultipartUploadCommand,
	DeleteObjectCommand,
	GetObjectCommand,
	PutObjectCommand,
	S3Client,
	UploadPartCommand,
	type CompletedPart,
} from '@aws-sdk/client-s3'
import type { Readable } from 'node:stream'
import { assertStorageKey } from './keys.ts'
import type { Storage } from './types.ts'

// S3's smallest part (except the last). A body is read one part at a time, so
// an upload holds at most this much in memory whatever the file's size.
// (@aws-sdk/lib-storage's Upload does the same but is not a dependency.)
const PART_SIZE = 5 * 1024 * 1024

export type S3StorageOptions = {
	bucket: string
	region: string
	accessKeyId: string
	secretAccessKey: string
	/** Another S3-compatible service (MinIO, R2, a local fake); unset for AWS. */
	endpoint?: string
	forcePathStyle: boolean
}

/**
 * Objects in an S3-compatible bucket. Bodies of unknown length are sent as one
 * PutObject when they fit in a part, else as a multipart upload that is
 * aborted on any failure, so no partial object is ever visible.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
	const { bucket } = options
	const client = new S3Client({
		region: options.region,
		endpoint: options.endpoint,
		forcePathStyle: options.forcePathStyle,
		credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
		// Recent SDKs add CRC32 checksums to every upload by default, which several
		// S3-compatible stores reject. Bodies are sent as buffers, so the SigV4
		// payload hash still protects them in transit.
		requestChecksumCalculation: 'WHEN_REQUIRED',
		responseChecksumValidation: 'WHEN_REQUIRED',
	})

	return {
		kind: 's3',

		async put(key, body, { contentType }) {
			assertStorageKey(key)
			const parts = readParts(body)
			const first = await parts.next()
			const firstPart = first.done ? Buffer.alloc(0) : first.value
			if (firstPart.length < PART_SIZE) {
				await client.send(
					new PutObjectCommand({ Bucket: bucket, Key: key, Body: firstPart, ContentLength: firstPart.length, ContentType: contentType }),
				)
				return { size: firstPart.length }
			}

			const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }))
			if (!UploadId) throw new Error(`S3 returned no upload id for ${key}`)
			try {
				const completed: CompletedPart[] = []
				let size = 0
				let part: Buffer | undefined = firstPart
				while (part) {
					const PartNumber = completed.length + 1
					const { ETag } = await client.send(
						new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber, Body: part, ContentLength: part.length }),
					)
					completed.push({ ETag, PartNumber })
					size += part.length
					const next = await parts.next()
					part = next.done ? undefined : next.value
				}
				await client.send(
					new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, MultipartUpload: { Parts: completed } }),
				)
				return { size }
			} catch (error) {
				await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId })).catch(() => {})
				throw error
			}
		},

		async get(key) {
			assertStorageKey(key)
			try {
				const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
				return {
					// In Node the SDK's body is the response's IncomingMessage, a Readable.
					body: object.Body as Readable,
					contentType: object.ContentType ?? 'application/octet-stream',
					size: object.ContentLength ?? 0,
				}
			} catch (error) {
				if (isMissingObject(error)) return null
				throw error
			}
		},

		async delete(key) {
			assertStorageKey(key)
			// S3 answers 204 for a key that does not exist, so deleting twice is fine.
			await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
		},
	}
}

/** The body in buffers of PART_SIZE bytes (the last one shorter), read only as fast as they are sent. */
async function* readParts(body: Readable): AsyncGenerator<Buffer, void> {
	let chunks: Buffer[] = []
	let length = 0
	for await (const chunk of body) {
		const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array)
		chunks.push(buffer)
		length += buffer.length
		if (length >= PART_SIZE) {
			const joined = Buffer.concat(chunks)
			yield joined.subarray(0, PART_SIZE)
			chunks = [joined.subarray(PART_SIZE)]
			length = chunks[0]!.length
		}
	}
	if (length > 0) yield Buffer.concat(chunks)
}

function isMissingObject(error: unknown) {
	const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } }
	return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404
}
