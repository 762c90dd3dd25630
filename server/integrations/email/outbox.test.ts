import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pino, type Logger } from 'pino'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { parseEnv } from '#server/env.ts'
import { createMailer } from './index.ts'
import { createOutboxMailer, listOutbox, readOutboxMessage } from './outbox.ts'

let dir: string
let logged: { msg: string; to?: string; subject?: string; links?: string[] }[]
let logger: Logger
let mailer: ReturnType<typeof createOutboxMailer>

beforeEach(async () => {
	dir = path.join(await mkdtemp(path.join(tmpdir(), 'callboard-outbox-')), 'outbox')
	logged = []
	logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) })
	mailer = createOutboxMailer({ dir, from: 'Callboard <no-reply@callboard.test>', logger, logLinks: true })
})
afterEach(() => rm(path.dirname(dir), { recursive: true, force: true }))

const message = (to: string, subject: string) => ({
	to,
	subject,
	text: `Hello.\nConfirm: http://localhost:3999/confirm?token=${subject}.\nOr visit (https://callboard.test/help).`,
	html: '<p>Hello</p>',
})

test('writes each message to a file and, on a local machine, logs its links', async () => {
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

test('without logLinks, links stay in the outbox file and never reach the log', async () => {
	const quiet = createOutboxMailer({ dir, from: 'no-reply@callboard.test', logger })
	const reset = { to: 'a@example.test', subject: 'Reset', text: 'Choose one: http://localhost:3999/reset-password?token=s3cret', html: '<p>x</p>' }
	await quiet.send(reset)

	expect(logged).toEqual([expect.objectContaining({ msg: 'e-mail written to the outbox', to: 'a@example.test', subject: 'Reset' })])
	expect(JSON.stringify(logged)).not.toContain('s3cret')
	expect((await quiet.list())[0]?.text).toBe(reset.text)
})

describe('createMailer', () => {
	const envOf = (source: Record<string, string>) => parseEnv({ DATA_DIR: path.dirname(dir), ...source })

	test('npm start on localhost: the outbox, printing links to the log as the README promises', async () => {
		for (const appUrl of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'http://callboard.localhost']) {
			logged = []
			const local = createMailer(envOf({ APP_URL: appUrl }), logger)
			expect(local.kind).toBe('outbox')
			await local.send(message('a@example.test', 'local'))
			expect(logged.at(-1)?.links, appUrl).toEqual(['http://localhost:3999/confirm?token=local', 'https://callboard.test/help'])
		}
	})

	test('a public installation that chose the outbox by name: a warning at start, and no link in the log', async () => {
		const outbox = createMailer(envOf({ APP_URL: 'https://callboard.example', MAIL_TRANSPORT: 'outbox' }), logger)
		expect(logged).toEqual([expect.objectContaining({ level: 40, msg: expect.stringContaining('not delivered') })])
		await outbox.send(message('a@example.test', 'public'))
		expect(JSON.stringify(logged)).not.toContain('token=public')
		expect(outbox.kind === 'outbox' && (await outbox.list())[0]?.subject).toBe('public')
	})

	test('SMTP_URL chooses SMTP', () => {
		const smtp = createMailer(envOf({ APP_URL: 'https://callboard.example', SMTP_URL: 'smtp://mail.example:25' }), logger)
		expect(smtp.kind).toBe('smtp')
	})
})
