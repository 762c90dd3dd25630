import type { AddressInfo } from 'node:net'
import express from 'express'
import pino from 'pino'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { loggedPath, requestLog } from './request-log.ts'

describe('loggedPath', () => {
	test('hides the secret of a calendar feed URL and leaves other paths alone', () => {
		expect(loggedPath('/calendar/s3cr3t-T0ken_abc.ics')).toBe('/calendar/[redacted].ics')
		expect(loggedPath('/calendar/s3cr3t')).toBe('/calendar/[redacted].ics')
		expect(loggedPath('/portal/calendar')).toBe('/portal/calendar')
		expect(loggedPath('/portal/feed')).toBe('/portal/feed')
	})
})

describe('requestLog', () => {
	let server: ReturnType<express.Express['listen']> | undefined
	afterEach(() => {
		server?.closeAllConnections()
		return new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
	})

	/** A server whose /slow never answers, logging into the returned list. */
	async function start() {
		const lines: Record<string, unknown>[] = []
		const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) })
		const app = express()
		app.use(requestLog(logger))
		app.get('/quick', (_req, res) => void res.send('ok'))
		app.get('/slow', () => {})
		// Stands in for the session middleware, which resolves the cookie after the log is set up.
		app.get('/mine', (_req, res) => {
			res.locals.session = { user: { id: 'user-1' } }
			res.send('ok')
		})
		server = app.listen(0, '127.0.0.1')
		await new Promise((resolve) => server!.once('listening', resolve))
		return { lines, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
	}

	test('logs each answered request once, with its status and an id the response names', async () => {
		const { lines, origin } = await start()
		const response = await fetch(`${origin}/quick`)
		expect(await response.text()).toBe('ok')
		await vi.waitFor(() => expect(lines).toHaveLength(1))
		// Answered: the connection's close logs nothing more.
		await new Promise((resolve) => setTimeout(resolve, 50))
		expect(lines).toHaveLength(1)
		expect(lines[0]).toMatchObject({ msg: 'request', method: 'GET', path: '/quick', status: 200, requestId: response.headers.get('x-request-id') })
	})

	test('logs a request whose client left before the answer, so no request goes unrecorded', async () => {
		const { lines, origin } = await start()
		const client = new AbortController()
		fetch(`${origin}/slow`, { signal: client.signal }).catch(() => {})
		await new Promise((resolve) => setTimeout(resolve, 100))
		expect(lines).toHaveLength(0)
		client.abort()
		await vi.waitFor(() => expect(lines).toHaveLength(1))
		expect(lines[0]).toMatchObject({ msg: 'request closed before its answer was complete', method: 'GET', path: '/slow', status: null })
	})

	test('names the user of a signed-in request, and no one for a visitor', async () => {
		const { lines, origin } = await start()
		await fetch(`${origin}/mine`)
		await fetch(`${origin}/quick`)
		await vi.waitFor(() => expect(lines).toHaveLength(2))
		const byPath = Object.fromEntries(lines.map((line) => [line.path, line]))
		expect(byPath['/mine']).toMatchObject({ userId: 'user-1' })
		expect(byPath['/quick']).not.toHaveProperty('userId')
	})
})
