import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { DomainError } from '#server/domain/errors.ts'
import { minimalDocx, pngClaiming, tinyPng, zipOf } from '#tests/fixtures/files.ts'
import { createLocalStorage } from '#server/integrations/storage/local.ts'
import type { Storage } from '#server/integrations/storage/types.ts'
import { DOCX_TYPE } from './sniff.ts'
import { storeUpload } from './store-upload.ts'

const MB = 1024 * 1024
let root: string
let storage: Storage

beforeEach(async () => {
	root = await mkdtemp(path.join(tmpdir(), 'callboard-store-upload-'))
	storage = createLocalStorage(root)
})
afterEach(() => rm(root, { recursive: true, force: true }))

/** A PDF-looking upload of `size` bytes in 64 KiB chunks; `pulled` counts the chunks read from it. */
function pdfUpload(size: number) {
	const state = { pulled: 0 }
	async function* chunks() {
		for (let sent = 0; sent < size; sent += 65_536) {
			state.pulled++
			const chunk = Buffer.alloc(Math.min(65_536, size - sent), 0x20)
			if (sent === 0) chunk.write('%PDF-1.7')
			yield chunk
		}
	}
	return { stream: chunks(), state, chunkCount: Math.ceil(size / 65_536) }
}

async function filesUnder(dir: string): Promise<string[]> {
	const entries = await readdir(dir, { recursive: true, withFileTypes: true })
	return entries.filter((entry) => entry.isFile()).map((entry) => entry.name)
}

async function domainError(promise: Promise<unknown>) {
	const error = await promise.then(
		() => null,
		(reason: unknown) => reason,
	)
	expect(error).toBeInstanceOf(DomainError)
	return { code: (error as DomainError).code, message: (error as DomainError).message }
}

describe('storeUpload', () => {
	test('streams an allowed file into storage under a key carrying the sniffed extension', async () => {
		const { stream } = pdfUpload(200_000)
		const result = await storeUpload(
			{ storage },
			{ key: (type) => `user-assets/u1/cv/1_a.${type === 'application/pdf' ? 'pdf' : 'bin'}`, stream, allowedTypes: ['application/pdf'], maxBytes: MB },
		)
		expect(result).toEqual({ key: 'user-assets/u1/cv/1_a.pdf', contentType: 'application/pdf', size: 200_000 })
		const stored = await storage.get(result.key)
		expect(stored).toMatchObject({ contentType: 'application/pdf', size: 200_000 })
		expect((await text(stored!.body)).startsWith('%PDF-1.7')).toBe(true)
	})

	test('sniffs across small first chunks', async () => {
		async function* trickle() {
			for (const byte of Buffer.from('%PDF-1.7 tiny')) yield Buffer.from([byte])
		}
		const result = await storeUpload({ storage }, { key: 'k/a.pdf', stream: trickle(), allowedTypes: ['application/pdf'], maxBytes: MB })
		expect(result).toMatchObject({ contentType: 'application/pdf', size: 13 })
	})

	test('refuses a file whose content is not an allowed type, whatever its name, and stores nothing', async () => {
		async function* png() {
			yield Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
		}
		async function* script() {
			yield Buffer.from('#!/bin/sh\nrm -rf /')
		}
		expect(await domainError(storeUpload({ storage }, { key: 'k/a.pdf', stream: png(), allowedTypes: ['application/pdf'], maxBytes: MB }))).toEqual({
			code: 'INVALID',
			message: 'Only PDF files are allowed.',
		})
		expect(
			await domainError(
				storeUpload(
					{ storage },
					{ key: 'k/b.pdf', stream: script(), fileName: 'cv.pdf', allowedTypes: ['image/jpeg', 'image/png', 'application/pdf'], maxBytes: MB },
				),
			),
		).toEqual({ code: 'INVALID', message: 'Only JPG, PNG, or PDF files are allowed.' })
		expect(await filesUnder(root)).toEqual([])
	})

	test('cuts off a file over the limit without reading the rest, and leaves nothing behind', async () => {
		const upload = pdfUpload(3 * MB)
		expect(
			await domainError(storeUpload({ storage }, { key: 'k/big.pdf', stream: upload.stream, allowedTypes: ['application/pdf'], maxBytes: MB })),
		).toEqual({ code: 'INVALID', message: 'Each file must be at most 1 MB.' })
		expect(upload.state.pulled).toBeLessThan(upload.chunkCount)
		expect(await filesUnder(root)).toEqual([])
		expect(await storage.get('k/big.pdf')).toBeNull()
	})

	test('deletes the partial object when the store kept one', async () => {
		// A store that writes as it goes and keeps whatever arrived before the body failed.
		const objects = new Map<string, Buffer>()
		const leaky: Storage = {
			kind: 'local',
			async put(key, body) {
				const chunks: Buffer[] = []
				for await (const chunk of body) {
					chunks.push(chunk as Buffer)
					objects.set(key, Buffer.concat(chunks))
				}
				return { size: objects.get(key)?.length ?? 0 }
			},
			get: async () => null,
			async delete(key) {
				objects.delete(key)
			},
		}
		const upload = pdfUpload(2 * MB)
		expect(
			await domainError(storeUpload({ storage: leaky }, { key: 'k/leak.pdf', stream: upload.stream, allowedTypes: ['application/pdf'], maxBytes: MB })),
		).toEqual({ code: 'INVALID', message: 'Each file must be at most 1 MB.' })
		expect(objects.has('k/leak.pdf')).toBe(false)
	})

	test('an exact-size file is accepted', async () => {
		const upload = pdfUpload(MB)
		await expect(storeUpload({ storage }, { key: 'k/exact.pdf', stream: upload.stream, allowedTypes: ['application/pdf'], maxBytes: MB })).resolves.toMatchObject({
			size: MB,
		})
	})

	test('stores a .docx only when it is a Word document, deleting anything else that ends in .docx', async () => {
		async function* inChunks(bytes: Buffer) {
			for (let at = 0; at < bytes.length; at += 100) yield bytes.subarray(at, at + 100)
		}
		const upload = (key: string, bytes: Buffer) =>
			storeUpload({ storage }, { key, stream: inChunks(bytes), fileName: 'cv.docx', allowedTypes: ['application/pdf', DOCX_TYPE], maxBytes: MB })
		const docx = minimalDocx()
		expect(await upload('k/cv.docx', docx)).toEqual({ key: 'k/cv.docx', contentType: DOCX_TYPE, size: docx.length })

		for (const [key, bytes] of [
			['k/bare.docx', zipOf({ 'notes.txt': 'a zip, not a document' })],
			['k/cut.docx', docx.subarray(0, docx.length - 20)],
			['k/thirteen.docx', Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(9)])],
		] as const) {
			expect(await domainError(upload(key, bytes))).toEqual({ code: 'INVALID', message: 'Only PDF or DOCX files are allowed.' })
			expect(await storage.get(key)).toBeNull()
		}
		expect((await filesUnder(root)).filter((name) => !name.endsWith('.json'))).toEqual(['cv.docx'])
	})

	test('an image of more than 100 megapixels is refused with its size, and nothing is kept', async () => {
		const upload = (bytes: Buffer) =>
			storeUpload({ storage }, { key: 'user-assets/u1/images/a.png', stream: (async function* () { yield bytes })(), allowedTypes: ['image/png'], maxBytes: MB })
		expect(await domainError(upload(pngClaiming(30_000, 30_000)))).toEqual({
			code: 'INVALID',
			message: 'The image is too large (30,000 × 30,000 pixels): at most 100 megapixels.',
		})
		expect(await filesUnder(root)).toEqual([])
		// At the limit, and an ordinary one, are kept.
		await expect(upload(pngClaiming(10_000, 10_000))).resolves.toMatchObject({ contentType: 'image/png' })
		await expect(upload(tinyPng())).resolves.toMatchObject({ contentType: 'image/png' })
	})
})
