import { Form, useLocation, useRevalidator } from '@remix-run/react'
import { useMutation } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { showToast } from '#app/components/toaster.tsx'
import { Button, type ButtonVariantProps } from '#app/components/ui/button.tsx'
import { LoaderCircle } from '#app/components/ui/icons.tsx'
import { trpcErrorMessage, useTRPC } from '#app/utils/trpc.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { BILLING_MESSAGES, type CheckoutKind } from '#server/domain/billing/billing.schema.ts'

/*
 * The buttons that lead to Stripe (spec sections 2 and 4, "Upgrade"): Checkout for Pro or a credit
 * pack, and the billing portal. With JavaScript they ask over tRPC for the URL, reading
 * "Loading..." meanwhile, and open it in a new tab; without, they are forms whose action answers
 * 303 to the same page, in the same tab.
 */

type BillingButtonProps = ButtonVariantProps & {
	/** Signed out, the button asks to sign in first (spec: "Sign in required"). */
	signedIn: boolean
	/** Payments set up on this installation; otherwise the button says so instead of failing. */
	configured: boolean
	className?: string
	children: ReactNode
}

/**
 * Opens a tab at once (inside the click, so no popup blocker objects), then points it at the URL
 * the server gives, or closes it and says why.
 */
function useNewTabFlow(fallback: string, signInDescription: string) {
	const { revalidate } = useRevalidator()
	return {
		open() {
			const tab = window.open('', '_blank')
			// The page we send it to must not reach back into this one.
			if (tab) tab.opener = null
			return tab
		},
		go(tab: Window | null, url: string) {
			if (!tab) return void (window.location.href = url)
			tab.location.href = url
			refreshOnReturn(revalidate)
		},
		fail(tab: Window | null, error: Parameters<typeof trpcErrorMessage>[0]) {
			tab?.close()
			// A session that ended after the page loaded gets the signed-out visitor's words.
			if (error.data?.code === 'UNAUTHORIZED') showSignInRequired(signInDescription)
			else showToast({ type: 'error', description: trpcErrorMessage(error, fallback) })
		},
	}
}

/** How long after a checkout or the portal opened in another tab this one reads its data again on return. */
const REFRESH_ON_RETURN_MS = 30 * 60_000
let stopRefreshing: (() => void) | null = null

/**
 * The artist pays (or cancels) in the other tab, then comes back to this one, which still shows the
 * plan, credits and banners from before. Each time this tab has focus again, for half an hour, its
 * loaders run again, so it shows what the webhook has recorded by then.
 */
function refreshOnReturn(revalidate: () => void) {
	stopRefreshing?.()
	const until = Date.now() + REFRESH_ON_RETURN_MS
	const onFocus = () => (Date.now() > until ? stopRefreshing?.() : revalidate())
	window.addEventListener('focus', onFocus)
	stopRefreshing = () => {
		window.removeEventListener('focus', onFocus)
		stopRefreshing = null
	}
}

function Pending({ pending, children }: { pending: boolean; children: ReactNode }) {
	return pending ? (
		<>
			<LoaderCircle aria-hidden className="animate-spin motion-reduce:animate-none" />
			Loading...
		</>
	) : (
		<>{children}</>
	)
}

function showSignInRequired(description: string = BILLING_MESSAGES.signInDescription) {
	showToast({ type: 'error', title: BILLING_MESSAGES.signInTitle, description })
}

/** Notices shown instead of a request that cannot succeed. */
function refusal(signedIn: boolean, configured: boolean) {
	if (!signedIn) return () => showSignInRequired()
	if (!configured) return () => showToast({ type: 'error', description: BILLING_MESSAGES.notConfigured })
	return null
}

type StripeFormProps = BillingButtonProps & {
	/** Where the form posts (it answers 303 to Stripe). */
	action: string
	/** The form's own fields (returnTo is added). */
	fields?: Record<string, string>
}

/**
 * Without JavaScript (and in the server's render, before hydration): a form whose action answers
 * 303 to the Stripe page, in the same tab. The tRPC hooks of the button that replaces it live in
 * components rendered only once hydrated, so a page's render does not build them for nothing.
 */
function StripeForm({ action, fields = {}, className, children, variant, size }: StripeFormProps) {
	const location = useLocation()
	return (
		<Form method="post" action={action} className={className}>
			{Object.entries(fields).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			<input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
			<Button type="submit" variant={variant} size={size} className="w-full">
				{children}
			</Button>
		</Form>
	)
}

type StripeTabButtonProps = BillingButtonProps & {
	/** Asks the server for the URL. */
	request: () => Promise<{ url: string }>
	pending: boolean
	/** The specification's message when it fails for an unexpected reason. */
	fallback: string
	/** What "Sign in required" says when the session ended after the page loaded. */
	signInDescription?: string
}

/** With JavaScript: a new tab at once, pointed at the URL the server gives. */
function StripeTabButton({ request, pending, fallback, signInDescription = BILLING_MESSAGES.signInDescription, signedIn, configured, className, children, variant, size }: StripeTabButtonProps) {
	const flow = useNewTabFlow(fallback, signInDescription)
	const refuse = refusal(signedIn, configured)
	return (
		<Button
			variant={variant}
			size={size}
			className={className}
			aria-disabled={pending || undefined}
			onClick={() => {
				if (refuse) return refuse()
				if (pending) return
				const tab = flow.open()
				request().then(
					({ url }) => flow.go(tab, url),
					(error: Parameters<typeof trpcErrorMessage>[0]) => flow.fail(tab, error),
				)
			}}
		>
			<Pending pending={pending}>{children}</Pending>
		</Button>
	)
}

/** Upgrade to Pro (`kind` subscription) or buy a credit pack (`credits`). */
export function CheckoutButton({ kind, ...props }: BillingButtonProps & { kind: CheckoutKind }) {
	const hydrated = useHydrated()
	return hydrated ? <CheckoutTabButton kind={kind} {...props} /> : <StripeForm {...props} action="/billing/checkout" fields={{ kind }} />
}

function CheckoutTabButton({ kind, ...props }: BillingButtonProps & { kind: CheckoutKind }) {
	const trpc = useTRPC()
	const checkout = useMutation(trpc.billing.checkout.mutationOptions())
	return <StripeTabButton {...props} request={() => checkout.mutateAsync({ kind })} pending={checkout.isPending} fallback={BILLING_MESSAGES.checkoutFailed} />
}

/** "Manage billing": Stripe's portal for the card, cancelling and invoices. */
export function BillingPortalButton(props: BillingButtonProps) {
	const hydrated = useHydrated()
	return hydrated ? <PortalTabButton {...props} /> : <StripeForm {...props} action="/billing/portal" />
}

function PortalTabButton(props: BillingButtonProps) {
	const trpc = useTRPC()
	const portal = useMutation(trpc.billing.portal.mutationOptions())
	return (
		<StripeTabButton
			{...props}
			request={() => portal.mutateAsync()}
			pending={portal.isPending}
			fallback={BILLING_MESSAGES.portalFailed}
			signInDescription={BILLING_MESSAGES.signInToManageDescription}
		/>
	)
}
