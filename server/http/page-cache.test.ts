import { get as httpGet } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, test } from 'vitest'
import { createPageCache } from './page-cache.ts'

describe('createPageCache', () => {
	let server: ReturnType<express.Express['listen']> | undefined
	afterEach(() => {
		server?.closeAllConnections()
		return new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
	})

	/** A server that keeps `/` (rendered with the nonce it was given) and counts its renders. */
	async function start({ compress }: { compress: boolean }) {
		const cache = createPageCache({ paths: ['/'], secret: 'test-secret', buildVersion: 'v1', compress })
		const rendered = { count: 0 }
		const app = express()
		app.use(cache.lookup)
		app.use(cache.serve)
		app.use(async (req, res) => {
			rendered.count++
			const html = `<!DOCTYPE html><html><body>${'<p class="lead">An open call for artists</p>'.repeat(100)}<script nonce="${res.locals.cspNonce}"></script></body></html>`
			const response = new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=60' } })
			if (!(await cache.storeAndSend(req, res, response))) res.status(500).end()
		})
		server = app.listen(0, '127.0.0.1')
		await new Promise((resolve) => server!.once('listening', resolve))
		return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, rendered }
	}

	const get = (url: string, acceptEncoding: string) => fetch(url, { headers: { 'Accept-Encoding': acceptEncoding } })

	test('sends a kept page in brotli or gzip as the client weighs them, plain to the rest, rendering it once', async () => {
		const { origin, rendered } = await start({ compress: true })
		const browser = await get(`${origin}/`, 'gzip, deflate, br')
		const gzipped = await get(`${origin}/`, 'gzip')
		const plain = await get(`${origin}/`, 'identity')

		expect(browser.headers.get('content-encoding')).toBe('br')
		expect(gzipped.headers.get('content-encoding')).toBe('gzip')
		expect(plain.headers.get('content-encoding')).toBeNull()
		expect(Number(browser.headers.get('content-length'))).toBeLessThan(Number(gzipped.headers.get('content-length')))
		expect(Number(gzipped.headers.get('content-length'))).toBeLessThan(1_000)
		const text = await plain.text()
		expect(await browser.text()).toBe(text)
		expect(await gzipped.text()).toBe(text)
		expect(rendered.count).toBe(1)

		// Each encoding is a representation with its own validator, and each revalidates with 304.
		const tags = [plain, gzipped, browser].map((response) => response.headers.get('etag')!)
		expect(new Set(tags).size).toBe(3)
		for (const [response, acceptEncoding] of [[plain, 'identity'], [gzipped, 'gzip'], [browser, 'gzip, deflate, br']] as const) {
			const status = await new Promise((resolve, reject) =>
				httpGet(`${origin}/`, { headers: { 'If-None-Match': response.headers.get('etag')!, 'Accept-Encoding': acceptEncoding } }, (res) => resolve(res.resume().statusCode)).on('error', reject),
			)
			expect(status, acceptEncoding).toBe(304)
		}
	})

	test('with compression left to a proxy (COMPRESSION=off), sends the kept page plain even to clients that take gzip', async () => {
		const { origin, rendered } = await start({ compress: false })
		const first = await get(`${origin}/`, 'gzip')
		const second = await get(`${origin}/`, 'gzip, deflate, br')

		for (const response of [first, second]) {
			expect(response.headers.get('content-encoding')).toBeNull()
			expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(await response.text())))
		}
		expect(rendered.count).toBe(1)
		// Revalidation still answers 304 from the kept page (node:http: fetch would add no-cache).
		const status = await new Promise((resolve, reject) =>
			httpGet(`${origin}/`, { headers: { 'If-None-Match': first.headers.get('etag')! } }, (res) => resolve(res.resume().statusCode)).on('error', reject),
		)
		expect(status).toBe(304)
	})
})
