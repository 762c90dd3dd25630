import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'

test.describe('security headers and health', () => {
	test('every page carries a nonce-based CSP that its scripts match', async ({ request, page }, testInfo) => {
		const response = await request.get('/')
		const headers = response.headers()
		const csp = headers['content-security-policy'] ?? ''
		const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
		expect(nonce).toBeTruthy()
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
		const again = (await request.get('/')).headers()['content-security-policy']
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

// These start servers of their own; they need no browser, so they run once.
test.describe('server lifecycle', () => {
	test.beforeEach((_fixtures, testInfo) => {
		test.skip(testInfo.project.name !== 'js', 'process lifecycle is browser-independent')
	})
	test.describe.configure({ timeout: 120_000 })

	const root = path.resolve(import.meta.dirname, '..', '..')
	const dataDir = path.join(root, 'data', 'e2e-lifecycle')
	const port = 3190

	function startServer(): ChildProcess {
		return spawn(process.execPath, [path.join(root, 'server-build/index.js')], {
			cwd: root,
			stdio: ['ignore', 'pipe', 'pipe'],
			env: {
				...process.env,
				NODE_ENV: 'production',
				PORT: String(port),
				APP_URL: `http://localhost:${port}`,
				DATA_DIR: dataDir,
				DATABASE_URL: '',
				EMBEDDED_DATABASE_PORT: '54490',
				SESSION_SECRET: 'lifecycle-secret-that-is-long-enough-0123456789',
				LOG_LEVEL: 'info',
			},
		})
	}

	async function waitUntilReady(server: ChildProcess) {
		const deadline = Date.now() + 90_000
		while (Date.now() < deadline) {
			if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`)
			try {
				const response = await fetch(`http://localhost:${port}/readyz`)
				if (response.ok) return
			} catch {
				// not listening yet
			}
			await new Promise((resolve) => setTimeout(resolve, 200))
		}
		throw new Error('server did not become ready')
	}

	function exited(server: ChildProcess) {
		return new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
			server.once('exit', (code, signal) => resolve({ code, signal })),
		)
	}

	function postmasterPid() {
		const file = path.join(dataDir, 'postgres', 'postmaster.pid')
		return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : null
	}

	function isAlive(pid: number) {
		try {
			process.kill(pid, 0)
			return true
		} catch {
			return false
		}
	}

	test.beforeAll(() => rmSync(dataDir, { recursive: true, force: true }))
	test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

	test('first start seeds demo data and prints a one-time setup link; SIGTERM stops server and database', async () => {
		const server = startServer()
		let output = ''
		server.stdout?.on('data', (chunk) => (output += chunk))
		await waitUntilReady(server)
		const feed = await fetch(`http://localhost:${port}/`)
		expect(feed.status).toBe(200)
		expect(output).toMatch(/"setupUrl":"http:\/\/localhost:3190\/setup\?token=[\w-]+"/)
		expect(output).toMatch(/demo data loaded/)

		const pid = postmasterPid()
		expect(pid).not.toBeNull()
		const exit = exited(server)
		server.kill('SIGTERM')
		expect(await exit).toEqual({ code: 0, signal: null })
		expect(isAlive(pid!)).toBe(false)
	})

	test('a start after SIGKILL clears the orphaned database and works, without seeding twice', async () => {
		const first = startServer()
		await waitUntilReady(first)
		const orphan = postmasterPid()
		const killed = exited(first)
		first.kill('SIGKILL')
		await killed
		expect(isAlive(orphan!)).toBe(true)

		const second = startServer()
		let output = ''
		second.stdout?.on('data', (chunk) => (output += chunk))
		await waitUntilReady(second)
		expect(isAlive(orphan!)).toBe(false)
		expect(output).not.toMatch(/demo data loaded/)
		const exit = exited(second)
		second.kill('SIGINT')
		expect((await exit).code).toBe(0)
	})
})
