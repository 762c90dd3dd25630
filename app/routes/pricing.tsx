import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useNavigation } from '@remix-run/react'
import { Check, LoaderCircle, ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { PublicLayout } from '#app/components/public-layout.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { cn } from '#app/utils/cn.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { getOptionalUser } from '#server/auth/session.server.ts'

export { PublicErrorBoundary as ErrorBoundary } from '#app/components/public-layout.tsx'

export const meta: MetaFunction = () =>
	pageMeta({
		title: 'Pricing',
		description: 'Start with a free draft, or go Pro for unlimited AI-written application drafts at $19 a month.',
	})

export async function loader({ context }: LoaderFunctionArgs) {
	const { env } = context.app
	return { contactEmail: env.CONTACT_EMAIL, billingConfigured: Boolean(env.STRIPE_SECRET_KEY) }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const formData = await request.formData()
	if (formData.get('intent') !== 'upgrade') throw new Response('Unknown form action.', { status: 400 })
	const { env, logger } = context.app
	const user = await getOptionalUser(request, context)
	if (!user) {
		return redirectWithToast(
			'/pricing',
			{ type: 'error', title: 'Sign in required', description: 'Please sign in to upgrade your plan' },
			env,
		)
	}
	// Stripe checkout comes with the billing work. Until then, and whenever billing is not
	// configured, the upgrade ends with the specification's checkout error.
	logger.warn(
		{ requestId: context.requestId },
		env.STRIPE_SECRET_KEY ? 'checkout is not available yet' : 'checkout unavailable: billing is not configured (STRIPE_SECRET_KEY is unset)',
	)
	return redirectWithToast('/pricing', { type: 'error', description: 'Failed to open checkout. Please try again.' }, env)
}

export default function Pricing() {
	const { contactEmail, billingConfigured } = useLoaderData<typeof loader>()
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
							price="$19"
							period="/month"
							description="For artists who apply often and want the strongest drafts."
							badges={
								<>
									<Badge>Most Popular</Badge>
									<Badge variant="secondary">Early Adopter Pricing</Badge>
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
							<UpgradeForm />
							{billingConfigured ? null : (
								<p className="mt-3 text-center text-xs text-muted-foreground">
									Online payments are not set up on this Callboard server yet.
								</p>
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

function UpgradeForm() {
	const navigation = useNavigation()
	const pending = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'upgrade'
	return (
		<Form method="post">
			<Button type="submit" name="intent" value="upgrade" className="w-full" aria-disabled={pending || undefined}>
				{pending ? (
					<>
						<LoaderCircle aria-hidden className="animate-spin" />
						Loading...
					</>
				) : (
					'Upgrade to Pro'
				)}
			</Button>
		</Form>
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
