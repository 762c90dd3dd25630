import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { AccountCard, ExpiredLink, UseLinkForm } from '#app/components/account-forms.tsx'
import { redirectSignedIn } from '#app/utils/auth.server.ts'
import { handleFormErrors } from '#app/utils/errors.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { findUsableEmailToken } from '#server/domain/accounts/email-tokens.ts'
import { signInWithMagicLink } from '#server/domain/accounts/magic-link.ts'

export { PublicErrorBoundary as ErrorBoundary } from '#app/components/public-layout.tsx'

export const meta: MetaFunction = () => pageMeta({ title: 'Sign in with your magic link', noindex: true })

const NEW_LINK = { to: '/signin', label: 'Get a new magic link' }

/*
 * Mail scanners open the links in e-mails before people do, so opening this
 * page only shows a button; signing in (which uses the link up) is its POST.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const link = await findUsableEmailToken(context.app, token)
	if (link?.purpose !== 'magic_link') return data({ token: null, email: null }, { status: 400 })
	// The account it signs in to is named: a link someone else sent would sign in to theirs.
	return { token, email: link.email }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const form = await readForm(request)
	const result = await handleFormErrors(() => signInWithMagicLink(context.app, { token: String(form.get('token') ?? '') }))
	if (!result.ok) return data({ expired: true }, { status: 400 })
	return redirectSignedIn('/', result.value, 'Successfully signed in!', context.app.env)
}

export default function MagicLink() {
	const { token, email } = useLoaderData<typeof loader>()
	const expired = useActionData<typeof action>()?.expired
	if (!token || expired) return <ExpiredLink title="This sign-in link has expired" newLink={NEW_LINK} />
	return (
		<AccountCard
			title="Sign in to Callboard"
			description={
				<>
					Your magic link for <strong className="break-all text-foreground">{email}</strong> is ready. It works once, for 15 minutes.
				</>
			}>
			<UseLinkForm token={token} label="Sign in" busyLabel="Signing in…" />
		</AccountCard>
	)
}
