import net, { type AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { sendRaw } from '#tests/raw-http.ts'
import { answerClientErrors } from './client-errors.ts'

let server: ReturnType<express.Express['listen']>
let target: { host: string; port: number }

beforeAll(async () => {
	server = express()
		.use((_req, res) => void res.send('ok'))
		.listen(0, '127.0.0.1')
	answerClientErrors(server)
	await new Promise((resolve) => server.once('listening', resolve))
	target = { host: '127.0.0.1', port: (server.address() as AddressInfo).port }
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

test('an address or cookies over 16 KB get 431 with a sentence that says why, not an empty page', async () => {
	const answer = await sendRaw(target, [`GET /pricing?q=${'a'.repeat(20_000)} HTTP/1.1`])
	expect(answer.status).toBe(431)
	expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8')
	expect(answer.body).toMatch(/address or cookies are too long/)
	const cookies = await sendRaw(target, ['GET / HTTP/1.1', `Cookie: cb_tz=${'x'.repeat(20_000)}`])
	expect(cookies.status).toBe(431)
})

test('the connection is closed after the answer, even to a client that keeps its side open', async () => {
	const client = net.connect({ ...target, allowHalfOpen: true })
	await new Promise((resolve) => client.once('connect', resolve))
	const answered = new Promise((resolve) => client.once('end', resolve))
	client.resume()
	client.write(`GET /?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`)
	await answered
	await expect.poll(() => new Promise((resolve) => server.getConnections((_error, count) => resolve(count)))).toBe(0)
	client.destroy()
})

test('a request the server cannot parse gets 400 with a sentence; a good one on the same server is answered', async () => {
	const answer = await sendRaw(target, ['GET / HTTP/1.1', 'Content-Length: nope'])
	expect(answer.status).toBe(400)
	expect(answer.body).toBe('The server could not read this request.')
	expect((await sendRaw(target, ['GET / HTTP/1.1'])).body).toBe('ok')
})
