import { chmodSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { ensureReachableByPostgresUser } from './embedded.ts'

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
