import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { compressWhole, documentEncoding } from './whole-body.ts'

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

test('a document compressed whole decodes to the same bytes, in either encoding', () => {
	const body = Buffer.from(`<!DOCTYPE html><html><body>${'<article class="card">An open call for artists — résidence</article>'.repeat(200)}</body></html>`)
	expect(brotliDecompressSync(compressWhole(body, 'br')).equals(body)).toBe(true)
	expect(gunzipSync(compressWhole(body, 'gzip')).equals(body)).toBe(true)
	expect(compressWhole(body, 'br').length).toBeLessThan(body.length / 5)
})
