import type { Logger } from 'pino'
import { isLocalOrigin, type Env } from '#server/env.ts'
import { createOutboxMailer, outboxDirectory } from './outbox.ts'
import { createSmtpMailer } from './smtp.ts'
import type { Mailer } from './types.ts'

/**
 * SMTP when MAIL_TRANSPORT is smtp (SMTP_URL set); otherwise the outbox under DATA_DIR, so a fresh
 * machine works offline. The outbox prints links to the log only when APP_URL is this machine:
 * elsewhere whoever reads the logs could sign in as anyone (server/env.ts requires a public
 * installation to choose the outbox by name).
 */
export function createMailer(env: Pick<Env, 'MAIL_TRANSPORT' | 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR' | 'APP_URL'>, logger: Logger): Mailer {
	if (env.MAIL_TRANSPORT === 'smtp' && env.SMTP_URL) return createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM })
	const logLinks = isLocalOrigin(env.APP_URL)
	if (!logLinks) {
		logger.warn(
			{ outbox: outboxDirectory(env.DATA_DIR) },
			'MAIL_TRANSPORT=outbox: e-mails are written to the outbox and not delivered; their links are not logged',
		)
	}
	return createOutboxMailer({ dir: outboxDirectory(env.DATA_DIR), from: env.MAIL_FROM, logger, logLinks })
}
