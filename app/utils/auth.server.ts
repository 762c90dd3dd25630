import type { AppLoadContext } from '@remix-run/node'
import { redirectWithToast, type ToastEnv } from '#app/utils/toast.server.ts'
import { serializeSessionCookie } from '#server/auth/session.server.ts'
import { PASSWORD_DROPPED_MESSAGE, type RequestMeta, type SignedIn } from '#server/domain/accounts/sign-in.ts'
import { FIRST_LOGIN_GRANT_MESSAGE } from '#server/domain/credits/grant.ts'

/** Who is asking, for the domain's attempt limits. */
export function requestMeta(context: AppLoadContext): RequestMeta {
	return { ip: context.clientIp }
}

/**
 * Finishes any sign-in: sets the new session's cookie and redirects with a
 * toast. On the first sign-in the toast also announces the free draft (one
 * toast, the grant as its description, so both survive a redirect in one
 * flash cookie).
 */
export async function redirectSignedIn(url: string, signedIn: SignedIn, title: string, env: ToastEnv) {
	const cookie = serializeSessionCookie(signedIn.session.token, signedIn.session.expiresAt, { secure: env.isProduction })
	const notes = [signedIn.grantedFreeDraft ? FIRST_LOGIN_GRANT_MESSAGE : '', signedIn.passwordDropped ? PASSWORD_DROPPED_MESSAGE : '']
	const description = notes.filter(Boolean).join(' ') || undefined
	return redirectWithToast(url, { title, description }, env, { headers: { 'Set-Cookie': cookie } })
}
