import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useNavigation } from '@remix-run/react'
import { AccountCard } from '#app/components/account-forms.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { serializeClearedSessionCookie } from '#server/auth/session.server.ts'
import { signOut } from '#server/domain/accounts/sign-in.ts'

export { PublicErrorBoundary as ErrorBoundary } from '#app/components/public-layout.tsx'

export const meta: MetaFunction = () => pageMeta({ title: 'Sign out', noindex: true })

/*
 * Signing out is a POST (the header's Sign Out form, or the button below): a GET that signed out
 * would let any link prefetch, crawler or <img src="/signout"> on another site sign people out.
 * Opening /signout shows a button instead; with nobody signed in it goes home.
 * See docs/decisions/023-account-limits-and-redirects.md.
 */
export async function loader({ context }: LoaderFunctionArgs) {
	if (!context.session) throw redirect('/')
	return null
}

/** The session row is deleted (the token is dead even if the cookie survives somewhere) and the cookie cleared. */
export async function action({ context }: ActionFunctionArgs) {
	const { env } = context.app
	if (context.session) await signOut(context.app, context.session.sessionId)
	return redirectWithToast('/', { title: 'Signed out' }, env, {
		headers: { 'Set-Cookie': serializeClearedSessionCookie({ secure: env.isProduction }) },
	})
}

export default function SignOut() {
	const submitting = useNavigation().state !== 'idle'
	return (
		<AccountCard title="Sign out" description="Sign out of Callboard on this device?">
			<Form method="post" className="grid gap-3">
				<Button type="submit" disabled={submitting}>
					{submitting ? 'Signing out…' : 'Sign out'}
				</Button>
				<ButtonLink to="/portal/feed" variant="outline">
					Stay signed in
				</ButtonLink>
			</Form>
		</AccountCard>
	)
}
