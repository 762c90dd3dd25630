import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sendRaw } from '#tests/raw-http.ts'
import { dropUntrustedForwardedHost, SAME_ORIGIN_MESSAGES, sameOriginWrites } from './security.ts'

const APP_URL = 'https://callboard.example'

/** The app behind `trustProxy` proxies; answers with the X-Forwarded-Host that reached it. */
async function serve(trustProxy: number) {
	const app = express()
	app.set('trust proxy', trustProxy)
	app.use(dropUntrustedForwardedHost)
	app.use(sameOriginWrites({ APP_URL }))
	app.use((req, res) => void res.type('text/plain').send(req.get('x-forwarded-host') ?? '-'))
	const server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	return { server, origin: { host: '127.0.0.1', port: (server.address() as AddressInfo).port } }
}

const post = (target: { host: string; port: number }, headers: string[]) =>
	sendRaw(target, ['POST /signin HTTP/1.1', 'Content-Length: 0', ...headers])

describe('sameOriginWrites', () => {
	let direct: Awaited<ReturnType<typeof serve>>
	let proxied: Awaited<ReturnType<typeof serve>>

	beforeAll(async () => {
		direct = await serve(0)
		proxied = await serve(1)
	})
	afterAll(async () => {
		await new Promise((resolve) => direct.server.close(resolve))
		await new Promise((resolve) => proxied.server.close(resolve))
	})

	test("lets through a post from the app's own origin to its own host, and one without Origin", async () => {
		expect((await post(direct.origin, [`Origin: ${APP_URL}`, 'Host: callboard.example'])).status).toBe(200)
		expect((await post(direct.origin, ['Host: backend:3000'])).status).toBe(200)
	})

	test('refuses a post from another site', async () => {
		const answer = await post(direct.origin, ['Origin: https://evil.example', 'Host: callboard.example'])
		expect(answer.status).toBe(403)
		expect(answer.body).toBe(SAME_ORIGIN_MESSAGES.crossSite)
	})

	test('refuses a post without Origin whose Referer or Sec-Fetch-Site says it came from another site', async () => {
		for (const headers of [['Referer: https://evil.example/x'], ['Sec-Fetch-Site: cross-site'], ['Referer: not a url']]) {
			const answer = await post(direct.origin, ['Host: callboard.example', ...headers])
			expect(answer.status, headers.join()).toBe(403)
			expect(answer.body).toBe(SAME_ORIGIN_MESSAGES.crossSite)
		}
		// Its own pages as Referer, or a same-origin fetch, are let through.
		for (const headers of [[`Referer: ${APP_URL}/portal/feed`], ['Referer: http://callboard.example/signin'], ['Sec-Fetch-Site: same-origin']]) {
			expect((await post(direct.origin, ['Host: callboard.example', ...headers])).status, headers.join()).toBe(200)
		}
	})

	test('refuses (403, not Remix’s 500) a post whose Host a proxy rewrote without passing the original', async () => {
		const answer = await post(direct.origin, [`Origin: ${APP_URL}`, 'Host: backend:3000'])
		expect(answer.status).toBe(403)
		expect(answer.body).toBe(SAME_ORIGIN_MESSAGES.hostMismatch)
	})

	test('takes the original host from X-Forwarded-Host only from a trusted proxy', async () => {
		const forwarded = [`Origin: ${APP_URL}`, 'Host: backend:3000', 'X-Forwarded-Host: callboard.example', 'X-Forwarded-Proto: https']
		const trusted = await post(proxied.origin, forwarded)
		expect(trusted.status).toBe(200)
		expect(trusted.body).toBe('callboard.example')
		expect((await post(direct.origin, forwarded)).status).toBe(403)
	})

	test('removes an untrusted X-Forwarded-Host, so Remix compares with the real Host', async () => {
		const answer = await post(direct.origin, [`Origin: ${APP_URL}`, 'Host: callboard.example', 'X-Forwarded-Host: evil.example'])
		expect(answer.status).toBe(200)
		expect(answer.body).toBe('-')
	})
})
