import { DomainError } from '#server/domain/errors.ts'

const MEGABYTE = 1024 * 1024

/** "Each file must be at most 10 MB." (10 MB = 10,485,760 bytes, as the specification counts). */
export function fileTooLargeError(maxBytes: number) {
	const megabytes = Number((maxBytes / MEGABYTE).toFixed(1))
	return new DomainError('INVALID', `Each file must be at most ${megabytes} MB.`)
}

/**
 * Passes a byte stream through, throwing fileTooLargeError as soon as more
 * than `maxBytes` have gone by: an oversized upload is cut off at the limit,
 * not read to its end.
 */
export async function* limitSize(source: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array, void> {
	let size = 0
	for await (const chunk of source) {
		size += chunk.byteLength
		if (size > maxBytes) throw fileTooLargeError(maxBytes)
		yield chunk
	}
}
