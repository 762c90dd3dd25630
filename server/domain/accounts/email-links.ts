import type { AppContext } from '#server/context.ts'
import { parseInput } from '#server/domain/errors.ts'
import { limitRequests, type RequestAction } from '#server/domain/rate-limit.ts'
import type { EmailMessage } from '#server/integrations/email/types.ts'
import type { JobPayloads } from '#server/jobs/types.ts'
import { EmailLinkRequestInput } from './accounts.schema.ts'
import { appUrl, issueEmailToken } from './email-tokens.ts'
import { magicLinkMessage, passwordResetMessage } from './emails.ts'

/*
 * Links asked for by e-mail address (magic sign-in, password reset). Whether the address has an
 * account must not show, in the answer or in its timing: the request only checks the address,
 * counts it for the limits and queues one `accounts.email-link` job, the same for every address.
 * The job, off the request path, looks the account up and e-mails the link, or does nothing.
 */

export type EmailLinkJob = JobPayloads['accounts.email-link']
export type EmailLinkPurpose = EmailLinkJob['purpose']

const LINKS: Record<EmailLinkPurpose, { action: RequestAction; path: string; message: (email: { to: string; url: string }) => EmailMessage }> = {
	magic_link: { action: 'magic-link', path: '/auth/magic', message: magicLinkMessage },
	password_reset: { action: 'password-reset', path: '/reset-password', message: passwordResetMessage },
}

/** The request: validates, counts it (per client address and per e-mail) and queues the job. No account lookup here. */
export async function requestEmailLink(
	ctx: Pick<AppContext, 'db' | 'jobs'>,
	input: EmailLinkRequestInput,
	meta: { ip: string; now?: Date },
	purpose: EmailLinkPurpose,
): Promise<void> {
	const { email } = parseInput(EmailLinkRequestInput, input)
	await limitRequests(ctx, LINKS[purpose].action, { email, ip: meta.ip, now: meta.now })
	await ctx.jobs.send('accounts.email-link', { email, purpose })
}

/**
 * The job: issues a link for the account using `email` and queues its e-mail, in one
 * transaction (a retried job never leaves a link without its e-mail). Without an account,
 * nothing is created or sent.
 */
export async function sendEmailLink(ctx: Pick<AppContext, 'db' | 'env' | 'jobs'>, { email, purpose }: EmailLinkJob, now = new Date()) {
	const user = await ctx.db.user.findUnique({ where: { email }, select: { id: true } })
	if (!user) return
	const link = LINKS[purpose]
	await ctx.db.$transaction(async (tx) => {
		const token = await issueEmailToken(tx, user.id, purpose, now)
		await ctx.jobs.send('email.send', link.message({ to: email, url: appUrl(ctx.env, link.path, { token }) }), { tx })
	})
}
