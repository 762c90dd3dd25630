import { randomBytes } from 'node:crypto'
import { Document, Packer, Paragraph } from 'docx'
import { describe, expect, test } from 'vitest'
import { minimalDocx, zipOf } from '#tests/fixtures/files.ts'
import { isDocx, StreamTail, zipEntryNames, ZIP_TAIL_BYTES } from './docx.ts'

const whole = (file: Buffer) => isDocx(file, file.length)

describe('isDocx', () => {
	test('is true for a minimal Word document and for one the docx package writes', async () => {
		expect(whole(minimalDocx())).toBe(true)
		const written = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Ada Lovelace')] }] }))
		expect(whole(written)).toBe(true)
	})

	test('is false for a ZIP that is not a Word document', () => {
		const archive = zipOf({ 'photos/one.txt': 'not a photo' })
		expect(zipEntryNames(archive, archive.length)).toEqual(['photos/one.txt'])
		expect(whole(archive)).toBe(false)
		// Both parts are needed.
		expect(whole(zipOf({ 'word/document.xml': '<w:document/>' }))).toBe(false)
		expect(whole(zipOf({ '[Content_Types].xml': '<Types/>' }))).toBe(false)
	})

	test('is false for a truncated Word document, or one cut short at either end', () => {
		const docx = minimalDocx()
		expect(whole(docx.subarray(0, docx.length - 1))).toBe(false)
		expect(whole(docx.subarray(0, Math.floor(docx.length / 2)))).toBe(false)
		// Offsets no longer match where the directory is.
		expect(whole(docx.subarray(10))).toBe(false)
	})

	test('is false for the 13 bytes of a ZIP signature and nothing else, and for no bytes', () => {
		const thirteen = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(9)])
		expect(thirteen).toHaveLength(13)
		expect(whole(thirteen)).toBe(false)
		expect(whole(Buffer.alloc(0))).toBe(false)
		// An end record alone, claiming entries that are not there.
		const end = Buffer.alloc(22)
		end.writeUInt32LE(0x06054b50, 0)
		end.writeUInt16LE(2, 8)
		end.writeUInt16LE(2, 10)
		expect(whole(end)).toBe(false)
	})

	test('is false when the end record lies about the directory', () => {
		const docx = Buffer.from(minimalDocx())
		const end = docx.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
		const lying = (write: (copy: Buffer) => void) => {
			const copy = Buffer.from(docx)
			write(copy)
			return whole(copy)
		}
		expect(lying((copy) => copy.writeUInt32LE(0xffffffff, end + 16))).toBe(false)
		expect(lying((copy) => copy.writeUInt32LE(docx.readUInt32LE(end + 12) + 1, end + 12))).toBe(false)
		expect(lying((copy) => (copy.writeUInt16LE(0xffff, end + 8), copy.writeUInt16LE(0xffff, end + 10)))).toBe(false)
		// A name length running past the directory.
		const directory = docx.readUInt32LE(end + 16)
		expect(lying((copy) => copy.writeUInt16LE(0xffff, directory + 28))).toBe(false)
	})

	test('is false when the directory does not fit in the bytes kept from the end', () => {
		const docx = minimalDocx()
		expect(isDocx(docx.subarray(docx.length - 30), docx.length)).toBe(false)
	})
})

describe('StreamTail', () => {
	test('keeps the last bytes of a stream, whatever the chunks', () => {
		const tail = new StreamTail(10)
		for (const chunk of ['abc', 'defgh', 'ijklmnop', 'q']) tail.push(Buffer.from(chunk))
		expect(Buffer.from(tail.bytes()).toString()).toBe('hijklmnopq')
		expect(new StreamTail().limit).toBe(ZIP_TAIL_BYTES)
		expect(new StreamTail(4).bytes()).toHaveLength(0)
	})

	test('is enough to tell a large Word document streamed in small chunks', () => {
		// Text that does not compress makes the file larger than the tail kept.
		const docx = minimalDocx(randomBytes(ZIP_TAIL_BYTES).toString('hex'))
		expect(docx.length).toBeGreaterThan(ZIP_TAIL_BYTES)
		const tail = new StreamTail()
		for (let at = 0; at < docx.length; at += 4_096) tail.push(docx.subarray(at, at + 4_096))
		expect(isDocx(tail.bytes(), docx.length)).toBe(true)
	})
})
