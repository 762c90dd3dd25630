import { describe, expect, test } from 'vitest'
import { describeTypes, sniffContentType } from './sniff.ts'

const bytes = (...values: (number | string)[]) =>
	Buffer.concat(values.map((value) => (typeof value === 'string' ? Buffer.from(value, 'latin1') : Buffer.from([value]))))

describe('sniffContentType', () => {
	test.each([
		['PDF', bytes('%PDF-1.7\n%'), 'application/pdf'],
		['PNG', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13), 'image/png'],
		['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF'), 'image/jpeg'],
		['GIF87a', bytes('GIF87a', 1, 0), 'image/gif'],
		['GIF89a', bytes('GIF89a', 1, 0), 'image/gif'],
		['WEBP', bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '), 'image/webp'],
		['DOC', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0), 'application/msword'],
	])('recognises %s by its first bytes', (_name, head, type) => {
		expect(sniffContentType(head)).toBe(type)
	})

	test('a zip archive is a DOCX only when its name ends in .docx', () => {
		const zip = bytes('PK', 3, 4, 20, 0, 6, 0, 8, 0, 0, 0)
		expect(sniffContentType(zip, 'CV Final.DOCX')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
		expect(sniffContentType(zip, 'portfolio.zip')).toBe('application/zip')
		expect(sniffContentType(zip)).toBe('application/zip')
	})

	test('anything else, a RIFF that is not WEBP, and too few bytes are unknown', () => {
		expect(sniffContentType(bytes('MZ', 0x90, 0))).toBeNull()
		expect(sniffContentType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeNull()
		expect(sniffContentType(bytes('%PD'))).toBeNull()
		expect(sniffContentType(Buffer.alloc(0))).toBeNull()
		// A renamed file is judged by its content, not its name.
		expect(sniffContentType(bytes('<html><script>'), 'cv.pdf')).toBeNull()
	})
})

test('describeTypes names types as users know them', () => {
	expect(describeTypes(['application/pdf'])).toBe('PDF')
	expect(describeTypes(['image/jpeg', 'image/png', 'application/pdf'])).toBe('JPG, PNG, or PDF')
})
