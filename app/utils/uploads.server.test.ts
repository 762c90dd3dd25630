import { text } from 'node:stream/consumers'
import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { DomainError } from '#server/domain/errors.ts'
import { parseUploads, type UploadedFile } from './uploads.server.ts'

function multipart(entries: [string, string | File][]) {
	const form = new FormData()
	for (const [name, value] of entries) form.append(name, value)
	return new Request('http://localhost/portal/profile', { method: 'POST', body: form })
}

const file = (name: string, content: string | Uint8Array<ArrayBuffer>, type = 'application/pdf') => new File([content], name, { type })

/** What a browser sends for a file input left empty (undici's FormData would leave out the filename). */
function withEmptyFileInput(field: string, before: [string, string][]) {
	const boundary = '----callboard-test-boundary'
	const parts = [
		...before.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
		`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n`,
		`--${boundary}--\r\n`,
	]
	return new Request('http://localhost/portal/profile', {
		method: 'POST',
		headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
		body: parts.join(''),
	})
}

/** Reads each file fully, as storeUpload would. */
const readAll = async ({ field, fileName, contentType, stream }: UploadedFile) => ({
	field,
	fileName,
	contentType,
	content: await text(Readable.from(stream)),
})

async function domainError(promise: Promise<unknown>) {
	const error = await promise.then(
		() => null,
		(reason: unknown) => reason,
	)
	expect(error).toBeInstanceOf(DomainError)
	return (error as DomainError).message
}

describe('parseUploads', () => {
	test('an empty file input is ignored', async () => {
		const result = await parseUploads(withEmptyFileInput('cv', [['intent', 'upload-cv']]), { onFile: readAll, maxFiles: 5, maxFileBytes: 1024 })
		expect(Object.fromEntries(result.fields)).toEqual({ intent: 'upload-cv' })
		expect(result.files).toEqual([])
		expect(result.skippedFiles).toBe(0)
	})

	test('returns text fields and streams each file to onFile in form order', async () => {
		const request = multipart([
			['intent', 'upload-cv'],
			['cv', file('cv.pdf', '%PDF-1.7 one')],
			['note', 'héllo'],
			['images', file('photo.png', 'PNG data', 'image/png')],
		])
		const result = await parseUploads(request, { onFile: readAll, maxFiles: 5, maxFileBytes: 1024 })

		expect(Object.fromEntries(result.fields)).toEqual({ intent: 'upload-cv', note: 'héllo' })
		expect(result.files).toEqual([
			{ field: 'cv', fileName: 'cv.pdf', result: { field: 'cv', fileName: 'cv.pdf', contentType: 'application/pdf', content: '%PDF-1.7 one' } },
			{
				field: 'images',
				fileName: 'photo.png',
				result: { field: 'images', fileName: 'photo.png', contentType: 'image/png', content: 'PNG data' },
			},
		])
		expect(result.skippedFiles).toBe(0)
	})

	test('files beyond maxFiles are read past and counted, and later fields still arrive', async () => {
		const request = multipart([
			['images', file('1.png', 'one')],
			['images', file('2.png', 'two')],
			['images', file('3.png', 'three')],
			['after', 'yes'],
		])
		const result = await parseUploads(request, { onFile: readAll, maxFiles: 2, maxFileBytes: 1024 })
		expect(result.files.map((entry) => entry.fileName)).toEqual(['1.png', '2.png'])
		expect(result.skippedFiles).toBe(1)
		expect(result.fields.get('after')).toBe('yes')
	})

	test('a handler that stops reading early does not stop the form from being read', async () => {
		const request = multipart([
			['cv', file('cv.pdf', 'x'.repeat(500))],
			['after', 'yes'],
		])
		const result = await parseUploads(request, {
			onFile: async ({ stream }) => {
				const first = await stream[Symbol.asyncIterator]().next()
				return first.value?.byteLength ?? 0
			},
			maxFiles: 1,
			maxFileBytes: 1024,
		})
		expect(result.fields.get('after')).toBe('yes')
	})

	test('file names with ";", "=" and spaces arrive whole (browsers send them unescaped inside quotes)', async () => {
		const names = ['CV 2025; final.pdf', 'a;b.png', 'x=y.png', ' spaced name .pdf']
		const request = multipart([['notes', 'a; b=c'], ...names.map((name): [string, File] => ['files', file(name, 'x')])])
		const { fields, files } = await parseUploads(request, { onFile: readAll, maxFiles: 5, maxFileBytes: 10 })
		expect(files.map((uploaded) => uploaded.fileName)).toEqual(names)
		expect(fields.get('notes')).toBe('a; b=c')
	})

	test('a part whose Content-Disposition no browser would send (spaces to no end, over 8 KiB) is refused as unreadable', async () => {
		const boundary = '----callboard-test-boundary'
		for (const disposition of [`form-data; name=${' '.repeat(100_000)}"`, `form-data; name="notes"; filename="${'x'.repeat(9_000)}.pdf"`]) {
			const body = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\nvalue\r\n--${boundary}--\r\n`
			const request = new Request('http://localhost/x', { method: 'POST', headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` }, body })
			expect(await domainError(parseUploads(request, { onFile: readAll, maxFiles: 1, maxFileBytes: 10 }))).toBe('The upload could not be read. Please try again.')
		}
	})

	test('a file over maxFileBytes fails the form with the size message', async () => {
		const request = multipart([['cv', file('cv.pdf', new Uint8Array(3 * 1024 * 1024))]])
		expect(await domainError(parseUploads(request, { onFile: readAll, maxFiles: 1, maxFileBytes: 1024 * 1024 }))).toBe(
			'Each file must be at most 1 MB.',
		)
	})

	test('bad forms are client errors: not multipart, too many or too long fields, too much text, a NUL character', async () => {
		const urlencoded = new Request('http://localhost/x', { method: 'POST', body: new URLSearchParams({ a: '1' }) })
		expect(await domainError(parseUploads(urlencoded, { onFile: readAll, maxFiles: 1, maxFileBytes: 10 }))).toBe(
			'The form must be sent as multipart/form-data.',
		)
		expect(
			await domainError(parseUploads(multipart([['note', 'x'.repeat(50)]]), { onFile: readAll, maxFiles: 1, maxFileBytes: 10, maxFieldBytes: 20 })),
		).toBe('A form field is too long.')
		expect(
			await domainError(
				parseUploads(
					multipart([
						['a', '1'],
						['b', '2'],
					]),
					{ onFile: readAll, maxFiles: 1, maxFileBytes: 10, maxFields: 1 },
				),
			),
		).toBe('The form has too many fields.')
		// Each field within its limit, but all of them together over the form's.
		const manyFields = Array.from({ length: 5 }, (_, index): [string, string] => [`f${index}`, 'x'.repeat(100)])
		const options = { onFile: readAll, maxFiles: 1, maxFileBytes: 10, maxFieldBytes: 150, maxTotalFieldBytes: 450 }
		expect(await domainError(parseUploads(multipart(manyFields), options))).toBe('The form holds too much text.')
		expect((await parseUploads(multipart(manyFields.slice(0, 4)), options)).fields.get('f3')).toBe('x'.repeat(100))
		// PostgreSQL's text cannot hold NUL: refused here, not by the database with a 500.
		expect(await domainError(parseUploads(multipart([['notes', 'a\u0000b']]), { onFile: readAll, maxFiles: 1, maxFileBytes: 10 }))).toBe(
			'The form contains a character that cannot be stored (NUL).',
		)
	})

	test("onFile's domain errors reach the action as they are; its other errors are not disguised as bad input", async () => {
		const request = () => multipart([['cv', file('cv.pdf', 'x')]])
		const refused = parseUploads(request(), {
			onFile: async () => {
				throw new DomainError('INVALID', 'Only PDF files are allowed.')
			},
			maxFiles: 1,
			maxFileBytes: 10,
		})
		expect(await domainError(refused)).toBe('Only PDF files are allowed.')
		const broken = parseUploads(request(), {
			onFile: async () => {
				throw new Error('storage unreachable')
			},
			maxFiles: 1,
			maxFileBytes: 10,
		})
		await expect(broken).rejects.toThrow('storage unreachable')
	})
})
