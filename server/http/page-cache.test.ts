import { get as httpGet } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, test } from 'vitest'
import { createPageCache } from './page-cache.ts'

describe('createPageCache', () => {
	const servers: ReturnType<express.Express['listen']>[] = []
	afterEach(() =>
		Promise.all(
			servers.splice(0).map((server) => {
				server.closeAllConnections()
				return new Promise((resolve) => server.close(resolve))
			}),
		),
	)

	/**
	 * What a render does, given its number (1 for the first): renders the page to be kept, renders it
	 * with a cookie (so it is not kept), or fails. It may wait first.
	 */
	type Render = (count: number) => Promise<'keep' | 'set-cookie' | 'fail'>

	/** A server that keeps `/` (rendered with the nonce it was given) and counts its requests and renders. */
	async function start({
		compress = true,
		render = async () => 'keep',
		...options
	}: { compress?: boolean; render?: Render; maxEntries?: number; fillWaitMs?: number } = {}) {
		const cache = createPageCache({ paths: ['/'], secret: 'test-secret', buildVersion: 'v1', compress, ...options })
		const rendered = { count: 0, requests: 0 }
		const app = express()
		app.use((_req, _res, next) => {
			rendered.requests++
			next()
		})
		app.use(cache.lookup)
		app.use(cache.serve)
		app.use(async (req, res, next) => {
			const outcome = await render(++rendered.count)
			if (outcome === 'fail') return next(new Error('the render failed'))
			const html = `<!DOCTYPE html><html><body>${'<p class="lead">An open call for artists</p>'.repeat(100)}<script nonce="${res.locals.cspNonce}"></script></body></html>`
			const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=60' })
			if (outcome === 'set-cookie') headers.set('Set-Cookie', 'cb_toast=hello')
			const response = new Response(html, { headers })
			if (!(await cache.storeAndSend(req, res, response))) res.status(200).type('html').send(html)
		})
		// The failed render's answer.
		app.use(((_error, _req, res, _next) => res.status(500).end()) satisfies express.ErrorRequestHandler)
		const server = app.listen(0, '127.0.0.1')
		servers.push(server)
		await new Promise((resolve) => server.once('listening', resolve))
		return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, rendered }
	}

	const get = (url: string, acceptEncoding: string) => fetch(url, { headers: { 'Accept-Encoding': acceptEncoding } })

	test('sends a kept page in brotli or gzip as the client weighs them, plain to the rest, rendering it once', async () => {
		const { origin, rendered } = await start()
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

	/** Holds renders until `count` requests have reached the watched server: all arrive before any render ends. */
	function allArrived(count: number) {
		let rendered = { requests: 0 }
		return {
			watch(server: { requests: number }) {
				rendered = server
			},
			wait: () =>
				new Promise<void>((resolve) => {
					const look = () => (rendered.requests >= count ? resolve() : setTimeout(look, 5))
					look()
				}),
		}
	}

	test("a period's first visitors arriving together wait for one render and one compression", async () => {
		const arrived = allArrived(8)
		const server = await start({
			render: async () => {
				await arrived.wait()
				return 'keep'
			},
		})
		arrived.watch(server.rendered)
		const answers = await Promise.all(Array.from({ length: 8 }, () => get(`${server.origin}/`, 'gzip, deflate, br')))
		const bodies = await Promise.all(answers.map((answer) => answer.text()))

		expect(server.rendered.count).toBe(1)
		expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200))
		expect(new Set(bodies).size).toBe(1)
		expect(new Set(answers.map((answer) => answer.headers.get('etag'))).size).toBe(1)
	})

	test('visitors waiting for a render that is not kept, or fails, are each given the page rendered for them', async () => {
		for (const first of ['set-cookie', 'fail'] as const) {
			const arrived = allArrived(4)
			const server = await start({
				render: async (count) => {
					if (count > 1) return 'keep'
					await arrived.wait()
					return first
				},
			})
			arrived.watch(server.rendered)
			const answers = await Promise.all(Array.from({ length: 4 }, () => get(`${server.origin}/`, 'gzip')))

			expect(answers.map((answer) => answer.status).sort(), first).toEqual(first === 'fail' ? [200, 200, 200, 500] : [200, 200, 200, 200])
			for (const answer of answers) if (answer.ok) expect(await answer.text()).toContain('An open call for artists')
		}
	})

	test('an address with a query is rendered for each request and never pushes out the kept page', async () => {
		const { origin, rendered } = await start({ maxEntries: 1 })
		await get(`${origin}/`, 'gzip')
		for (const query of ['?utm_source=newsletter', '?utm_source=newsletter', '?r=1']) {
			const answer = await get(`${origin}/${query}`, 'gzip')
			expect(answer.status, query).toBe(200)
		}
		expect(rendered.count).toBe(4)
		await get(`${origin}/`, 'gzip')
		expect(rendered.count).toBe(4)
	})

	/** A request its client can abandon. */
	function leavable(url: string) {
		const client = new AbortController()
		const answer = fetch(url, { headers: { 'Accept-Encoding': 'gzip' }, signal: client.signal })
		answer.catch(() => {})
		return { answer, leave: () => client.abort() }
	}

	test('visitors who leave while waiting for a fill that is not kept have nothing rendered for them', async () => {
		const arrived = allArrived(4)
		const server = await start({
			render: async (count) => {
				if (count > 1) return 'keep'
				await arrived.wait()
				// The waiters leave before the fill ends.
				for (const waiter of waiters) waiter.leave()
				await new Promise((resolve) => setTimeout(resolve, 50))
				return 'set-cookie'
			},
		})
		arrived.watch(server.rendered)
		const filler = get(`${server.origin}/`, 'gzip')
		const waiters = Array.from({ length: 3 }, () => leavable(`${server.origin}/`))

		expect((await filler).status).toBe(200)
		await new Promise((resolve) => setTimeout(resolve, 100))
		expect(server.rendered.count).toBe(1)
	})

	test('when the visitor filling a page leaves, one of those waiting fills it for the rest', async () => {
		const arrived = allArrived(5)
		let abandon = () => {}
		const server = await start({
			render: async (count) => {
				if (count === 1) {
					await arrived.wait()
					abandon()
					await new Promise((resolve) => setTimeout(resolve, 50))
				}
				return 'keep'
			},
		})
		arrived.watch(server.rendered)
		const filler = leavable(`${server.origin}/`)
		abandon = filler.leave
		const answers = await Promise.all(Array.from({ length: 4 }, () => get(`${server.origin}/`, 'gzip')))

		expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
		// The first render, and one more for the four who waited: not one each.
		expect(server.rendered.count).toBe(2)
	})

	test('visitors wait for a fill a limited time, then render the page for themselves', async () => {
		let unstick = () => {}
		const stuck = new Promise<void>((resolve) => (unstick = resolve))
		const server = await start({
			fillWaitMs: 100,
			render: async (count) => {
				if (count === 1) await stuck
				return 'keep'
			},
		})
		const first = get(`${server.origin}/`, 'gzip')
		await new Promise((resolve) => setTimeout(resolve, 20))
		const answers = await Promise.all(Array.from({ length: 3 }, () => get(`${server.origin}/`, 'gzip')))

		expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
		expect(server.rendered.count).toBe(4)
		unstick()
		expect((await first).status).toBe(200)
	})
})
