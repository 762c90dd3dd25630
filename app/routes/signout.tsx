import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { serializeClearedSessionCookie } from '#server/auth/session.server.ts'
import { signOut } from '#server/domain/accounts/sign-in.ts'

/*
 * Signs out: the session row is deleted (so the token is dead even if the
 * cookie survives somewhere) and the cookie cleared. The header's Sign Out is a
 * POST form; a GET signs out too, because the spec's route table makes
 * /signout a page that signs out (see docs/decisions/010-accounts-and-guards.md).
 */
async function signOutAndLeave({ context }: LoaderFunctionArgs | ActionFunctionArgs) {
	const { env } = context.app
	if (context.session) await signOut(context.app, context.session.sessionId)
	return redirectWithToast('/', { title: 'Signed out' }, env, {
		headers: { 'Set-Cookie': serializeClearedSessionCookie({ secure: env.isProduction }) },
	})
}

export const loader = signOutAndLeave
export const action = signOutAndLeave
