import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { CheckoutButton } from '#app/components/billing-buttons.tsx'
import { PublicLayout } from '#app/components/public-layout.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Check, ShieldCheck } from '#app/components/ui/icons.tsx'
import { cn } from '#app/utils/cn.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { BILLING_MESSAGES, formatUsd } from '#server/domain/billing/billing.schema.ts'
import { publicPageHeaders } from '#app/utils/cache-control.ts'

/** The same for every signed-out visitor: kept rendered and cacheable. */
export const headers = publicPageHeaders

export { PublicErrorBoundary as ErrorBoundary } from '#app/components/public-layout.tsx'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
	pageMeta({
		title: 'Pricing',
		description: `Start with a free draft, or go Pro for unlimited AI-written application drafts at ${formatUsd(data?.proPrice ?? 19)} a month.`,
	})

export async function loader({ context }: LoaderFunctionArgs) {
	const { env, payments } = context.app
	return {
		contactEmail: env.CONTACT_EMAIL,
		billingConfigured: payments.configured,
		proPrice: env.PRO_PRICE_USD,
		packSize: env.CREDIT_PACK_SIZE,
		signedIn: Boolean(context.session?.user),
		/** The signed-in artist's plan (read with the session), marked on its card; null signed out. */
		plan: context.session?.user?.account.plan ?? null,
	}
}

export default function Pricing() {
	const { contactEmail, billingConfigured, proPrice, packSize, signedIn, plan } = useLoaderData<typeof loader>()
	return (
		<PublicLayout>
			<div className="bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_60%)]">
				<div className="mx-auto max-w-5xl px-4 py-16 sm:px-6 sm:py-24">
					<header className="mx-auto max-w-2xl text-center">
						<h1 className="text-4xl font-semibold sm:text-5xl">Simple pricing for working artists</h1>
						<p className="mt-4 text-lg text-muted-foreground">
							Try Callboard with a free draft. Upgrade when you are ready to apply to more calls.
						</p>
					</header>

					<div className="mt-12 grid items-stretch gap-6 md:grid-cols-2">
						<PlanCard
							name="Free"
							price="$0"
							description="For trying Callboard on your next application."
							badges={plan === 'free' ? <Badge variant="secondary">Your plan</Badge> : null}
							features={[
								'1 free draft opportunity',
								'Unlimited browsing of opportunities',
								'Basic AI assistance',
								'Email support',
							]}
						>
							<Button variant="outline" className="w-full" disabled>
								Start Free
							</Button>
						</PlanCard>

						<PlanCard
							highlighted
							name="Pro"
							price={formatUsd(proPrice)}
							period="/month"
							description="For artists who apply often and want the strongest drafts."
							badges={
								<>
									<Badge>Most Popular</Badge>
									<Badge variant="secondary">Early Adopter Pricing</Badge>
									{plan === 'pro' ? <Badge variant="outline">Your plan</Badge> : null}
								</>
							}
							features={[
								'Unlimited drafts',
								'Full opportunity feed access',
								'Advanced AI assistance',
								'Export to PDF',
								'Context management',
								'Priority support',
							]}
						>
							{plan === 'pro' ? (
								// Already Pro: nothing to buy here (a credit pack is refused on Pro); the profile manages it.
								<ButtonLink to="/portal/profile#billing" variant="outline" className="w-full">
									See your billing
								</ButtonLink>
							) : (
								<>
									<CheckoutButton kind="subscription" signedIn={signedIn} configured={billingConfigured} className="w-full">
										Upgrade to Pro
									</CheckoutButton>
									<CheckoutButton kind="credits" signedIn={signedIn} configured={billingConfigured} variant="outline" className="mt-2 w-full">
										Or buy {packSize} drafts once
									</CheckoutButton>
								</>
							)}
							{billingConfigured || plan === 'pro' ? null : (
								<p className="mt-3 text-center text-xs text-muted-foreground">{BILLING_MESSAGES.notConfigured}</p>
							)}
						</PlanCard>
					</div>

					<footer className="mt-12 flex flex-col items-center gap-3 text-center text-sm text-muted-foreground">
						<p>
							Need a custom solution for your school, collective or organisation?{' '}
							<a
								href={`mailto:${contactEmail}`}
								className="rounded-sm font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
							>
								Contact us
							</a>
						</p>
						<p className="flex items-center gap-1.5 font-medium text-foreground">
							<ShieldCheck aria-hidden className="size-4 text-success" />
							30-day money-back guarantee
						</p>
					</footer>
				</div>
			</div>
		</PublicLayout>
	)
}

type PlanCardProps = {
	name: string
	price: string
	period?: string
	description: string
	features: string[]
	badges?: ReactNode
	highlighted?: boolean
	children: ReactNode
}

function PlanCard({ name, price, period, description, features, badges, highlighted, children }: PlanCardProps) {
	return (
		<Card className={cn('relative', highlighted && 'border-primary/40 shadow-raised ring-1 ring-primary/30')}>
			<CardHeader className="gap-3">
				<div className="flex flex-wrap items-center justify-between gap-2">
					<CardTitle as="h2" className="text-xl">
						{name}
					</CardTitle>
					{badges ? <div className="flex flex-wrap gap-2">{badges}</div> : null}
				</div>
				<p className="flex items-baseline gap-1">
					<span className="text-4xl font-semibold tracking-tight">{price}</span>
					{period ? <span className="text-muted-foreground">{period}</span> : null}
				</p>
				<CardDescription>{description}</CardDescription>
			</CardHeader>
			<CardContent>
				<ul className="flex flex-col gap-3 text-sm" aria-label={`${name} plan features`}>
					{features.map((feature) => (
						<li key={feature} className="flex items-start gap-2.5">
							<Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
							{feature}
						</li>
					))}
				</ul>
			</CardContent>
			<CardFooter className="flex-col items-stretch gap-0 pt-2">{children}</CardFooter>
		</Card>
	)
}
