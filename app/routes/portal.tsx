import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, Outlet, useFetcher, useLoaderData, useLocation } from '@remix-run/react'
import { BillingPortalButton, CheckoutButton } from '#app/components/billing-buttons.tsx'
import { NavigationProgress } from '#app/components/navigation-progress.tsx'
import { Brand } from '#app/components/brand.tsx'
import { MobileNav, PortalNavList, portalNavItems, SidebarToggle, useDrawer, useSidebarOpen } from '#app/components/portal-nav.tsx'
import { SignOutButton } from '#app/components/site-header.tsx'
import { CircleAlert, Sparkles, X } from '#app/components/ui/icons.tsx'
import { cn } from '#app/utils/cn.ts'
import { readPortalPreferences } from '#app/utils/portal-preferences.server.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { viewerAccount } from '#app/utils/viewer-account.server.ts'
import { requireOnboardedUser } from '#server/auth/guards.ts'
import { BILLING_MESSAGES } from '#server/domain/billing/billing.schema.ts'

export { PublicErrorBoundary as ErrorBoundary } from '#app/components/public-layout.tsx'

/** The portal: signed in with onboarding completed (spec section 4); every page under /portal/ passes this guard first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
	const user = requireOnboardedUser(request, context)
	const { payments, env } = context.app
	const [{ creditsRemaining, plan, paymentFailed }, preferences] = await Promise.all([
		viewerAccount(request, context, user),
		readPortalPreferences(request),
	])
	return {
		isAdmin: user.role === 'admin',
		plan,
		creditsRemaining,
		sidebarOpen: preferences.sidebarOpen,
		showCreditsBanner: plan !== 'pro' && creditsRemaining === 0 && !preferences.creditsBannerDismissed,
		paymentFailed,
		/** What the upgrade offers on portal pages need (the dialog, the banners). */
		billing: { configured: payments.configured, packSize: env.CREDIT_PACK_SIZE },
	}
}

type PortalLoaderData = Awaited<ReturnType<typeof loader>>

export default function PortalLayout() {
	const { isAdmin, plan, creditsRemaining, sidebarOpen, showCreditsBanner, paymentFailed, billing } = useLoaderData<typeof loader>()
	const open = useSidebarOpen(sidebarOpen)
	const drawer = useDrawer()
	const items = portalNavItems(isAdmin)

	return (
		<div className="flex min-h-dvh flex-col">
			<header className="sticky top-0 z-40 border-b border-border/80 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
				<div className="relative flex h-14 items-center gap-2 px-3 sm:px-4">
					<MobileNav items={items} open={drawer.open} onOpenChange={drawer.setOpen} />
					<SidebarToggle open={open} onNarrowScreenShortcut={drawer.toggle} />
					<Brand />
					<NavigationProgress />
					<div className="ml-auto flex items-center gap-3">
						{/* A Pro artist drafts without limit: "Pro", never a credit count beside unlimited. */}
						{plan === 'pro' ? (
							<p className="text-sm whitespace-nowrap text-muted-foreground">
								Plan: <span className="font-semibold text-foreground">Pro</span>
							</p>
						) : (
							// On a phone's width the short label keeps it on one line beside the logo.
							<p className="text-sm whitespace-nowrap text-muted-foreground">
								Credits<span className="sr-only sm:not-sr-only"> remaining</span>: <span className="font-semibold text-foreground">{creditsRemaining}</span>
							</p>
						)}
						<SignOutButton size="sm" />
					</div>
				</div>
			</header>
			<div className="flex flex-1">
				<aside
					id="portal-sidebar"
					className={cn(
						'sticky top-14 hidden h-[calc(100dvh-3.5rem)] shrink-0 overflow-y-auto border-r border-border bg-card transition-[width] duration-200 md:block',
						open ? 'w-64 p-3' : 'w-12 px-1 py-3',
					)}
				>
					<nav aria-label="Portal">
						<PortalNavList items={items} collapsed={!open} />
					</nav>
				</aside>
				<main id="main-content" tabIndex={-1} className="flex min-w-0 flex-1 flex-col focus:outline-none">
					{paymentFailed ? <PaymentFailedBanner configured={billing.configured} /> : null}
					{showCreditsBanner ? <OutOfCreditsBanner billing={billing} /> : null}
					<Outlet />
				</main>
			</div>
		</div>
	)
}

function OutOfCreditsBanner({ billing }: { billing: PortalLoaderData['billing'] }) {
	const fetcher = useFetcher({ key: 'credits-banner' })
	const hydrated = useHydrated()
	const location = useLocation()
	if (fetcher.formData) return null
	// An offer, not an alarm: it shows right after the free draft is spent, and nothing went wrong
	// (a failed payment, below, is red).
	return (
		<section
			aria-label="Credits"
			className="flex items-start gap-3 border-b border-primary/20 bg-accent px-4 py-3 text-sm sm:px-6"
		>
			<Sparkles aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
			<div className="min-w-0 flex-1">
				<p className="font-semibold">You're out of credits.</p>
				<p className="text-foreground/80">
					Upgrade for monthly credits or buy a one-time pack.{' '}
					<Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
						See plans
					</Link>
				</p>
				<div className="mt-2 flex flex-wrap gap-2">
					<CheckoutButton kind="subscription" signedIn configured={billing.configured} size="sm">
						Upgrade to Pro
					</CheckoutButton>
					<CheckoutButton kind="credits" signedIn configured={billing.configured} size="sm" variant="outline">
						Buy {billing.packSize} credits
					</CheckoutButton>
				</div>
			</div>
			<fetcher.Form method="post" action="/portal/preferences">
				<input type="hidden" name="intent" value="dismiss-credits-banner" />
				{hydrated ? null : <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />}
				<button
					type="submit"
					className="-m-1 rounded-sm p-1 text-muted-foreground hover:bg-foreground/5 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
				>
					<X aria-hidden className="size-4" />
					<span className="sr-only">Dismiss</span>
				</button>
			</fetcher.Form>
		</section>
	)
}

/** invoice.payment_failed: the card needs fixing before Stripe ends the subscription. */
function PaymentFailedBanner({ configured }: { configured: boolean }) {
	return (
		<section aria-label="Payment" className="flex flex-wrap items-center gap-3 border-b border-destructive/20 bg-destructive-soft px-4 py-3 text-sm sm:px-6">
			<CircleAlert aria-hidden className="size-5 shrink-0 text-destructive" />
			<p className="min-w-0 flex-1 font-semibold">{BILLING_MESSAGES.paymentFailed}</p>
			<BillingPortalButton signedIn configured={configured} size="sm" variant="outline">
				Update payment method
			</BillingPortalButton>
		</section>
	)
}
