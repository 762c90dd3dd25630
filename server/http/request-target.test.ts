import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sendRaw } from '#tests/raw-http.ts'
import { REQUEST_TARGET_MESSAGES, rejectUnservableRequests } from './request-target.ts'

describe('rejectUnservableRequests', () => {
	let origin: { host: string; port: number }
	let server: ReturnType<express.Express['listen']>

	beforeAll(async () => {
		const app = express()
		app.use(rejectUnservableRequests)
		app.use((_req, res) => void res.type('text/plain').send('through'))
		server = app.listen(0, '127.0.0.1')
		await new Promise((resolve) => server.once('listening', resolve))
		origin = { host: '127.0.0.1', port: (server.address() as AddressInfo).port }
	})
	afterAll(() => new Promise((resolve) => server.close(resolve)))

	const get = (target: string, host: string, more: string[] = []) => sendRaw(origin, [`GET ${target} HTTP/1.1`, `Host: ${host}`, ...more])

	test.each([
		'localhost:3000',
		'LocalHost',
		'127.0.0.1:3000',
		'[::1]:3000',
		'[0:0:0:0:0:0:0:1]:3000',
		'[2001:0db8::1]',
		'callboard.example',
		'callboard.example:80',
		'callboard.example:',
		'callboard.example.',
		'xn--bcher-kva.example',
	])(
		'a request for / with Host %s goes through',
		async (host) => {
			const answer = await get('/portal/feed?page=2', host)
			expect(answer.status).toBe(200)
			expect(answer.body).toBe('through')
		},
	)

	test.each(['a b', 'localhost:99999', '[::1', 'ev%il', 'a<b', 'x@y', 'a/b', 'ünïcode', '0x7f.1', ':3000'])('a Host of %j is refused (400)', async (host) => {
		const answer = await get('/', host)
		expect(answer.status).toBe(400)
		expect(answer.body).toBe(REQUEST_TARGET_MESSAGES.host)
	})

	test('a forwarded host that is no host name is refused too; an empty one is no forwarded host', async () => {
		const answer = await get('/', 'localhost', ['X-Forwarded-Host: a b, localhost'])
		expect(answer.status).toBe(400)
		expect((await get('/', 'localhost', ['X-Forwarded-Host: '])).status).toBe(200)
	})

	test('an absolute-form or "*" target is refused (400)', async () => {
		for (const target of ['http://evil.example/signin', '*']) {
			const answer = await get(target, 'localhost')
			expect(answer.status, target).toBe(400)
			expect(answer.body).toBe(REQUEST_TARGET_MESSAGES.target)
		}
	})

	test('TRACE gets 405 with the methods that are allowed', async () => {
		const answer = await sendRaw(origin, ['TRACE / HTTP/1.1', 'Host: localhost'])
		expect(answer.status).toBe(405)
		expect(answer.headers.allow).toMatch(/GET/)
		expect(answer.body).toBe(REQUEST_TARGET_MESSAGES.method('TRACE'))
	})
})
