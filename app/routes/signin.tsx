import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from '@remix-run/react'
import { useEffect, useRef, type KeyboardEvent } from 'react'
import { FormAlert } from '#app/components/account-forms.tsx'
import { Field } from '#app/components/forms.tsx'
import { PublicLayout } from '#app/components/public-layout.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { MailCheck, Sparkles } from '#app/components/ui/icons.tsx'
import { redirectSignedIn, requestMeta } from '#app/utils/auth.server.ts'
import { cn } from '#app/utils/cn.ts'
import { handleFormErrors } from '#app/utils/errors.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { safeRedirectTo } from '#server/auth/guards.ts'
import { EmailLinkRequestInput, SignInInput, SignUpInput } from '#server/domain/accounts/accounts.schema.ts'
import { requestMagicLink } from '#server/domain/accounts/magic-link.ts'
import { signInWithPassword } from '#server/domain/accounts/sign-in.ts'
import { signUp } from '#server/domain/accounts/sign-up.ts'
import { parseInput } from '#server/domain/errors.ts'
import { publicPageHeaders } from '#app/utils/cache-control.ts'

/** The same for every signed-out visitor: kept rendered and cacheable. */
export const headers = publicPageHeaders

export { PublicErrorBoundary as ErrorBoundary } from '#app/components/public-layout.tsx'

export const meta: MetaFunction = () =>
	pageMeta({ title: 'Sign in', description: 'Sign in or create a Callboard account.' })

type Tab = 'signin' | 'signup'
const TABS: { id: Tab; label: string }[] = [
	{ id: 'signin', label: 'Sign In' },
	{ id: 'signup', label: 'Sign Up' },
]

/** The spec's toast after signing up, which the Sign In tab repeats. */
const SIGN_UP_SENT = 'Please check your email to confirm your account!'

/** This page's URL with the given query; the redirect target always travels along. */
function signInHref({ tab, redirectTo, magic, signedUp }: { tab?: Tab; redirectTo?: string; magic?: boolean; signedUp?: boolean }) {
	const params = new URLSearchParams()
	if (tab === 'signup') params.set('tab', 'signup')
	if (magic) params.set('magic', 'sent')
	if (signedUp) params.set('signup', 'sent')
	if (redirectTo) params.set('redirectTo', redirectTo)
	const query = params.toString()
	return query ? `/signin?${query}` : '/signin'
}

export async function loader({ request, context }: LoaderFunctionArgs) {
	if (context.session) throw redirect('/portal/feed')
	const params = new URL(request.url).searchParams
	return {
		tab: (params.get('tab') === 'signup' ? 'signup' : 'signin') as Tab,
		redirectTo: safeRedirectTo(params.get('redirectTo'), ''),
		magicLinkSent: params.get('magic') === 'sent',
		signUpSent: params.get('signup') === 'sent',
	}
}

export async function action({ request, context }: ActionFunctionArgs) {
	const form = Object.fromEntries(await readForm(request))
	const intent = String(form.intent ?? '')
	const redirectTo = safeRedirectTo(form.redirectTo, '')
	const values = { email: String(form.email ?? '') }
	const { env } = context.app
	const meta = requestMeta(context)

	if (intent === 'signin') {
		const result = await handleFormErrors(
			() => signInWithPassword(context.app, parseInput(SignInInput, form), meta),
			{ intent, values },
		)
		if (!result.ok) return result.response
		return redirectSignedIn(redirectTo || '/', result.value, 'Successfully signed in!', env)
	}
	if (intent === 'signup') {
		const result = await handleFormErrors(() => signUp(context.app, parseInput(SignUpInput, form), meta), { intent, values })
		if (!result.ok) return result.response
		return redirectWithToast(signInHref({ redirectTo, signedUp: true }), { title: SIGN_UP_SENT }, env)
	}
	if (intent === 'magic-link') {
		const result = await handleFormErrors(
			() => requestMagicLink(context.app, parseInput(EmailLinkRequestInput, form), meta),
			{ intent, values },
		)
		if (!result.ok) return result.response
		// The card switches to its confirmation message, and the spec's success toast says it too.
		return redirectWithToast(signInHref({ redirectTo, magic: true }), { title: 'Magic link sent!', description: 'Check your email for the sign-in link.' }, env)
	}
	throw new Response('Unknown form.', { status: 400 })
}

export default function SignIn() {
	const { tab: requestedTab, redirectTo, magicLinkSent, signUpSent } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	// After a failed submit the page shows the form that failed, whatever the URL says.
	const tab: Tab = actionData?.intent === 'signup' || actionData?.intent === 'signin' ? actionData.intent : requestedTab
	const errorsOf = (intent: string) => (actionData?.intent === intent ? actionData : undefined)

	return (
		<PublicLayout>
			<div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-10 sm:py-14 md:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] md:items-start">
				<Card>
					<CardHeader>
						<CardTitle as="h1">{tab === 'signup' ? 'Create your account' : 'Welcome back'}</CardTitle>
						<CardDescription>
							{tab === 'signup'
								? 'Find open calls and get AI-written drafts of your applications.'
								: 'Sign in to see your feed and your drafts.'}
						</CardDescription>
					</CardHeader>
					<CardContent className="grid gap-6">
						<AccountTabs tab={tab} redirectTo={redirectTo} />
						<div role="tabpanel" id="panel-signin" aria-labelledby="tab-signin" hidden={tab !== 'signin'}>
							{/* Until the next attempt, whose own message then says what to do. */}
							{signUpSent && tab === 'signin' && !actionData ? <SignUpSent /> : null}
							<PasswordForm intent="signin" redirectTo={redirectTo} errors={errorsOf('signin')} />
						</div>
						<div role="tabpanel" id="panel-signup" aria-labelledby="tab-signup" hidden={tab !== 'signup'}>
							<PasswordForm intent="signup" redirectTo={redirectTo} errors={errorsOf('signup')} />
						</div>
					</CardContent>
				</Card>

				<div className="grid gap-6">
					<MagicLinkCard sent={magicLinkSent} redirectTo={redirectTo} errors={errorsOf('magic-link')} />
					<PromoCard />
				</div>
			</div>
		</PublicLayout>
	)
}

/**
 * Tabs that are links (?tab=signup), so they work without JavaScript. Once
 * hydrated they follow the ARIA tabs pattern: one tab stop, arrow keys move
 * between the tabs and select them.
 */
function AccountTabs({ tab, redirectTo }: { tab: Tab; redirectTo: string }) {
	const hydrated = useHydrated()
	const navigate = useNavigate()
	const refs = useRef<Record<Tab, HTMLAnchorElement | null>>({ signin: null, signup: null })

	function onKeyDown(event: KeyboardEvent) {
		const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, Home: -TABS.length, End: TABS.length }
		const move = moves[event.key]
		if (move === undefined) return
		event.preventDefault()
		const index = Math.min(TABS.length - 1, Math.max(0, TABS.findIndex((t) => t.id === tab) + move))
		const next = TABS[index]!.id
		refs.current[next]?.focus()
		navigate(signInHref({ tab: next, redirectTo }), { replace: true, preventScrollReset: true })
	}

	return (
		<div role="tablist" aria-label="Sign in or sign up" className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1" onKeyDown={onKeyDown}>
			{TABS.map(({ id, label }) => {
				const selected = id === tab
				return (
					<Link
						key={id}
						ref={(element) => {
							refs.current[id] = element
						}}
						id={`tab-${id}`}
						role="tab"
						to={signInHref({ tab: id, redirectTo })}
						replace
						preventScrollReset
						aria-selected={selected}
						aria-controls={`panel-${id}`}
						tabIndex={hydrated && !selected ? -1 : undefined}
						className={cn(
							'rounded-md px-3 py-2 text-center text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
							selected ? 'bg-card text-foreground shadow-card' : 'text-muted-foreground hover:text-foreground',
						)}
					>
						{label}
					</Link>
				)
			})}
		</div>
	)
}

type FormErrors = { formError: string; fieldErrors: Record<string, string[]>; values?: { email: string } } | undefined

function PasswordForm({ intent, redirectTo, errors }: { intent: 'signin' | 'signup'; redirectTo: string; errors: FormErrors }) {
	const navigation = useNavigation()
	const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
	const signUp = intent === 'signup'
	const fieldErrors = errors?.fieldErrors ?? {}
	const showFormError = errors && !fieldErrors.email && !fieldErrors.password
	return (
		<Form method="post" className="grid gap-4" noValidate>
			<input type="hidden" name="intent" value={intent} />
			{redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
			<Field
				label="E-mail"
				errors={fieldErrors.email}
				inputProps={{
					id: `${intent}-email`,
					name: 'email',
					type: 'email',
					autoComplete: 'email',
					required: true,
					defaultValue: errors?.values?.email,
				}}
			/>
			<Field
				label="Password"
				hint={signUp ? 'At least 8 characters, with a letter and a number or symbol.' : undefined}
				errors={fieldErrors.password}
				inputProps={{
					id: `${intent}-password`,
					name: 'password',
					type: 'password',
					autoComplete: signUp ? 'new-password' : 'current-password',
					required: true,
				}}
			/>
			<FormAlert message={showFormError ? errors.formError : null} />
			<Button type="submit" disabled={submitting}>
				{submitting ? (signUp ? 'Creating account…' : 'Signing in…') : signUp ? 'Sign Up' : 'Sign In'}
			</Button>
			{signUp ? null : (
				<Link to="/forgot-password" className="justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline">
					Forgot password?
				</Link>
			)}
		</Form>
	)
}

/**
 * After signing up: what happens next, where the sign-in form is. It takes focus (the Sign Up
 * button that had it is in the hidden tab now); the toast with the same words announces it.
 */
function SignUpSent() {
	const notice = useRef<HTMLDivElement>(null)
	useEffect(() => notice.current?.focus(), [])
	return (
		<div ref={notice} tabIndex={-1} role="status" className="mb-6 grid gap-1 rounded-lg border border-border bg-muted/50 px-4 py-3 text-sm focus:outline-none focus-visible:outline-2 focus-visible:outline-ring">
			<p className="flex items-center gap-2 font-semibold">
				<MailCheck aria-hidden className="size-5 text-success" />
				{SIGN_UP_SENT}
			</p>
			<p className="text-muted-foreground">Open the link we sent you, then sign in here.</p>
		</div>
	)
}

function MagicLinkCard({ sent, redirectTo, errors }: { sent: boolean; redirectTo: string; errors: FormErrors }) {
	const navigation = useNavigation()
	const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'magic-link'
	return (
		<Card>
			<CardHeader>
				<CardTitle as="h2">Sign in with a magic link</CardTitle>
				<CardDescription>No password needed: we e-mail you a link that signs you in.</CardDescription>
			</CardHeader>
			<CardContent>
				{/* Not a live region: the toast with the same words announces it. */}
				<div>
					{sent ? (
						<div className="grid gap-3">
							<p className="flex items-center gap-2 font-semibold">
								<MailCheck aria-hidden className="size-5 text-success" />
								Magic link sent!
							</p>
							<p className="text-sm text-muted-foreground">Check your email for the sign-in link.</p>
							<Link
								to={signInHref({ redirectTo })}
								className="justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
							>
								Use another e-mail address
							</Link>
						</div>
					) : null}
				</div>
				{sent ? null : (
					<Form method="post" action={signInHref({ redirectTo })} className="grid gap-4" noValidate>
						<input type="hidden" name="intent" value="magic-link" />
						{redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
						<Field
							label="E-mail"
							errors={errors?.fieldErrors.email}
							inputProps={{
								id: 'magic-email',
								name: 'email',
								type: 'email',
								autoComplete: 'email',
								required: true,
								defaultValue: errors?.values?.email,
							}}
						/>
						<FormAlert message={errors && !errors.fieldErrors.email ? errors.formError : null} />
						<Button type="submit" variant="outline" disabled={submitting}>
							{submitting ? 'Sending…' : 'Send magic link'}
						</Button>
					</Form>
				)}
			</CardContent>
		</Card>
	)
}

function PromoCard() {
	return (
		<Card className="border-primary/20 bg-accent">
			<CardHeader>
				<span className="mb-1 grid size-9 place-items-center rounded-full bg-card text-accent-foreground">
					<Sparkles aria-hidden className="size-5" />
				</span>
				<CardTitle as="h2" className="text-accent-foreground">
					Your first draft is free
				</CardTitle>
				<CardDescription className="text-foreground/80">
					Sign up and get 1 free AI-written application draft: answers to every question of an open call, in your
					voice, within its word limits.
				</CardDescription>
			</CardHeader>
		</Card>
	)
}
