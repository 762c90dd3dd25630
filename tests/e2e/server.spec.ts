import { rmSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { isAlive, OwnServer } from './support/own-server.ts'

test.describe('security headers and health', () => {
	test('every page carries a nonce-based CSP that its scripts match', async ({ request, page }, testInfo) => {
		// A page rendered for each request (public pages kept rendered are in caching.spec.ts).
		const response = await request.get('/forgot-password')
		const headers = response.headers()
		const csp = headers['content-security-policy'] ?? ''
		const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
		expect(nonce).toMatch(/^[A-Za-z0-9+\/]{22}==$/)
		expect(csp).toContain("frame-ancestors 'none'")
		expect(csp).toContain("object-src 'none'")
		expect(headers['x-content-type-options']).toBe('nosniff')
		expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
		expect(headers['x-request-id']).toMatch(/^[\w-]{8,}$/)

		const html = await response.text()
		const scriptNonces = [...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((match) => match[1])
		expect(scriptNonces.length).toBeGreaterThan(0)
		expect(new Set(scriptNonces)).toEqual(new Set([nonce]))

		// A second response gets a different nonce.
		const again = (await request.get('/forgot-password')).headers()['content-security-policy']
		expect(again).not.toBe(csp)

		// With JavaScript the page hydrates under that policy without violations.
		if (testInfo.project.name === 'js') {
			const violations: string[] = []
			page.on('console', (message) => {
				if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
			})
			await page.goto('/')
			await page.waitForLoadState('networkidle')
			expect(violations).toEqual([])
		}
	})

	test('health and readiness', async ({ request }) => {
		expect(await (await request.get('/healthz')).json()).toEqual({ status: 'ok' })
		const ready = await request.get('/readyz')
		expect(ready.status()).toBe(200)
		expect(await ready.json()).toEqual({ status: 'ready' })
	})

	test('a cross-site form post is refused', async ({ request }) => {
		const response = await request.post('/pricing', {
			headers: { Origin: 'https://evil.example' },
			form: { intent: 'upgrade' },
			maxRedirects: 0,
		})
		expect(response.status()).toBe(403)
	})
})

// These start servers of their own and need no browser, so they run in the js project only.
test.describe('server lifecycle', { tag: '@js-only' }, () => {
	test.describe.configure({ mode: 'serial' })
	const server = new OwnServer(3190, 'lifecycle')
	const second = new OwnServer(3191, 'lifecycle-second')

	test.beforeAll(() => rmSync(server.dataDir, { recursive: true, force: true }))
	test.afterAll(async () => {
		await second.stop('SIGKILL')
		await server.stop('SIGKILL')
		rmSync(server.dataDir, { recursive: true, force: true })
		rmSync(second.dataDir, { recursive: true, force: true })
	})

	test('first start seeds demo data and prints a setup link; SIGTERM stops server and database', async () => {
		server.start()
		await server.waitUntilReady()
		expect((await fetch(server.url)).status).toBe(200)
		expect(server.setupLink()).toMatch(/^http:\/\/localhost:3190\/setup\?token=[\w-]{40,}$/)
		expect(server.output).toMatch(/demo data loaded/)

		const postmaster = server.postmasterPid()
		expect(postmaster).not.toBeNull()
		expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null })
		expect(isAlive(postmaster!)).toBe(false)
	})

	test('Ctrl-C (SIGINT to the whole process group, its database too) stops cleanly: no warning or error logged', async () => {
		server.start({}, { ownGroup: true })
		await server.waitUntilReady()
		const before = server.output.length
		expect(await server.interrupt()).toBe(0)
		const logged = server.output
			.slice(before)
			.split('\n')
			.filter(Boolean)
			.map((line) => JSON.parse(line) as { level: number; msg: string })
		expect(logged.filter((line) => line.level >= 40).map((line) => line.msg)).toEqual([])
		expect(logged.at(-1)?.msg).toBe('stopped')
	})

	test('a start after SIGKILL clears the orphaned database and works, without seeding twice', async () => {
		server.start()
		await server.waitUntilReady()
		const orphan = server.postmasterPid()
		await server.stop('SIGKILL')
		expect(isAlive(orphan!)).toBe(true)

		server.start()
		await server.waitUntilReady()
		expect(isAlive(orphan!)).toBe(false)
		expect(server.output).not.toMatch(/demo data loaded/)
		expect((await server.stop('SIGINT'))?.code).toBe(0)
	})

	test('with DATABASE_URL a second app process uses that server and shares its data', async () => {
		server.start()
		await server.waitUntilReady()
		second.start({ DATABASE_URL: server.databaseUrl })
		await second.waitUntilReady()
		expect(second.output).toContain('"database":"127.0.0.1:23190/callboard"')
		expect(second.output).not.toMatch(/demo data loaded|applied migration/)
		const [a, b] = await Promise.all([fetch(server.url), fetch(second.url)])
		expect([a.status, b.status]).toEqual([200, 200])
		expect((await second.stop('SIGTERM'))?.code).toBe(0)
		// Stopping the second process leaves the first one's database running.
		expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
		expect((await server.stop('SIGTERM'))?.code).toBe(0)
	})
})
