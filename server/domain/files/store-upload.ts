import { Readable } from 'node:stream'
import type { AppContext } from '#server/context.ts'
import { DomainError } from '#server/domain/errors.ts'
import { isDocx, StreamTail } from './docx.ts'
import { PixelLimit } from './image-size.ts'
import { limitSize } from './size-limit.ts'
import { fileTypeMessage } from './file-checks.ts'
import { DOCX_TYPE, sniffContentType, SNIFF_BYTES, type SniffedType } from './sniff.ts'

export type StoreUploadInput = {
	/** The storage key, or a function of the sniffed type (keys carry its extension; see buildStorageKey). */
	key: string | ((contentType: SniffedType) => string)
	stream: AsyncIterable<Uint8Array>
	/** The uploaded name; only tells a DOCX from another zip archive. */
	fileName?: string
	allowedTypes: readonly SniffedType[]
	maxBytes: number
	/** An image wider or taller than this is refused (every image over MAX_IMAGE_PIXELS is). */
	maxImageSide?: number
}

/**
 * Streams one uploaded file into storage after checking what it really is
 * (its first bytes, not the type the browser claimed) and while counting its
 * size. A file of another type is refused before anything is stored; one
 * over `maxBytes` is cut off and its partial object deleted. A DOCX, whose
 * first bytes are any ZIP's, is checked again at its end (its central
 * directory, from the last bytes kept while streaming) and deleted when it is
 * not a Word document. Either way the user gets a message saying why.
 */
export async function storeUpload(
	ctx: Pick<AppContext, 'storage'>,
	{ key: keyOf, stream, fileName, allowedTypes, maxBytes, maxImageSide }: StoreUploadInput,
): Promise<{ key: string; contentType: SniffedType; size: number }> {
	const chunks = stream[Symbol.asyncIterator]()
	const head = await readHead(chunks, SNIFF_BYTES)
	const contentType = sniffContentType(head, fileName)
	const notAllowed = () => new DomainError('INVALID', fileTypeMessage(allowedTypes))
	if (!contentType || !allowedTypes.includes(contentType)) {
		await chunks.return?.()
		throw notAllowed()
	}

	const key = typeof keyOf === 'function' ? keyOf(contentType) : keyOf
	const tail = contentType === DOCX_TYPE ? new StreamTail() : null
	const pixels = contentType.startsWith('image/') ? new PixelLimit(contentType, { maxSide: maxImageSide }) : null
	let size = 0
	/** Why the body stopped: too many bytes or pixels (the store may wrap the error it saw). */
	let refusal: DomainError | null = null
	async function* body() {
		try {
			for await (const chunk of limitSize(prepend(head, chunks), maxBytes)) {
				size += chunk.byteLength
				tail?.push(chunk)
				pixels?.push(chunk)
				yield chunk
			}
			pixels?.end()
		} catch (error) {
			if (error instanceof DomainError) refusal = error
			throw error
		}
	}
	try {
		await ctx.storage.put(key, Readable.from(body()), { contentType })
	} catch (error) {
		if (!refusal) throw error
		// Stores write atomically, but a store that kept the partial object must not keep it.
		await ctx.storage.delete(key).catch(() => {})
		throw refusal
	}
	if (tail && !isDocx(tail.bytes(), size)) {
		await ctx.storage.delete(key).catch(() => {})
		throw notAllowed()
	}
	return { key, contentType, size }
}

/** At least `bytes` bytes from the start of the stream (fewer if it is shorter), as one buffer. */
async function readHead(chunks: AsyncIterator<Uint8Array>, bytes: number) {
	const head: Uint8Array[] = []
	let length = 0
	while (length < bytes) {
		const next = await chunks.next()
		if (next.done) break
		head.push(next.value)
		length += next.value.byteLength
	}
	return Buffer.concat(head)
}

async function* prepend(head: Uint8Array, rest: AsyncIterator<Uint8Array>) {
	if (head.byteLength) yield head
	for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value
}
