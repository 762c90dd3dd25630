import { DomainError } from '#server/domain/errors.ts'
import type { SniffedType } from './sniff.ts'

/*
 * An uploaded image's size in pixels, read from its headers while it streams into storage. Its
 * bytes are bounded (10 MB) but its pixels are not: a 875 KB PNG can say 30,000 × 30,000, which no
 * browser draws (a broken thumbnail) and the drafting model refuses.
 *
 * Read byte by byte as chunks arrive, never buffered: a PNG, GIF or WebP says its size in its first
 * 30 bytes; a JPEG in its frame header, after any number of metadata segments, whose bodies are
 * skipped by their stated lengths. The work is linear in the bytes and stops at the frame header,
 * so no crafted file makes it slow (a library reading the whole buffer again for each chunk was
 * quadratic, and scanned a JPEG byte by byte on garbage), and padding a JPEG with metadata does not
 * hide its size.
 */

/** The most pixels an uploaded image may have: 100 megapixels, beyond the photos of most cameras. */
export const MAX_IMAGE_PIXELS = 100_000_000

export type ImageDimensions = { width: number; height: number }

/** The image's size; `unreadable` when its headers are not those of its type (a browser could not draw it either). */
export type ImageSizeOutcome = ImageDimensions | 'unreadable'

/** How many first bytes a PNG, GIF or WebP needs to say its size (a WebP's VP8 frame: 30). */
const FIXED_HEADER_BYTES = 30

// JPEG markers: start of frame (every kind: baseline, progressive, lossless, arithmetic), and those
// that stand alone without a length.
const isStartOfFrame = (code: number) => code >= 0xc0 && code <= 0xcf && code !== 0xc4 && code !== 0xc8 && code !== 0xcc
const standsAlone = (code: number) => code === 0x01 || (code >= 0xd0 && code <= 0xd8)

/** Reads an image's size from its bytes as they come: push each chunk, then end(). */
export class ImageSizeReader {
	#type: SniffedType
	#outcome: ImageSizeOutcome | null = null
	// PNG, GIF, WebP: the first bytes.
	#head = new Uint8Array(FIXED_HEADER_BYTES)
	#headLength = 0
	// JPEG: where the walk is, and the bytes of the field being read.
	#offset = 0
	#state: 'marker' | 'code' | 'length' | 'skip' | 'frame' = 'marker'
	#field: number[] = []
	#skip = 0
	#frame = false

	constructor(type: SniffedType) {
		this.#type = type
	}

	/** The size, once known (or `unreadable`); null while more bytes are needed. */
	get outcome() {
		return this.#outcome
	}

	push(chunk: Uint8Array) {
		if (this.#outcome) return
		if (this.#type === 'image/jpeg') this.#walkJpeg(chunk)
		else this.#collectHead(chunk)
	}

	/** The file ended: an image whose size was not found by then is unreadable. */
	end(): ImageSizeOutcome {
		this.#outcome ??= this.#type === 'image/jpeg' ? 'unreadable' : this.#fixedHeader(true) ?? 'unreadable'
		return this.#outcome
	}

	#collectHead(chunk: Uint8Array) {
		const take = Math.min(chunk.byteLength, FIXED_HEADER_BYTES - this.#headLength)
		this.#head.set(chunk.subarray(0, take), this.#headLength)
		this.#headLength += take
		this.#outcome = this.#fixedHeader(false)
	}

	/** The size a PNG, GIF or WebP's first bytes give; null when they are still too few (and not `last`). */
	#fixedHeader(last: boolean): ImageSizeOutcome | null {
		const head = this.#head.subarray(0, this.#headLength)
		const view = new DataView(head.buffer, head.byteOffset, head.byteLength)
		const text = (start: number, end: number) => String.fromCharCode(...head.subarray(start, end))
		const need = (bytes: number, read: () => ImageSizeOutcome | null): ImageSizeOutcome | null =>
			head.byteLength >= bytes ? read() : last ? 'unreadable' : null
		const size = (width: number, height: number): ImageSizeOutcome => (width > 0 && height > 0 ? { width, height } : 'unreadable')
		switch (this.#type) {
			case 'image/png':
				// The first chunk is IHDR: its width and height, big-endian.
				return need(24, () => (text(12, 16) === 'IHDR' ? size(view.getUint32(16), view.getUint32(20)) : 'unreadable'))
			case 'image/gif':
				return need(10, () => size(view.getUint16(6, true), view.getUint16(8, true)))
			case 'image/webp':
				return need(16, () => {
					const format = text(12, 16)
					if (format === 'VP8X') return need(30, () => size(1 + (view.getUint32(24, true) & 0xffffff), 1 + (view.getUint32(26, true) >>> 8)))
					if (format === 'VP8L') {
						return need(25, () => {
							const bits = view.getUint32(21, true)
							return size(1 + (bits & 0x3fff), 1 + ((bits >>> 14) & 0x3fff))
						})
					}
					if (format === 'VP8 ') return need(30, () => size(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff))
					return 'unreadable'
				})
			default:
				return 'unreadable'
		}
	}

	#walkJpeg(chunk: Uint8Array) {
		let index = 0
		while (index < chunk.byteLength && !this.#outcome) {
			if (this.#state === 'skip') {
				const skipped = Math.min(this.#skip, chunk.byteLength - index)
				this.#skip -= skipped
				index += skipped
				this.#offset += skipped
				if (this.#skip === 0) this.#state = 'marker'
				continue
			}
			const byte = chunk[index]!
			index += 1
			this.#offset += 1
			// The file starts FF D8 (start of image), which the sniffing already checked.
			if (this.#offset <= 2) continue
			switch (this.#state) {
				case 'marker':
					if (byte !== 0xff) this.#outcome = 'unreadable'
					else this.#state = 'code'
					break
				case 'code':
					if (byte === 0xff) break // fill byte
					if (standsAlone(byte)) this.#state = 'marker'
					// The image data (SOS) or its end before any frame header: no size to read.
					else if (byte === 0xda || byte === 0xd9) this.#outcome = 'unreadable'
					else {
						this.#frame = isStartOfFrame(byte)
						this.#field = []
						this.#state = 'length'
					}
					break
				case 'length': {
					this.#field.push(byte)
					if (this.#field.length < 2) break
					const length = (this.#field[0]! << 8) | this.#field[1]!
					this.#field = []
					if (this.#frame ? length < 7 : length < 2) this.#outcome = 'unreadable'
					else if (this.#frame) this.#state = 'frame'
					else if (length > 2) {
						this.#skip = length - 2
						this.#state = 'skip'
					} else this.#state = 'marker'
					break
				}
				case 'frame': {
					// Precision, then height and width, big-endian.
					this.#field.push(byte)
					if (this.#field.length < 5) break
					const [, heightHigh, heightLow, widthHigh, widthLow] = this.#field as [number, number, number, number, number]
					const height = (heightHigh << 8) | heightLow
					const width = (widthHigh << 8) | widthLow
					// A height of 0 is "given later" (DNL), which browsers do not draw.
					this.#outcome = width > 0 && height > 0 ? { width, height } : 'unreadable'
					break
				}
			}
		}
	}
}

/** The size of an image held whole (drafting reads stored files so). */
export function imageDimensions(bytes: Uint8Array, type: SniffedType): ImageSizeOutcome {
	const reader = new ImageSizeReader(type)
	reader.push(bytes)
	return reader.outcome ?? reader.end()
}

export function unreadableImageError() {
	return new DomainError('INVALID', 'The image could not be read.')
}

const formatSize = ({ width, height }: ImageDimensions) => `${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels`

export function tooManyPixelsError(dimensions: ImageDimensions) {
	return new DomainError('INVALID', `The image is too large (${formatSize(dimensions)}): at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`)
}

export function tooWideError(dimensions: ImageDimensions, maxSide: number) {
	return new DomainError(
		'INVALID',
		`The image is too large for drafting (${formatSize(dimensions)}): at most ${maxSide.toLocaleString('en-US')} pixels wide or tall.`,
	)
}

/**
 * Checks an image as it streams by: throws as soon as its size is known and too large (over
 * MAX_IMAGE_PIXELS, or wider or taller than `maxSide`), and at its end when its size could not be
 * read.
 */
export class PixelLimit {
	#reader: ImageSizeReader
	#maxSide: number

	constructor(type: SniffedType, { maxSide = Infinity }: { maxSide?: number } = {}) {
		this.#reader = new ImageSizeReader(type)
		this.#maxSide = maxSide
	}

	push(chunk: Uint8Array) {
		if (this.#reader.outcome) return
		this.#reader.push(chunk)
		if (this.#reader.outcome) this.#judge(this.#reader.outcome)
	}

	end() {
		if (!this.#reader.outcome) this.#judge(this.#reader.end())
	}

	#judge(outcome: ImageSizeOutcome) {
		if (outcome === 'unreadable') throw unreadableImageError()
		if (outcome.width * outcome.height > MAX_IMAGE_PIXELS) throw tooManyPixelsError(outcome)
		if (Math.max(outcome.width, outcome.height) > this.#maxSide) throw tooWideError(outcome, this.#maxSide)
	}
}
