import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AccountCard, ExpiredLink, FormAlert } from '#app/components/account-forms.tsx'
import { Field } from '#app/components/forms.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { redirectSignedIn } from '#app/utils/auth.server.ts'
import { handleFormErrors } from '#app/utils/errors.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { LINK_INVALID_MESSAGE, ResetPasswordInput } from '#server/domain/accounts/accounts.schema.ts'
import { isEmailTokenUsable } from '#server/domain/accounts/email-tokens.ts'
import { resetPassword } from '#server/domain/accounts/password-reset.ts'
import { parseInput } from '#server/domain/errors.ts'

export { PublicErrorBoundary as ErrorBoundary } from '#app/components/public-layout.tsx'

export const meta: MetaFunction = () => pageMeta({ title: 'Choose a new password', noindex: true })

export async function loader({ request, context }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	if (!(await isEmailTokenUsable(context.app, token, 'password_reset'))) return data({ token: null }, { status: 400 })
	return { token }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const form = Object.fromEntries(await readForm(request))
	const result = await handleFormErrors(() => resetPassword(context.app, parseInput(ResetPasswordInput, form)))
	if (!result.ok) return result.response
	return redirectSignedIn('/', result.value, 'Your password has been changed', context.app.env)
}

export default function ResetPassword() {
	const { token } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const submitting = useNavigation().state !== 'idle'
	if (!token || actionData?.formError === LINK_INVALID_MESSAGE) {
		return <ExpiredLink title="This reset link has expired" newLink={{ to: '/forgot-password', label: 'Get a new reset link' }} />
	}
	return (
		<AccountCard title="Choose a new password" description="You'll be signed out on every other device.">
			<Form method="post" className="grid gap-4" noValidate>
				<input type="hidden" name="token" value={token} />
				<Field
					label="New password"
					hint="At least 8 characters, with a letter and a number or symbol."
					errors={actionData?.fieldErrors.password}
					inputProps={{ name: 'password', type: 'password', autoComplete: 'new-password', required: true }}
				/>
				<FormAlert message={actionData && !actionData.fieldErrors.password ? actionData.formError : null} />
				<Button type="submit" disabled={submitting}>
					{submitting ? 'Saving…' : 'Save new password'}
				</Button>
			</Form>
		</AccountCard>
	)
}
