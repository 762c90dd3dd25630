import type { AddressInfo } from 'node:net'
import express, { type Response } from 'express'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { admitInTurn, BUSY_MESSAGE } from './admission.ts'

describe('admitInTurn', () => {
	let origin: string
	let server: ReturnType<express.Express['listen']>
	/** Paths in the order they reached the server, before the turn. */
	let arrived: string[]
	/** Requests that got their turn, held open until a test answers them. */
	let held: { path: string; res: Response }[]
	let clients: AbortController[]

	beforeEach(async () => {
		// This test's own lists: a request left over from the last test cannot land in them.
		const arrivedHere: string[] = (arrived = [])
		const heldHere: typeof held = (held = [])
		clients = []
		const app = express()
		app.use((req, res, next) => {
			arrivedHere.push(req.path)
			// Held before the door until its visitor leaves, as the page cache holds a visitor for a fill.
			if (req.path === '/held-before') return void res.once('close', () => setTimeout(next, 10))
			next()
		})
		app.use(admitInTurn({ concurrency: 2, maxWaiting: 2 }))
		app.use((req, res) => void heldHere.push({ path: req.path, res }))
		server = app.listen(0, '127.0.0.1')
		await new Promise((resolve) => server.once('listening', resolve))
		origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	})
	afterEach(() => {
		for (const client of clients) client.abort()
		server.closeAllConnections()
		return new Promise((resolve) => server.close(resolve))
	})

	/** Sends a request and waits until the server has it, so arrival order is the order of calls. */
	async function send(path: string, init: RequestInit = {}) {
		const client = new AbortController()
		clients.push(client)
		const count = arrived.length
		const answer = fetch(origin + path, { ...init, signal: client.signal }).then(async (res) => ({ status: res.status, headers: res.headers, body: await res.text() }))
		answer.catch(() => {})
		await vi.waitFor(() => expect(arrived).toHaveLength(count + 1))
		return { answer, leave: () => client.abort() }
	}
	const started = () => held.map((request) => request.path)
	const startedAre = (paths: string[]) => vi.waitFor(() => expect(started()).toEqual(paths))
	/** Lets the event loop run the turns a release would start. */
	const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

	test('works on two reads at once; the others wait and go in order of arrival as turns free up', async () => {
		const first = await send('/a')
		await send('/b')
		await startedAre(['/a', '/b'])
		await send('/c')
		await send('/d')
		await settle()
		expect(started()).toEqual(['/a', '/b'])

		held[0]!.res.send('page a')
		expect(await first.answer).toMatchObject({ status: 200, body: 'page a' })
		await startedAre(['/a', '/b', '/c'])
		held[1]!.res.send('page b')
		await startedAre(['/a', '/b', '/c', '/d'])
	})

	test('past the waiting reads it keeps, a read is answered 503 at once, with Retry-After', async () => {
		for (const path of ['/a', '/b', '/c', '/d']) await send(path)
		await startedAre(['/a', '/b'])

		const busy = await (await send('/e')).answer
		expect(busy).toMatchObject({ status: 503, body: BUSY_MESSAGE })
		expect(busy.headers.get('retry-after')).toBe('1')
		held[0]!.res.send('page a')
		await startedAre(['/a', '/b', '/c'])
		expect(started()).not.toContain('/e')
	})

	test('the turn is free once the response head is written, while its body is still going', async () => {
		await send('/download')
		await send('/b')
		await send('/c')
		await startedAre(['/download', '/b'])

		held[0]!.res.writeHead(200, { 'Content-Type': 'application/octet-stream' })
		held[0]!.res.write('the first part')
		await startedAre(['/download', '/b', '/c'])
	})

	test('a visitor who leaves while waiting gives the turn to the next; one who leaves mid-answer frees theirs', async () => {
		const first = await send('/a')
		await send('/b')
		const gone = await send('/gone')
		await send('/c')
		gone.leave()
		await settle()

		first.leave()
		await startedAre(['/a', '/b', '/c'])
		await settle()
		expect(started()).not.toContain('/gone')
	})

	test('a visitor who left before reaching the door takes no turn', async () => {
		const early = await send('/held-before')
		early.leave()
		await settle()
		await send('/a')
		await send('/b')
		await startedAre(['/a', '/b'])
		expect(started()).not.toContain('/held-before')
	})

	test('writes, and server-sent event streams, do not wait', async () => {
		await send('/a')
		await send('/b')
		await send('/waiting')
		await startedAre(['/a', '/b'])

		await send('/form', { method: 'POST', body: 'x=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
		await send('/progress', { headers: { Accept: 'text/event-stream' } })
		await startedAre(['/a', '/b', '/form', '/progress'])
		// They took no turn: the waiting read still waits for one.
		held[2]!.res.end()
		held[3]!.res.end()
		await settle()
		expect(started()).not.toContain('/waiting')
	})

	test('HEAD waits like GET', async () => {
		await send('/a')
		await send('/b')
		await send('/c', { method: 'HEAD' })
		await settle()
		expect(started()).toEqual(['/a', '/b'])
		held[1]!.res.end()
		await startedAre(['/a', '/b', '/c'])
	})
})
