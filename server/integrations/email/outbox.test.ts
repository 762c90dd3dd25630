import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pino } from 'pino'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createOutboxMailer, listOutbox, readOutboxMessage } from './outbox.ts'

let dir: string
let logged: { msg: string; to?: string; subject?: string; links?: string[] }[]
let mailer: ReturnType<typeof createOutboxMailer>

beforeEach(async () => {
	dir = path.join(await mkdtemp(path.join(tmpdir(), 'callboard-outbox-')), 'outbox')
	logged = []
	const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) })
	mailer = createOutboxMailer({ dir, from: 'Callboard <no-reply@callboard.test>', logger })
})
afterEach(() => rm(path.dirname(dir), { recursive: true, force: true }))

const message = (to: string, subject: string) => ({
	to,
	subject,
	text: `Hello.\nConfirm: http://localhost:3999/confirm?token=${subject}.\nOr visit (https://callboard.test/help).`,
	html: '<p>Hello</p>',
})

test('writes each message to a file and logs its links', async () => {
	await mailer.send(message('a@example.test', 'first'))

	expect((await readdir(dir)).filter((name) => name.endsWith('.json'))).toHaveLength(1)
	expect(logged).toEqual([
		expect.objectContaining({
			msg: 'e-mail written to the outbox',
			to: 'a@example.test',
			subject: 'first',
			links: ['http://localhost:3999/confirm?token=first', 'https://callboard.test/help'],
		}),
	])
})

test('lists messages newest first, filtered by recipient, and reads one by id', async () => {
	await mailer.send(message('a@example.test', 'one'))
	await mailer.send(message('b@example.test', 'two'))
	await mailer.send(message('A@Example.test', 'three'))

	expect((await mailer.list()).map((m) => m.subject)).toEqual(['three', 'two', 'one'])
	expect((await listOutbox(dir, { to: 'a@example.test' })).map((m) => m.subject)).toEqual(['three', 'one'])
	expect(await mailer.list({ limit: 1 })).toHaveLength(1)

	const [newest] = await mailer.list()
	expect(await mailer.read(newest!.id)).toEqual({
		...message('A@Example.test', 'three'),
		id: newest!.id,
		from: 'Callboard <no-reply@callboard.test>',
		createdAt: expect.any(String),
	})
})

test('an empty or missing outbox lists nothing; bad ids and foreign files read as nothing', async () => {
	expect(await listOutbox(dir)).toEqual([])
	await mailer.send(message('a@example.test', 'one'))
	await writeFile(path.join(dir, '20990101T000000000Z-0000-deadbeef.json'), '{"not": "a message"}')
	await writeFile(path.join(dir, 'notes.txt'), 'hello')

	expect(await listOutbox(dir)).toHaveLength(1)
	expect(await readOutboxMessage(dir, '../../etc/passwd')).toBeNull()
	expect(await readOutboxMessage(dir, '20990101T000000000Z-0000-deadbeef')).toBeNull()
	expect(await readOutboxMessage(dir, '20000101T000000000Z-0000-00000000')).toBeNull()
})
