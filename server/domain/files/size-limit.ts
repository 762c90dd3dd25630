import { DomainError } from '#server/domain/errors.ts'
import { fileTooLargeMessage } from './file-checks.ts'

/** "Each file must be at most 10 MB." */
export function fileTooLargeError(maxBytes: number) {
	return new DomainError('INVALID', fileTooLargeMessage(maxBytes))
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
