import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { SectionCard } from '#app/components/section-card.tsx'
import { Field } from '#app/components/forms.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { ArrowLeft, KeyRound, Mail, Trash2 } from '#app/components/ui/icons.tsx'
import { requestMeta } from '#app/utils/auth.server.ts'
import { handleFormErrors } from '#app/utils/errors.server.ts'
import { FLASH_FOCUS, useFlashFocus } from '#app/components/toaster.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { requireOnboardedUser } from '#server/auth/guards.ts'
import { serializeClearedSessionCookie } from '#server/auth/session.server.ts'
import { countOtherSessions, deleteAccount, signOutOtherSessions } from '#server/domain/accounts/account.ts'
import { cancelEmailChange, findPendingEmailChange, requestEmailChange } from '#server/domain/accounts/email-change.ts'
import { ACCOUNT_MESSAGES } from '#server/domain/accounts/accounts.schema.ts'
import { requestPasswordReset } from '#server/domain/accounts/password-reset.ts'
import { isDomainError } from '#server/domain/errors.ts'

/*
 * /portal/account (ADR 027): the devices this account is signed in on, moving the account to
 * another e-mail address (ADR 028), a link to set a new password, and deleting the account. Plain
 * forms, so all work without JavaScript.
 */

const PAGE = '/portal/account'

export const meta: MetaFunction = () => pageMeta({ title: 'Account', noindex: true })

export async function loader({ request, context }: LoaderFunctionArgs) {
	const user = requireOnboardedUser(request, context)
	const [otherSessions, pending] = await Promise.all([countOtherSessions(context.app, user, context.session!.sessionId), findPendingEmailChange(context.app, user)])
	return { email: user.email, otherSessions, pendingEmailChange: pending && { newEmail: pending.newEmail, waitingFor: pending.waitingFor, since: pending.since.getTime() } }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const user = requireOnboardedUser(request, context)
	const { app } = context
	const form = await readForm(request)
	if (form.get('intent') === 'sign-out-others') {
		const ended = await signOutOtherSessions(app, user, context.session!.sessionId)
		const description = ended === 1 ? '1 other session ended.' : `${ended} other sessions ended.`
		return redirectWithToast(PAGE, { title: 'Signed out of other devices', description }, app.env)
	}
	if (form.get('intent') === 'password-link') {
		// The reset link the sign-in page offers, to this account's own address: whoever holds the
		// session alone cannot change the password (a borrowed laptop); the mailbox must agree.
		try {
			await requestPasswordReset(app, { email: user.email }, requestMeta(context))
		} catch (error) {
			if (!isDomainError(error)) throw error
			return redirectWithToast(PAGE, { type: 'error', description: error.message, focus: FLASH_FOCUS.passwordLink }, app.env)
		}
		return redirectWithToast(PAGE, { title: 'Check your email', description: ACCOUNT_MESSAGES.passwordLinkSent(user.email), focus: FLASH_FOCUS.passwordLink }, app.env)
	}
	if (form.get('intent') === 'change-email') {
		// The current mailbox agrees first, then the new one confirms (ADR 028).
		const newEmail = String(form.get('newEmail') ?? '')
		const asked = await handleFormErrors(() => requestEmailChange(app, user, { newEmail }, requestMeta(context)), { intent: 'change-email', values: { newEmail } })
		if (!asked.ok) return asked.response
		const description = ACCOUNT_MESSAGES.emailChangeAsked(asked.value.email, asked.value.newEmail)
		return redirectWithToast(PAGE, { title: 'Check your email', description, focus: FLASH_FOCUS.emailChange }, app.env)
	}
	if (form.get('intent') === 'cancel-email-change') {
		const toast = (await cancelEmailChange(app, user))
			? { title: ACCOUNT_MESSAGES.emailChangeCancelledTitle, description: ACCOUNT_MESSAGES.emailChangeCancelled }
			: { type: 'info' as const, title: ACCOUNT_MESSAGES.emailChangeNoneWaitingTitle, description: ACCOUNT_MESSAGES.emailChangeNoneWaiting }
		return redirectWithToast(PAGE, { ...toast, focus: FLASH_FOCUS.emailChange }, app.env)
	}
	// Only its own button deletes: a post with no intent, or one this page does not know, is refused.
	if (form.get('intent') !== 'delete') throw new Response('Unknown form.', { status: 400 })
	const email = String(form.get('email') ?? '')
	const result = await handleFormErrors(() => deleteAccount(app, user, { email }), { intent: 'delete', values: { email } })
	if (!result.ok) return result.response
	return redirectWithToast('/', { title: ACCOUNT_MESSAGES.deletedTitle, description: ACCOUNT_MESSAGES.deletedDescription }, app.env, {
		headers: { 'Set-Cookie': serializeClearedSessionCookie({ secure: app.env.isProduction }) },
	})
}

export default function Account() {
	const { email, otherSessions, pendingEmailChange: pending } = useLoaderData<typeof loader>()
	const failed = useActionData<typeof action>()
	const navigation = useNavigation()
	const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
	const focusPasswordLink = useFlashFocus(FLASH_FOCUS.passwordLink)
	const focusEmailChange = useFlashFocus(FLASH_FOCUS.emailChange)
	const failedFor = (intent: string) => (failed && 'intent' in failed && failed.intent === intent ? failed : undefined)
	const deleteFailed = failedFor('delete')
	const typed = (deleteFailed?.values as { email?: string } | undefined)?.email
	const emailChange = failedFor('change-email')
	const typedNewEmail = (emailChange?.values as { newEmail?: string } | undefined)?.newEmail
	// A request accepted empties the field with JavaScript, as the page's reload empties it without
	// (focus stays on the button). Only this form's own request: a change approved in another tab
	// does not clear what is being typed here, and a refused one keeps it.
	const changeForm = useRef<HTMLFormElement>(null)
	const changeSent = useRef(false)
	const pendingSince = pending?.since
	useEffect(() => {
		if (pendingSince && changeSent.current && !emailChange) changeForm.current?.reset()
		changeSent.current = false
	}, [pendingSince, emailChange])
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
				title="E-mail address"
				description="Move your account to another address. We e-mail a link to your current address first, then one to the new address; the move is made when both are opened, and signs you out everywhere else."
			>
				{pending ? (
					<Form method="post" className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border bg-muted/40 p-3">
						<input type="hidden" name="intent" value="cancel-email-change" />
						<p className="text-sm">
							{pending.waitingFor === 'current'
								? ACCOUNT_MESSAGES.emailChangeWaitingForCurrent(email, pending.newEmail)
								: ACCOUNT_MESSAGES.emailChangeWaitingForNew(pending.newEmail)}{' '}
							{ACCOUNT_MESSAGES.emailChangeReplaced}
						</p>
						<Button type="submit" variant="ghost" size="sm" disabled={busy('cancel-email-change')}>
							{busy('cancel-email-change') ? 'Cancelling…' : 'Cancel this change'}
						</Button>
					</Form>
				) : null}
				<Form
					ref={changeForm}
					onSubmit={() => (changeSent.current = true)}
					method="post"
					className="grid gap-4"
					aria-describedby={formErrorShown(emailChange, 'newEmail') ? 'email-change-error' : undefined}
				>
					<input type="hidden" name="intent" value="change-email" />
					<Field
						label="New e-mail address"
						errors={emailChange?.fieldErrors.newEmail}
						inputProps={{
							name: 'newEmail',
							type: 'email',
							autoComplete: 'email',
							defaultValue: typedNewEmail ?? '',
							maxLength: 320,
							required: true,
							autoFocus: focusEmailChange ?? (emailChange ? true : undefined),
						}}
					/>
					<FormError id="email-change-error" failed={emailChange} field="newEmail" />
					<div>
						<Button type="submit" variant="outline" disabled={busy('change-email')}>
							<Mail aria-hidden />
							{busy('change-email') ? 'Sending…' : 'Change e-mail address'}
						</Button>
					</div>
				</Form>
			</SectionCard>
			<SectionCard
				title="Password"
				description="We e-mail you a link to choose a new password; it works once, for 1 hour. Choosing one signs you out everywhere else. This also works if you signed up with a magic link and have no password yet."
			>
				<Form method="post">
					<input type="hidden" name="intent" value="password-link" />
					<Button type="submit" variant="outline" disabled={busy('password-link')} autoFocus={focusPasswordLink}>
						<Mail aria-hidden />
						{busy('password-link') ? 'Sending…' : 'E-mail me a link'}
					</Button>
				</Form>
			</SectionCard>
			<SectionCard
				title="Delete account"
				description="Deletes your profile, CV and images, your drafts and their context, your saved calls and your credits, for good. A Pro subscription is cancelled at once."
			>
				<Form method="post" className="grid gap-4" aria-describedby={formErrorShown(deleteFailed, 'email') ? 'delete-error' : undefined}>
					<input type="hidden" name="intent" value="delete" />
					<Field
						label={`Type your e-mail address (${email}) to confirm`}
						errors={deleteFailed?.fieldErrors.email}
						inputProps={{ name: 'email', type: 'email', autoComplete: 'off', defaultValue: typed ?? '', maxLength: 320, required: true }}
					/>
					<FormError id="delete-error" failed={deleteFailed} field="email" />
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

type FailedForm = { formError: string; fieldErrors: Record<string, string[] | undefined> } | undefined

/** Whether a form's refusal is its own, not about its field (which says it itself). */
const formErrorShown = (failed: FailedForm, field: string): failed is NonNullable<FailedForm> => Boolean(failed && !failed.fieldErrors[field])

/** A form's own refusal (formErrorShown), read out as it appears. */
function FormError({ id, failed, field }: { id: string; failed: FailedForm; field: string }) {
	if (!formErrorShown(failed, field)) return null
	return (
		<p id={id} role="alert" className="text-sm font-medium text-destructive">
			{failed.formError}
		</p>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
