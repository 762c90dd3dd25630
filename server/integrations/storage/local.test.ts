import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createLocalStorage } from './local.ts'

let root: string
beforeEach(async () => {
	root = await mkdtemp(path.join(tmpdir(), 'callboard-uploads-'))
})
afterEach(() => rm(root, { recursive: true, force: true }))

test('stores under root/key and reads back the body, type and size; delete removes it', async () => {
	const storage = createLocalStorage(root)
	const key = 'user-assets/u1/cv/1_a.pdf'
	expect(await storage.put(key, Readable.from([Buffer.from('%PDF-'), Buffer.from('1.7')]), { contentType: 'application/pdf' })).toEqual({
		size: 8,
	})
	expect(await readdir(path.join(root, 'user-assets/u1/cv'))).toEqual(['1_a.pdf'])

	const object = await storage.get(key)
	expect(object).toMatchObject({ contentType: 'application/pdf', size: 8 })
	expect(await text(object!.body)).toBe('%PDF-1.7')

	await storage.delete(key)
	await storage.delete(key)
	expect(await storage.get(key)).toBeNull()
})

test('a failing body leaves neither the object nor a partial file', async () => {
	const storage = createLocalStorage(root)
	const failing = Readable.from(
		(function* () {
			yield Buffer.from('%PDF-')
			throw new Error('client went away')
		})(),
	)
	await expect(storage.put('user-assets/u1/cv/2_b.pdf', failing, { contentType: 'application/pdf' })).rejects.toThrow('client went away')
	expect(await readdir(path.join(root, 'user-assets/u1/cv'))).toEqual([])
	expect(await storage.get('user-assets/u1/cv/2_b.pdf')).toBeNull()
})

test('refuses keys that would leave the root or hide files', async () => {
	const storage = createLocalStorage(root)
	for (const key of ['../escape.txt', '/etc/passwd', 'a/../../b', 'a/./b', '.meta/x', 'a\\b', 'a%2f..']) {
		await expect(storage.put(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain' })).rejects.toThrow('Invalid storage key')
	}
	expect(await readdir(root)).toEqual([])
})
