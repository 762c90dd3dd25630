import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { compressWhole, documentEncoding, ON_LOOP_MAX_BYTES } from './whole-body.ts'

const asked = (acceptEncoding?: string) => documentEncoding({ headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } })

describe('documentEncoding', () => {
	test('brotli to a browser that takes both, gzip to a client that takes only gzip, plain to the rest', () => {
		expect(asked('gzip, deflate, br, zstd')).toBe('br')
		expect(asked('br')).toBe('br')
		expect(asked('gzip, deflate')).toBe('gzip')
		expect(asked(undefined)).toBeNull()
		expect(asked('')).toBeNull()
		expect(asked('identity')).toBeNull()
		expect(asked('deflate')).toBeNull()
	})

	test('follows what the client weighs: a refused or lesser brotli gives gzip; any encoding gives brotli', () => {
		expect(asked('gzip, br;q=0')).toBe('gzip')
		expect(asked('br;q=0.1, gzip')).toBe('gzip')
		expect(asked('br;q=0.1, identity')).toBeNull()
		expect(asked('br;q=0.5, gzip;q=0.2')).toBe('br')
		expect(asked('*')).toBe('br')
		expect(asked('*;q=0')).toBeNull()
	})
})

test('a document compressed whole decodes to the same bytes, in either encoding', async () => {
	const body = Buffer.from(`<!DOCTYPE html><html><body>${'<article class="card">An open call for artists — résidence</article>'.repeat(200)}</body></html>`)
	expect(brotliDecompressSync(await compressWhole(body, 'br')).equals(body)).toBe(true)
	expect(gunzipSync(await compressWhole(body, 'gzip')).equals(body)).toBe(true)
	expect((await compressWhole(body, 'br')).length).toBeLessThan(body.length / 5)
})

describe('a document of megabytes', () => {
	// A draft of long answers: its text is in the markup and again in the loader data.
	const answer = (n: number) => `<p>Answer ${n}: ${Array.from({ length: 2_000 }, (_, word) => `word${(n * 7919 + word * 104729) % 100_003}`).join(' ')}</p>`
	const body = Buffer.from(`<!DOCTYPE html><html><body>${Array.from({ length: 150 }, (_, n) => answer(n)).join('')}</body></html>`)

	test.each(['br', 'gzip'] as const)('is compressed in %s off the event loop: other requests go on meanwhile', async (encoding) => {
		expect(body.length).toBeGreaterThan(4 * ON_LOOP_MAX_BYTES)
		const order: string[] = []
		const compressed = compressWhole(body, encoding).then((result) => {
			order.push('compressed')
			return result
		})
		setImmediate(() => order.push('another request'))
		const result = await compressed
		expect(order).toEqual(['another request', 'compressed'])
		expect((encoding === 'br' ? brotliDecompressSync(result) : gunzipSync(result)).equals(body)).toBe(true)
	})

	test('a page of usual size is compressed at once, on the loop', async () => {
		const page = body.subarray(0, ON_LOOP_MAX_BYTES)
		const order: string[] = []
		setImmediate(() => order.push('another request'))
		await compressWhole(page, 'br')
		order.push('compressed')
		expect(order[0]).toBe('compressed')
	})
})
