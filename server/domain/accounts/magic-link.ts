import type { AppContext } from '#server/context.ts'
import type { EmailTokenInput, EmailLinkRequestInput } from './accounts.schema.ts'
import { requestEmailLink } from './email-links.ts'
import { signInWithEmailToken, type RequestMeta } from './sign-in.ts'

/**
 * Asks for a sign-in link valid for 15 minutes. The answer, and the work done before it, are the
 * same whether or not the address has an account; the job e-mails the link only to an account.
 */
export async function requestMagicLink(ctx: Pick<AppContext, 'db' | 'jobs'>, input: EmailLinkRequestInput, meta: RequestMeta): Promise<void> {
	await requestEmailLink(ctx, input, meta, 'magic_link')
}

/** Uses a magic link: signs the user in, and confirms the address it was sent to. */
export async function signInWithMagicLink(
	ctx: Pick<AppContext, 'db'>,
	input: EmailTokenInput,
	{ now = new Date() }: { now?: Date } = {},
) {
	return signInWithEmailToken(ctx, input, 'magic_link', now)
}
