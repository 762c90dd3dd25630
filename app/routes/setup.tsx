import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ErrorList, Field } from '#app/components/forms.tsx'
import { PublicLayout } from '#app/components/public-layout.tsx'
import { StatusPanel } from '#app/components/status-panel.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { KeyRound, ShieldX } from '#app/components/ui/icons.tsx'
import { redirectSignedIn } from '#app/utils/auth.server.ts'
import { handleFormErrors } from '#app/utils/errors.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { createFirstAdmin, CreateFirstAdminInput, isSetupTokenValid } from '#server/domain/accounts/setup.ts'
import { EmailSchema } from '#server/domain/accounts/accounts.schema.ts'
import { startSession } from '#server/domain/accounts/sign-in.ts'
import { parseInput } from '#server/domain/errors.ts'
import { limitRequests } from '#server/domain/rate-limit.ts'

export { PublicErrorBoundary as ErrorBoundary } from '#app/components/public-layout.tsx'

export const meta: MetaFunction = () => pageMeta({ title: 'Create the first admin', description: 'Set up Callboard.' })

export async function loader({ request, context }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const valid = await isSetupTokenValid(context.app, token)
	return { token: valid ? token : null }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const form = Object.fromEntries(await readForm(request))
	const result = await handleFormErrors(async () => {
		// Counted before validation: guessing tokens with junk input costs attempts too.
		await limitRequests(context.app, 'setup', { ip: context.clientIp, email: EmailSchema.safeParse(form.email).data })
		const input = parseInput(CreateFirstAdminInput, form)
		return createFirstAdmin(context.app, input)
	})
	if (!result.ok) return result.response

	const { env, logger } = context.app
	logger.info({ userId: result.value.id }, 'first admin created through the setup link')
	// Their first sign-in, as any account's: it grants the free draft (PRODUCT.md).
	return redirectSignedIn('/', await startSession(context.app, result.value.id), 'Admin account created', env)
}

export default function Setup() {
	const { token } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const submitting = useNavigation().state === 'submitting'

	if (!token) {
		return (
			<PublicLayout>
				<StatusPanel
					icon={ShieldX}
					tone="destructive"
					title="This setup link is no longer valid"
					actions={<ButtonLink to="/">Back to home</ButtonLink>}
				>
					Setup links work once, and only until the first admin exists. Restart the server to print a new
					link, or ask an operator to run <code>npm run user:role -- you@example.com admin</code>.
				</StatusPanel>
			</PublicLayout>
		)
	}

	const fieldErrors = actionData?.fieldErrors ?? {}
	return (
		<PublicLayout>
			<div className="mx-auto w-full max-w-md px-4 py-16">
				<Card>
					<CardHeader>
						<span className="mb-2 grid size-10 place-items-center rounded-full bg-accent text-accent-foreground">
							<KeyRound aria-hidden className="size-5" />
						</span>
						<CardTitle as="h1">Create the first admin</CardTitle>
						<CardDescription>
							This account can curate opportunities and their application questions. The link stops working
							once it is used.
						</CardDescription>
					</CardHeader>
					<CardContent>
						<Form method="post" className="grid gap-4" noValidate>
							<input type="hidden" name="token" value={token} />
							<Field
								label="E-mail"
								errors={fieldErrors.email}
								inputProps={{ name: 'email', type: 'email', autoComplete: 'email', required: true }}
							/>
							<Field
								label="Password"
								hint="At least 8 characters, with a letter and a number or symbol."
								errors={fieldErrors.password}
								inputProps={{ name: 'password', type: 'password', autoComplete: 'new-password', required: true }}
							/>
							<ErrorList
								errors={actionData && !fieldErrors.email && !fieldErrors.password ? [actionData.formError] : null}
							/>
							<Button type="submit" disabled={submitting}>
								{submitting ? 'Creating…' : 'Create admin account'}
							</Button>
						</Form>
					</CardContent>
				</Card>
			</div>
		</PublicLayout>
	)
}
