import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AccountCard, FormAlert } from '#app/components/account-forms.tsx'
import { Field } from '#app/components/forms.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { requestMeta } from '#app/utils/auth.server.ts'
import { handleFormErrors } from '#app/utils/errors.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { EmailLinkRequestInput } from '#server/domain/accounts/accounts.schema.ts'
import { requestPasswordReset } from '#server/domain/accounts/password-reset.ts'
import { parseInput } from '#server/domain/errors.ts'

export { PublicErrorBoundary as ErrorBoundary } from '#app/components/public-layout.tsx'

export const meta: MetaFunction = () => pageMeta({ title: 'Forgot password' })

export async function loader({ request }: LoaderFunctionArgs) {
	return { sent: new URL(request.url).searchParams.get('sent') === '1' }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const form = Object.fromEntries(await readForm(request))
	const result = await handleFormErrors(
		() => requestPasswordReset(context.app, parseInput(EmailLinkRequestInput, form), requestMeta(context)),
		{ values: { email: String(form.email ?? '') } },
	)
	if (!result.ok) return result.response
	return redirect('/forgot-password?sent=1')
}

const backToSignIn = (
	<Link to="/signin" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
		Back to sign in
	</Link>
)

export default function ForgotPassword() {
	const { sent } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const submitting = useNavigation().state !== 'idle'

	if (sent) {
		return (
			<AccountCard title="Check your email">
				<div role="status" className="grid gap-4">
					<p className="text-sm text-muted-foreground">
						If an account uses that address, we've sent it a link to choose a new password. The link works once, for 1
						hour.
					</p>
					{backToSignIn}
				</div>
			</AccountCard>
		)
	}
	return (
		<AccountCard title="Forgot password?" description="Enter your e-mail address and we'll send you a link to choose a new password.">
			<Form method="post" className="grid gap-4" noValidate>
				<Field
					label="E-mail"
					errors={actionData?.fieldErrors.email}
					inputProps={{
						name: 'email',
						type: 'email',
						autoComplete: 'email',
						required: true,
						defaultValue: actionData?.values?.email,
					}}
				/>
				<FormAlert message={actionData && !actionData.fieldErrors.email ? actionData.formError : null} />
				<Button type="submit" disabled={submitting}>
					{submitting ? 'Sending…' : 'Send reset link'}
				</Button>
				{backToSignIn}
			</Form>
		</AccountCard>
	)
}
