import { afterAll, beforeAll, expect, test } from 'vitest'
import { startFakeSmtpServer } from '#tests/fakes/smtp-server.ts'
import { createSmtpMailer } from './smtp.ts'

let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>
beforeAll(async () => {
	smtp = await startFakeSmtpServer()
})
afterAll(() => smtp.close())

test('delivers a message with both a text and an HTML part, from MAIL_FROM to the recipient', async () => {
	const mailer = createSmtpMailer({ url: smtp.url, from: 'Callboard <no-reply@callboard.test>' })
	await mailer.send({
		to: 'artist@example.test',
		subject: 'Confirm your e-mail',
		text: 'Confirm here: http://localhost:3999/confirm?token=abc',
		html: '<p>Confirm <a href="http://localhost:3999/confirm?token=abc">here</a></p>',
	})

	expect(smtp.received).toHaveLength(1)
	const [mail] = smtp.received
	expect(mail!.envelopeFrom).toBe('no-reply@callboard.test')
	expect(mail!.envelopeTo).toEqual(['artist@example.test'])
	expect(mail!.raw).toMatch(/^From: Callboard <no-reply@callboard\.test>$/m)
	expect(mail!.raw).toMatch(/^To: artist@example\.test$/m)
	expect(mail!.raw).toMatch(/^Subject: Confirm your e-mail$/m)
	expect(mail!.raw).toMatch(/^Content-Type: multipart\/alternative;/m)
	expect(mail!.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m)
	expect(mail!.raw).toMatch(/^Content-Type: text\/html; charset=utf-8$/m)
	expect(mail!.raw).toContain('Confirm here: http://localhost:3999/confirm?token=abc')
	expect(mail!.raw).toContain('<p>Confirm <a href="http://localhost:3999/confirm?token=abc">here</a></p>')
})

test('a refused connection rejects, so the e-mail job fails and is retried', async () => {
	const mailer = createSmtpMailer({ url: 'smtp://127.0.0.1:1', from: 'no-reply@callboard.test' })
	await expect(mailer.send({ to: 'artist@example.test', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' })).rejects.toThrow()
})
