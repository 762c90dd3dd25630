import type { Logger } from 'pino'
import type { Env } from '#server/env.ts'
import { createOutboxMailer, outboxDirectory } from './outbox.ts'
import { createSmtpMailer } from './smtp.ts'
import type { Mailer } from './types.ts'

/** SMTP when SMTP_URL is set; otherwise the outbox under DATA_DIR, so a fresh machine works offline. */
export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>, logger: Logger): Mailer {
	if (env.SMTP_URL) return createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM })
	return createOutboxMailer({ dir: outboxDirectory(env.DATA_DIR), from: env.MAIL_FROM, logger })
}
