import { describe, expect, test } from 'vitest'
import { pngClaiming, tinyPng } from '#tests/fixtures/files.ts'
import { ImageSizeReader, imageDimensions, PixelLimit } from './image-size.ts'
import type { SniffedType } from './sniff.ts'

/** A JPEG's segments: start of image, `padding` bytes of metadata (APP1 segments of 64 KB at most), a frame header, a scan. */
function jpeg({ width, height, padding = 0, frameMarker = 0xc0 }: { width: number; height: number; padding?: number; frameMarker?: number }) {
	const segments: Buffer[] = [Buffer.from([0xff, 0xd8])]
	for (let left = padding; left > 0; left -= 65_533) {
		const body = Math.min(left, 65_533)
		const segment = Buffer.alloc(4 + body, 0x41)
		segment.writeUInt16BE(0xffe1, 0)
		segment.writeUInt16BE(body + 2, 2)
		segments.push(segment)
	}
	const frame = Buffer.from([0xff, frameMarker, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
	frame.writeUInt16BE(height, 5)
	frame.writeUInt16BE(width, 7)
	segments.push(frame, Buffer.from([0xff, 0xda, 0x00, 0x02, 0x12, 0x34, 0xff, 0xd9]))
	return Buffer.concat(segments)
}

/** Reads `bytes` in chunks of `size` bytes. */
function readInChunks(type: SniffedType, bytes: Buffer, size: number) {
	const reader = new ImageSizeReader(type)
	for (let at = 0; at < bytes.length && !reader.outcome; at += size) reader.push(bytes.subarray(at, at + size))
	return reader.outcome ?? reader.end()
}

describe('ImageSizeReader', () => {
	test('reads a PNG, GIF and WebP size from their first bytes, in chunks of any size', () => {
		for (const size of [1, 7, 1024]) {
			expect(readInChunks('image/png', tinyPng(), size)).toEqual({ width: 1, height: 1 })
			expect(readInChunks('image/png', pngClaiming(30_000, 20_000), size)).toEqual({ width: 30_000, height: 20_000 })
		}
		const gif = Buffer.from('GIF89a\x40\x01\xf0\x00\x00\x00\x00', 'latin1')
		expect(imageDimensions(gif, 'image/gif')).toEqual({ width: 320, height: 240 })
		const riff = (format: string, body: number[]) => Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'), Buffer.from(format, 'latin1'), Buffer.from([0, 0, 0, 0]), Buffer.from(body)])
		// VP8X: 24-bit width and height minus one, at 24 and 27.
		expect(imageDimensions(riff('VP8X', [0, 0, 0, 0, 0x3f, 0x1f, 0, 0x6f, 0x17, 0]), 'image/webp')).toEqual({ width: 8000, height: 6000 })
		// VP8L: 14 bits each after its signature byte.
		const vp8l = (640 - 1) | ((480 - 1) << 14)
		expect(imageDimensions(riff('VP8L', [0x2f, vp8l & 0xff, (vp8l >> 8) & 0xff, (vp8l >> 16) & 0xff, (vp8l >>> 24) & 0xff]), 'image/webp')).toEqual({ width: 640, height: 480 })
		// VP8: after the frame tag and start code.
		expect(imageDimensions(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01]), 'image/webp')).toEqual({ width: 640, height: 480 })
	})

	test("reads a JPEG's frame header past any amount of metadata, whatever the chunks, and every kind of frame", () => {
		expect(readInChunks('image/jpeg', jpeg({ width: 4000, height: 3000 }), 1)).toEqual({ width: 4000, height: 3000 })
		// Padded with 300 KB of metadata: the size is still found (it used to be lost past 256 KB).
		const padded = jpeg({ width: 30_000, height: 30_000, padding: 300_000 })
		for (const size of [1024, 65_536, padded.length]) expect(readInChunks('image/jpeg', padded, size)).toEqual({ width: 30_000, height: 30_000 })
		for (const frameMarker of [0xc1, 0xc2, 0xc3, 0xc9, 0xcf]) expect(imageDimensions(jpeg({ width: 10, height: 20, frameMarker }), 'image/jpeg')).toEqual({ width: 10, height: 20 })
	})

	test('a file whose headers are not those of its type is unreadable, at once and without scanning it', () => {
		const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), Buffer.alloc(3_000_000)])
		const reader = new ImageSizeReader('image/jpeg')
		reader.push(garbage.subarray(0, 64))
		expect(reader.outcome).toBe('unreadable')
		// No frame header before the image data, or before its end.
		expect(imageDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2, 0xff, 0xd9]), 'image/jpeg')).toBe('unreadable')
		expect(imageDimensions(jpeg({ width: 10, height: 20 }).subarray(0, 8), 'image/jpeg')).toBe('unreadable')
		expect(imageDimensions(Buffer.concat([tinyPng().subarray(0, 12), Buffer.from('JUNK')]), 'image/png')).toBe('unreadable')
		expect(imageDimensions(tinyPng().subarray(0, 20), 'image/png')).toBe('unreadable')
		expect(imageDimensions(pngClaiming(0, 10), 'image/png')).toBe('unreadable')
	})
})

describe('PixelLimit', () => {
	test('refuses over 100 megapixels, over the side given, and an unreadable image; lets the rest through', () => {
		const judge = (type: SniffedType, bytes: Buffer, maxSide?: number) => () => {
			const limit = new PixelLimit(type, { maxSide })
			for (let at = 0; at < bytes.length; at += 4096) limit.push(bytes.subarray(at, at + 4096))
			limit.end()
		}
		expect(judge('image/png', pngClaiming(30_000, 30_000))).toThrow('The image is too large (30,000 × 30,000 pixels): at most 100 megapixels.')
		expect(judge('image/jpeg', jpeg({ width: 20_000, height: 10_000, padding: 300_000 }))).toThrow('at most 100 megapixels')
		expect(judge('image/png', pngClaiming(9_000, 2_000), 8_000)).toThrow('The image is too large for drafting (9,000 × 2,000 pixels): at most 8,000 pixels wide or tall.')
		expect(judge('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toThrow('The image could not be read.')
		expect(judge('image/png', pngClaiming(10_000, 10_000))).not.toThrow()
		expect(judge('image/jpeg', jpeg({ width: 8_000, height: 6_000 }), 8_000)).not.toThrow()
	})
})
