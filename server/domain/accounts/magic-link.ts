import type { AppContext } from '#server/context.ts'
import type { EmailTokenInput, EmailLinkRequestInput } from './accounts.schema.ts'
import { emailLinkToAccount } from './email-tokens.ts'
import { magicLinkMessage } from './emails.ts'
import { signInWithEmailToken, type RequestMeta } from './sign-in.ts'

/**
 * E-mails a sign-in link valid for 15 minutes. The answer is the same whether
 * or not the address has an account; without one, nothing is created or sent.
 */
export async function requestMagicLink(
	ctx: Pick<AppContext, 'db' | 'env' | 'jobs'>,
	input: EmailLinkRequestInput,
	meta: RequestMeta,
): Promise<void> {
	await emailLinkToAccount(ctx, input, meta, {
		action: 'magic-link',
		purpose: 'magic_link',
		path: '/auth/magic',
		message: magicLinkMessage,
	})
}

/** Uses a magic link: signs the user in, and confirms the address it was sent to. */
export async function signInWithMagicLink(
	ctx: Pick<AppContext, 'db'>,
	input: EmailTokenInput,
	{ now = new Date() }: { now?: Date } = {},
) {
	return signInWithEmailToken(ctx, input, 'magic_link', now)
}
