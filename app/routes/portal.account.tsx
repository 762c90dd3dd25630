import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { SectionCard } from '#app/components/section-card.tsx'
import { Field } from '#app/components/forms.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { ArrowLeft, KeyRound, Trash2 } from '#app/components/ui/icons.tsx'
import { handleFormErrors } from '#app/utils/errors.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { requireOnboardedUser } from '#server/auth/guards.ts'
import { serializeClearedSessionCookie } from '#server/auth/session.server.ts'
import { countOtherSessions, deleteAccount, signOutOtherSessions } from '#server/domain/accounts/account.ts'
import { ACCOUNT_MESSAGES } from '#server/domain/accounts/accounts.schema.ts'

/*
 * /portal/account (ADR 027): the devices this account is signed in on, and deleting the account.
 * Plain forms, so both work without JavaScript.
 */

export const meta: MetaFunction = () => pageMeta({ title: 'Account', noindex: true })

export async function loader({ request, context }: LoaderFunctionArgs) {
	const user = requireOnboardedUser(request, context)
	return { email: user.email, otherSessions: await countOtherSessions(context.app, user, context.session!.sessionId) }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const user = requireOnboardedUser(request, context)
	const { app } = context
	const form = await readForm(request)
	if (form.get('intent') === 'sign-out-others') {
		const ended = await signOutOtherSessions(app, user, context.session!.sessionId)
		const description = ended === 1 ? '1 other session ended.' : `${ended} other sessions ended.`
		return redirectWithToast('/portal/account', { title: 'Signed out of other devices', description }, app.env)
	}
	const email = String(form.get('email') ?? '')
	const result = await handleFormErrors(() => deleteAccount(app, user, { email }), { intent: 'delete', values: { email } })
	if (!result.ok) return result.response
	return redirectWithToast('/', { title: ACCOUNT_MESSAGES.deletedTitle, description: ACCOUNT_MESSAGES.deletedDescription }, app.env, {
		headers: { 'Set-Cookie': serializeClearedSessionCookie({ secure: app.env.isProduction }) },
	})
}

export default function Account() {
	const { email, otherSessions } = useLoaderData<typeof loader>()
	const failed = useActionData<typeof action>()
	const navigation = useNavigation()
	const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
	const typed = failed && 'values' in failed ? (failed.values as { email?: string } | undefined)?.email : undefined
	return (
		<div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6">
			<div>
				<ButtonLink to="/portal/profile" variant="ghost" size="sm" className="-ml-3">
					<ArrowLeft aria-hidden />
					Back to Profile
				</ButtonLink>
				<h1 className="mt-2 text-2xl font-semibold sm:text-3xl">Account</h1>
				<p className="mt-1 text-muted-foreground">Signed in as {email}.</p>
			</div>
			<SectionCard title="Signed-in devices" description="Each browser you signed in with keeps you signed in for 30 days.">
				<Form method="post" className="flex flex-wrap items-center justify-between gap-3">
					<input type="hidden" name="intent" value="sign-out-others" />
					<p className="text-sm">
						{otherSessions === 0
							? 'You are signed in on this device only.'
							: `You are also signed in on ${otherSessions} other ${otherSessions === 1 ? 'device or browser' : 'devices or browsers'}.`}
					</p>
					<Button type="submit" variant="outline" disabled={otherSessions === 0 || busy('sign-out-others')}>
						<KeyRound aria-hidden />
						Sign out of other devices
					</Button>
				</Form>
			</SectionCard>
			<SectionCard
				title="Delete account"
				description="Deletes your profile, CV and images, your drafts and their context, your saved calls and your credits, for good. A Pro subscription is cancelled at once."
			>
				<Form method="post" className="grid gap-4" aria-describedby={failed && 'formError' in failed && !failed.fieldErrors.email ? 'delete-error' : undefined}>
					<input type="hidden" name="intent" value="delete" />
					<Field
						label={`Type your e-mail address (${email}) to confirm`}
						errors={failed && 'fieldErrors' in failed ? failed.fieldErrors.email : undefined}
						inputProps={{ name: 'email', type: 'email', autoComplete: 'off', defaultValue: typed ?? '', maxLength: 320, required: true }}
					/>
					{failed && 'formError' in failed && !failed.fieldErrors.email ? (
						<p id="delete-error" role="alert" className="text-sm font-medium text-destructive">
							{failed.formError}
						</p>
					) : null}
					<div>
						<Button type="submit" variant="destructive" disabled={busy('delete')}>
							<Trash2 aria-hidden />
							{busy('delete') ? 'Deleting…' : 'Delete my account'}
						</Button>
					</div>
				</Form>
			</SectionCard>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
