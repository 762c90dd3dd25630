import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AccountCard, ExpiredLink, FormAlert } from '#app/components/account-forms.tsx'
import { Field } from '#app/components/forms.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { redirectSignedIn, requestMeta } from '#app/utils/auth.server.ts'
import { handleFormErrors } from '#app/utils/errors.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { LINK_INVALID_MESSAGE } from '#server/domain/accounts/accounts.schema.ts'
import { findUsableEmailToken } from '#server/domain/accounts/email-tokens.ts'
import { confirmEmail } from '#server/domain/accounts/sign-up.ts'

export { PublicErrorBoundary as ErrorBoundary } from '#app/components/public-layout.tsx'

export const meta: MetaFunction = () => pageMeta({ title: 'Confirm your e-mail address', noindex: true })

const NEW_LINK = { to: '/signin', label: 'Get a magic link' }

/*
 * The link of the confirmation e-mail. Opening it only shows a form: confirming uses the link up,
 * signs in and, on the first sign-in, grants the free draft. It asks for the password chosen at
 * sign-up (ADR 010): the link proves the mailbox, the password that this is who signed up with it,
 * for anyone can sign up with another's address. A GET that signed in would also let another site
 * sign a visitor's browser in to an account of its own, and a mail scanner opening the link first
 * would use it up.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const link = await findUsableEmailToken(context.app, token)
	if (link?.purpose !== 'confirm_email') return data({ token: null, email: null }, { status: 400 })
	return { token, email: link.email }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const form = await readForm(request)
	const input = { token: String(form.get('token') ?? ''), password: String(form.get('password') ?? '') }
	const result = await handleFormErrors(() => confirmEmail(context.app, input, requestMeta(context)))
	if (!result.ok) return result.response
	const next = result.value.onboardingCompleted ? '/' : '/onboarding'
	return redirectSignedIn(next, result.value, 'Your e-mail address is confirmed', context.app.env)
}

export default function ConfirmEmail() {
	const { token, email } = useLoaderData<typeof loader>()
	const refused = useActionData<typeof action>()
	const submitting = useNavigation().state !== 'idle'
	if (!token || refused?.formError === LINK_INVALID_MESSAGE) return <ExpiredLink title="This confirmation link has expired" newLink={NEW_LINK} />
	const passwordErrors = refused?.fieldErrors.password
	return (
		<AccountCard
			title="Confirm your e-mail address"
			description={
				<>
					Enter the password you chose when you signed up as <strong className="break-all text-foreground">{email}</strong>. If you didn&apos;t sign up
					for Callboard, close this page.
				</>
			}>
			<Form method="post" className="grid gap-4" noValidate>
				<input type="hidden" name="token" value={token} />
				{/* For password managers: the account the password belongs to. */}
				<input type="email" name="email" value={email ?? ''} autoComplete="username" readOnly hidden />
				<Field
					label="Password"
					errors={passwordErrors}
					inputProps={{ name: 'password', type: 'password', autoComplete: 'current-password', required: true, autoFocus: true }}
				/>
				<FormAlert message={refused && !passwordErrors ? refused.formError : null} />
				<Button type="submit" disabled={submitting}>
					{submitting ? 'Confirming…' : 'Confirm and sign in'}
				</Button>
				<p className="text-sm text-muted-foreground">
					Don&apos;t know it?{' '}
					<Link to="/signin" className="font-medium text-primary underline-offset-4 hover:underline">
						Sign in with a magic link
					</Link>
					.
				</p>
			</Form>
		</AccountCard>
	)
}
