import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { assertStorageKey } from './keys.ts'
import type { Storage } from './types.ts'

const META_DIR = '.meta'
const DEFAULT_CONTENT_TYPE = 'application/octet-stream'

/**
 * Files on local disk: the object of `key` at `root/key`, its content type in
 * `root/.meta/key.json`. Keys are validated (assertStorageKey), so every path
 * stays under `root`.
 */
export function createLocalStorage(root: string): Storage {
	const fileOf = (key: string) => {
		assertStorageKey(key)
		return path.join(root, key)
	}
	const metaOf = (key: string) => path.join(root, META_DIR, `${key}.json`)

	return {
		kind: 'local',

		async put(key, body, { contentType }) {
			const file = fileOf(key)
			await mkdir(path.dirname(file), { recursive: true })
			await mkdir(path.dirname(metaOf(key)), { recursive: true })
			// Streamed to a hidden partial file and renamed once complete: readers
			// never see half an object, and a failed upload leaves nothing behind.
			const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`)
			let size = 0
			const counter = new Transform({
				transform(chunk: Buffer, _encoding, callback) {
					size += chunk.length
					callback(null, chunk)
				},
			})
			try {
				await pipeline(body, counter, createWriteStream(partial))
				await writeFile(metaOf(key), JSON.stringify({ contentType }))
				await rename(partial, file)
			} catch (error) {
				await rm(partial, { force: true })
				throw error
			}
			return { size }
		},

		async get(key) {
			let handle
			try {
				handle = await open(fileOf(key), 'r')
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
				throw error
			}
			try {
				// Size and stream come from one open file, so a concurrent delete cannot split them.
				const { size } = await handle.stat()
				return { body: handle.createReadStream() as Readable, contentType: await readContentType(metaOf(key)), size }
			} catch (error) {
				await handle.close()
				throw error
			}
		},

		async delete(key) {
			await rm(fileOf(key), { force: true })
			await rm(metaOf(key), { force: true })
		},
	}
}

async function readContentType(metaFile: string) {
	try {
		const meta = JSON.parse(await readFile(metaFile, 'utf8')) as { contentType?: unknown }
		return typeof meta.contentType === 'string' ? meta.contentType : DEFAULT_CONTENT_TYPE
	} catch {
		return DEFAULT_CONTENT_TYPE
	}
}
