import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { AppLoadContext } from '@remix-run/node'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loader as listLoader } from '#app/routes/dev.outbox.tsx'
import { loader as messageLoader } from '#app/routes/dev.outbox_.$id.tsx'
import { parseEnv } from '#server/env.ts'
import { createOutboxMailer } from '#server/integrations/email/outbox.ts'
import type { Mailer } from '#server/integrations/email/types.ts'
import { requireOutboxPage } from './outbox.server.ts'

let dir: string
let outbox: ReturnType<typeof createOutboxMailer>
beforeAll(async () => {
	dir = await mkdtemp(path.join(tmpdir(), 'callboard-outbox-page-'))
	outbox = createOutboxMailer({ dir, from: 'no-reply@callboard.test', logger: pino({ level: 'silent' }) })
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const smtp: Mailer = { kind: 'smtp', send: async () => {} }
const envOf = (NODE_ENV: string, OUTBOX_PAGE?: string) => parseEnv({ NODE_ENV, OUTBOX_PAGE, SESSION_SECRET: 'x'.repeat(32), DATA_DIR: dir })

function status(run: () => unknown) {
	try {
		run()
		return 200
	} catch (response) {
		return (response as Response).status
	}
}

describe('requireOutboxPage', () => {
	test('is open in development and test when mail goes to the outbox', () => {
		expect(status(() => requireOutboxPage({ env: envOf('development'), mailer: outbox }))).toBe(200)
		expect(status(() => requireOutboxPage({ env: envOf('test'), mailer: outbox }))).toBe(200)
	})

	test('is a 404 in production unless OUTBOX_PAGE is set, and always with a real mail server', () => {
		expect(status(() => requireOutboxPage({ env: envOf('production'), mailer: outbox }))).toBe(404)
		expect(status(() => requireOutboxPage({ env: envOf('production', 'true'), mailer: outbox }))).toBe(200)
		expect(status(() => requireOutboxPage({ env: envOf('development'), mailer: smtp }))).toBe(404)
		expect(status(() => requireOutboxPage({ env: envOf('production', 'true'), mailer: smtp }))).toBe(404)
	})
})

describe('outbox pages', () => {
	const context = (mailer: Mailer = outbox) => ({ app: { env: envOf('production', 'true'), mailer } }) as unknown as AppLoadContext

	test('list messages newest first with their links split out, filtered by recipient', async () => {
		await outbox.send({ to: 'a@example.test', subject: 'Confirm', text: 'Go: http://localhost:3999/confirm?token=t1.', html: '<p>Go</p>' })
		await outbox.send({ to: 'b@example.test', subject: 'Reset', text: 'Reset: http://localhost:3999/reset?token=t2', html: '<p>Go</p>' })

		const all = await listLoader({ request: new Request('http://localhost/dev/outbox'), context: context(), params: {} })
		expect(all.messages.map((message) => message.subject)).toEqual(['Reset', 'Confirm'])

		const filtered = await listLoader({ request: new Request('http://localhost/dev/outbox?to=a@example.test'), context: context(), params: {} })
		expect(filtered.messages).toHaveLength(1)
		expect(filtered.messages[0]!.text).toEqual([
			{ kind: 'text', value: 'Go: ' },
			{ kind: 'link', value: 'http://localhost:3999/confirm?token=t1' },
			{ kind: 'text', value: '.' },
		])

		const { id } = filtered.messages[0]!
		const detail = await messageLoader({ request: new Request(`http://localhost/dev/outbox/${id}`), context: context(), params: { id } })
		expect(detail.message.subject).toBe('Confirm')
		expect(detail.html).toBe('<p>Go</p>')
	})

	test('an unknown message or a real mail server is a 404', async () => {
		const unknown = messageLoader({ request: new Request('http://localhost/dev/outbox/x'), context: context(), params: { id: '../secret' } })
		await expect(unknown).rejects.toMatchObject({ status: 404 })
		const closed = listLoader({ request: new Request('http://localhost/dev/outbox'), context: context(smtp), params: {} })
		await expect(closed).rejects.toMatchObject({ status: 404 })
	})
})
