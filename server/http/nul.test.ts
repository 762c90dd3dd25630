import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { containsNul, NUL_MESSAGES, rejectNulInUrl } from './nul.ts'

describe('containsNul', () => {
	test('finds a NUL in any string of a JSON value, keys included', () => {
		expect(containsNul('a\u0000b')).toBe(true)
		expect(containsNul({ notes: 'fine', files: [{ name: 'x\u0000.pdf' }] })).toBe(true)
		expect(containsNul({ 'k\u0000': 1 })).toBe(true)
		expect(containsNul({ notes: 'fine', files: [{ name: 'x.pdf', size: 3 }], draftId: null })).toBe(false)
		expect(containsNul('%00 and \\u0000 as text')).toBe(false)
		expect(containsNul(undefined)).toBe(false)
	})

	test('walks a deeply nested value without overflowing the stack', () => {
		let deep: unknown = 'end\u0000'
		for (let depth = 0; depth < 200_000; depth++) deep = [deep]
		expect(containsNul(deep)).toBe(true)
	})
})

describe('rejectNulInUrl', () => {
	let base: string
	let server: ReturnType<express.Express['listen']>

	beforeAll(async () => {
		const app = express()
		app.use(rejectNulInUrl)
		app.use((_req, res) => void res.send('through'))
		server = app.listen(0, '127.0.0.1')
		await new Promise((resolve) => server.once('listening', resolve))
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	})
	afterAll(() => new Promise((resolve) => server.close(resolve)))

	test('refuses %00 in the path or the query (400), and nothing else', async () => {
		for (const path of ['/portal/feed?location=%00', '/portal/feed?q=a%00b', '/portal/drafts/%00']) {
			const response = await fetch(`${base}${path}`)
			expect(response.status, path).toBe(400)
			expect(await response.text()).toBe(NUL_MESSAGES.url)
		}
		for (const path of ['/portal/feed?location=Lisbon', '/portal/feed?q=%2500', '/portal/feed?q=100%25']) {
			expect((await fetch(`${base}${path}`)).status, path).toBe(200)
		}
	})
})
