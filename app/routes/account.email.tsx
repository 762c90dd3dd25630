import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AccountCard, ExpiredLink, FormAlert } from '#app/components/account-forms.tsx'
import { PublicLayout } from '#app/components/public-layout.tsx'
import { StatusPanel } from '#app/components/status-panel.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { AlertCircle } from '#app/components/ui/icons.tsx'
import { handleFormErrors } from '#app/utils/errors.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { serializeSessionCookie } from '#server/auth/session.server.ts'
import { ACCOUNT_MESSAGES, LINK_INVALID_MESSAGE } from '#server/domain/accounts/accounts.schema.ts'
import { approveEmailChange, confirmEmailChange, describeEmailChangeLink, EMAIL_CHANGE_PATH } from '#server/domain/accounts/email-change.ts'

export { PublicErrorBoundary as ErrorBoundary } from '#app/components/public-layout.tsx'

/*
 * /account/email?token=…: both links of an e-mail change (ADR 028). The page says what the link
 * does and a button does it, so a mail scanner that follows the link uses nothing up. It needs no
 * session: the link is the proof, from the mailbox it was sent to.
 */

export const meta: MetaFunction = () => pageMeta({ title: 'Change your e-mail address', noindex: true })

export async function loader({ request, context }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	// Where the first link's button leads (a redirect, so a reload does not post it again).
	if (url.searchParams.get('sent') === '1') return { token: null, link: null, sent: true }
	const token = url.searchParams.get('token') ?? ''
	const link = await describeEmailChangeLink(context.app, token)
	if (!link) return data({ token: null, link: null, sent: false }, { status: 400 })
	return { token, link, sent: false }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const { app } = context
	// Remix runs an action for any method but GET; only the page's button (a POST) uses a link.
	if (request.method !== 'POST') throw new Response('Method not allowed.', { status: 405, headers: { Allow: 'GET, POST' } })
	const token = String((await readForm(request)).get('token') ?? '')
	const link = await describeEmailChangeLink(app, token)
	if (!link) return data({ formError: LINK_INVALID_MESSAGE }, { status: 400 })
	if (link.step === 'approve') {
		const approved = await handleFormErrors(() => approveEmailChange(app, { token }))
		if (!approved.ok) return approved.response
		const description = ACCOUNT_MESSAGES.emailChangeApproved(approved.value.newEmail)
		return redirectWithToast(`${EMAIL_CHANGE_PATH}?sent=1`, { title: 'Check your new address', description }, app.env)
	}
	const confirmed = await handleFormErrors(() => confirmEmailChange(app, { token }))
	if (!confirmed.ok) return confirmed.response
	const { newEmail, signedIn } = confirmed.value
	const cookie = serializeSessionCookie(signedIn.session.token, signedIn.session.expiresAt, { secure: app.env.isProduction })
	return redirectWithToast('/portal/account', { title: ACCOUNT_MESSAGES.emailChangedTitle, description: ACCOUNT_MESSAGES.emailChanged(newEmail) }, app.env, {
		headers: { 'Set-Cookie': cookie },
	})
}

export default function EmailChange() {
	const { token, link, sent } = useLoaderData<typeof loader>()
	const answered = useActionData<typeof action>()
	const submitting = useNavigation().state !== 'idle'
	if (sent) {
		return (
			<AccountCard title="Check your new address" description="We sent a link to your new address. Open it to finish the change.">
				<p className="text-sm text-muted-foreground">The link works once, for 24 hours. Until it is opened, your account keeps its current address.</p>
			</AccountCard>
		)
	}
	if (!token || !link || answered?.formError === LINK_INVALID_MESSAGE) {
		return <ExpiredLink title="This link has expired" newLink={{ to: '/portal/account', label: 'Ask again from your account' }} />
	}
	if (answered?.formError) {
		// The new address was taken meanwhile: this link can never work, so no button, and the way back.
		return (
			<PublicLayout>
				<StatusPanel icon={AlertCircle} tone="destructive" title="Nothing was changed" actions={<ButtonLink to="/portal/account">Back to your account</ButtonLink>}>
					<p>{answered.formError}</p>
				</StatusPanel>
			</PublicLayout>
		)
	}
	const approve = link.step === 'approve'
	return (
		<AccountCard
			title={approve ? 'Move your account to a new address?' : 'Confirm your new address'}
			description={
				approve
					? `Your Callboard account will sign in with ${link.newEmail} once you agree here and then open the link we send to ${link.newEmail}.`
					: `This moves an existing Callboard account, with its profile, drafts and password, to ${link.newEmail}: from now on that address signs in to it. Every other device will be signed out. Confirm only if the account is yours.`
			}
		>
			<Form method="post" className="grid gap-4">
				<input type="hidden" name="token" value={token} />
				<FormAlert message={answered?.formError} />
				<Button type="submit" disabled={submitting}>
					{approve ? 'Yes, send a link to the new address' : 'Confirm my new address'}
				</Button>
			</Form>
		</AccountCard>
	)
}
