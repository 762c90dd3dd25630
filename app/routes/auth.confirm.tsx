import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { AccountCard, ExpiredLink, UseLinkForm } from '#app/components/account-forms.tsx'
import { redirectSignedIn } from '#app/utils/auth.server.ts'
import { handleFormErrors } from '#app/utils/errors.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { isEmailTokenUsable } from '#server/domain/accounts/email-tokens.ts'
import { confirmEmail } from '#server/domain/accounts/sign-up.ts'

export { PublicErrorBoundary as ErrorBoundary } from '#app/components/public-layout.tsx'

export const meta: MetaFunction = () => pageMeta({ title: 'Confirm your e-mail address', noindex: true })

const NEW_LINK = { to: '/signin', label: 'Get a magic link' }

/*
 * The link of the confirmation e-mail. Opening it only shows a button; confirming (which uses the
 * link up, signs in, and on the first sign-in grants the free draft) is its POST, as the magic
 * link's is. A GET that signed in would let another site sign a visitor's browser in to an account
 * of its own (it need only send them to its own confirmation link), and a mail scanner opening the
 * link first would use it up.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	if (!(await isEmailTokenUsable(context.app, token, 'confirm_email'))) return data({ token: null }, { status: 400 })
	return { token }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const form = await readForm(request)
	const result = await handleFormErrors(() => confirmEmail(context.app, { token: String(form.get('token') ?? '') }))
	if (!result.ok) return data({ expired: true }, { status: 400 })
	const next = result.value.onboardingCompleted ? '/' : '/onboarding'
	return redirectSignedIn(next, result.value, 'Your e-mail address is confirmed', context.app.env)
}

export default function ConfirmEmail() {
	const { token } = useLoaderData<typeof loader>()
	const expired = useActionData<typeof action>()?.expired
	if (!token || expired) return <ExpiredLink title="This confirmation link has expired" newLink={NEW_LINK} />
	return (
		<AccountCard
			title="Confirm your e-mail address"
			description="Confirm it to finish signing up and sign in. If you didn't sign up for Callboard, close this page.">
			<UseLinkForm token={token} label="Confirm and sign in" busyLabel="Confirming…" />
		</AccountCard>
	)
}
