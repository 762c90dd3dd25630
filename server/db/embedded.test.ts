import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import path from 'node:path'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { freePort } from '#tests/free-port.ts'
import { ensureReachableByPostgresUser, startEmbeddedPostgres } from './embedded.ts'

const scratch = path.resolve('data', `embedded-test-${process.pid}`)
const mode = (dir: string) => statSync(dir).mode & 0o7777

afterEach(() => rmSync(scratch, { recursive: true, force: true }))

describe('ensureReachableByPostgresUser', () => {
	test('lets others enter the parent folders without taking any permission away', () => {
		const shared = path.join(scratch, 'shared')
		const closed = path.join(shared, 'closed')
		mkdirSync(closed, { recursive: true })
		chmodSync(shared, 0o1777)
		chmodSync(closed, 0o750)

		ensureReachableByPostgresUser(path.join(closed, 'postgres'))

		expect(mode(shared)).toBe(0o1777)
		// As root (this machine, CI) the closed folder gains only the "others may enter" bit.
		expect(mode(closed)).toBe(process.getuid?.() === 0 ? 0o751 : 0o750)
		expect(existsSync(path.join(closed, 'postgres'))).toBe(process.getuid?.() === 0)
	})
})

describe('startEmbeddedPostgres', () => {
	test('on a port another program listens on, it fails with the port, the way out and the server\'s own words', async () => {
		const squatter = createServer()
		await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve))
		const { port } = squatter.address() as AddressInfo
		try {
			const start = startEmbeddedPostgres({ dataDir: path.join(scratch, 'postgres'), port })
			await expect(start).rejects.toThrow(
				new RegExp(`could not listen on port ${port}: another program uses it\\. Set EMBEDDED_DATABASE_PORT to a free port\\.\\n.*Address already in use`, 's'),
			)
		} finally {
			squatter.close()
		}
	}, 60_000)

	test('a server stopped by a signal of its own (Ctrl-C reaches the whole process group) still counts as stopped', async () => {
		const dataDir = path.join(scratch, 'postgres')
		const server = await startEmbeddedPostgres({ dataDir, port: await freePort() })
		const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
		process.kill(postmaster, 'SIGINT')
		await vi.waitFor(() => expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false), { timeout: 15_000, interval: 50 })
		await expect(server.stop()).resolves.toBeUndefined()
	}, 60_000)
})
