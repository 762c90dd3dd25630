import { imageSize } from 'image-size'
import { DomainError } from '#server/domain/errors.ts'

/**
 * An uploaded image's size in pixels, read from its first bytes while it streams into storage.
 * Its bytes are bounded (10 MB) but its pixels are not: a 10 MB PNG can say 30,000 × 30,000, which
 * no browser draws (a broken thumbnail) and the drafting model refuses.
 */

/** How many first bytes are kept to read the size: a JPEG's frame header comes after its metadata (EXIF, ICC, XMP). */
export const IMAGE_HEAD_BYTES = 256 * 1024

/** The most pixels an uploaded image may have: 100 megapixels, beyond the photos of most cameras. */
export const MAX_IMAGE_PIXELS = 100_000_000

export type ImageDimensions = { width: number; height: number }

/** The size the image's first bytes give, or null when they do not say (a JPEG whose frame header comes later, a broken file). */
export function imageDimensions(head: Uint8Array): ImageDimensions | null {
	try {
		const { width, height } = imageSize(head)
		return width > 0 && height > 0 ? { width, height } : null
	} catch {
		return null
	}
}

export function tooManyPixelsError({ width, height }: ImageDimensions) {
	const size = `${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels`
	return new DomainError('INVALID', `The image is too large (${size}): at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`)
}

/**
 * Watches an image's first bytes as they stream by: throws tooManyPixelsError as soon as its size
 * is known and too large. An image whose size cannot be read from them is let through.
 */
export class PixelLimit {
	#chunks: Uint8Array[] = []
	#length = 0
	#done = false

	push(chunk: Uint8Array) {
		if (this.#done) return
		this.#chunks.push(chunk)
		this.#length += chunk.byteLength
		this.#check(this.#length >= IMAGE_HEAD_BYTES)
	}

	/** The stream ended: decide with what there is. */
	end() {
		if (!this.#done) this.#check(true)
	}

	#check(last: boolean) {
		const dimensions = imageDimensions(Buffer.concat(this.#chunks))
		if (!dimensions && !last) return
		this.#done = true
		this.#chunks = []
		if (dimensions && dimensions.width * dimensions.height > MAX_IMAGE_PIXELS) throw tooManyPixelsError(dimensions)
	}
}
