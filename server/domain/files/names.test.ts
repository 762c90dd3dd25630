import { describe, expect, test } from 'vitest'
import { buildStorageKey, MAX_FILE_NAME_LENGTH, sanitizeFileName } from './names.ts'

describe('sanitizeFileName', () => {
	test('keeps only the base name of a path', () => {
		expect(sanitizeFileName('C:\\Users\\ana\\Documents\\cv.pdf')).toBe('cv.pdf')
		expect(sanitizeFileName('../../etc/passwd')).toBe('passwd')
	})

	test('drops control and direction-override characters and collapses spaces', () => {
		expect(sanitizeFileName('my\u0000 \t cv\u202Efdp.exe')).toBe('my cvfdp.exe')
		expect(sanitizeFileName('  Portfolio   2026 .pdf ')).toBe('Portfolio 2026 .pdf')
	})

	test('shortens long names to 120 characters, keeping the extension', () => {
		const name = sanitizeFileName(`${'a'.repeat(300)}.docx`)
		expect([...name]).toHaveLength(MAX_FILE_NAME_LENGTH)
		expect(name.endsWith('a.docx')).toBe(true)
		expect([...sanitizeFileName('é'.repeat(200))]).toHaveLength(MAX_FILE_NAME_LENGTH)
	})

	test('a name with nothing left becomes "file"; leading dots go', () => {
		expect(sanitizeFileName('')).toBe('file')
		expect(sanitizeFileName('\u0001\u0002')).toBe('file')
		expect(sanitizeFileName('.htaccess')).toBe('htaccess')
	})
})

describe('buildStorageKey', () => {
	const userId = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

	test('builds user-assets/{userId}/{kind}/{timestamp_random.ext} with the extension of the sniffed type', () => {
		const key = buildStorageKey({ userId, kind: 'cv', contentType: 'application/pdf', now: new Date(1_700_000_000_000) })
		expect(key).toMatch(new RegExp(`^user-assets/${userId}/cv/1700000000000_[0-9a-f]{16}\\.pdf$`))
		expect(buildStorageKey({ userId, kind: 'image', contentType: 'image/jpeg' })).toMatch(/\.jpg$/)
		expect(buildStorageKey({ userId, kind: 'cv', contentType: 'application/pdf' })).not.toBe(key)
	})

	test('refuses a user id or kind that could change the path', () => {
		expect(() => buildStorageKey({ userId: '../other', kind: 'cv', contentType: 'application/pdf' })).toThrow()
		expect(() => buildStorageKey({ userId, kind: 'cv/../x', contentType: 'application/pdf' })).toThrow()
	})
})
