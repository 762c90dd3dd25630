import type { MetaFunction } from '@remix-run/node'
import type { ReactNode } from 'react'
import { PublicLayout } from '#app/components/public-layout.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { ArrowRight, Building2, CalendarDays, Compass, Sparkles, Timer, type Icon } from '#app/components/ui/icons.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { useOptionalUser } from '#app/utils/user.ts'
import { formatShortDate } from '#server/domain/dates.ts'
import { publicPageHeaders } from '#app/utils/cache-control.ts'

/** The same for every signed-out visitor: kept rendered and cacheable. */
export const headers = publicPageHeaders

export { PublicErrorBoundary as ErrorBoundary } from '#app/components/public-layout.tsx'

export const meta: MetaFunction = () =>
	pageMeta({
		title: 'Open calls and AI application drafts for visual artists',
		description:
			'Discover grants, residencies and open calls filtered by medium, location and interests, and get a personalised AI-written draft of every application answer.',
	})

const features: Array<{ icon: Icon; title: string; description: string }> = [
	{
		icon: Compass,
		title: 'Discover Opportunities',
		description:
			'Browse grants, residencies and open calls in one feed, and filter them by medium, location and interests.',
	},
	{
		icon: Sparkles,
		title: 'AI-Generated Drafts',
		description:
			'Get a first draft of every application answer, written from your profile, your work and the call itself.',
	},
	{
		icon: Timer,
		title: 'Save Time and Apply More',
		description:
			'Spend less time on paperwork and more in the studio. Edit, refine and reuse drafts to apply to more calls.',
	},
]

// Static examples for visitors; the live feed is in the portal.
const sampleOpportunities = [
	{
		title: 'Coastal Studio Residency 2027',
		organiser: 'Harbourlight Arts Foundation',
		category: 'Residency',
		description:
			'A funded six-week residency by the sea for early-career painters, sculptors and installation artists, ending in an open-studio exhibition.',
		deadline: '2027-01-15',
	},
	{
		title: 'Riverside Walk Public Art Commission',
		organiser: 'Millbrook Cultural Office',
		category: 'Open Call',
		description:
			'Proposals for a permanent outdoor work along the new riverside path. Open to artists working in any durable medium.',
		deadline: '2027-02-26',
	},
	{
		title: 'Project Grant for Visual Artists',
		organiser: 'Northern Lights Arts Council',
		category: 'Grant',
		description:
			'Grants of up to $10,000 to research, create or present new work. Individual artists and small collectives may apply.',
		deadline: '2027-03-31',
	},
]


export default function Index() {
	const user = useOptionalUser()
	const start = user ? '/portal/feed' : '/signin'
	return (
		<PublicLayout>
			<Hero start={start} signedIn={Boolean(user)} />
			<Section id="features" title="Everything you need to apply with confidence">
				<ul className="grid gap-4 md:grid-cols-3">
					{features.map(({ icon: Icon, title, description }) => (
						<li key={title}>
							<Card className="h-full">
								<CardHeader>
									<span className="mb-3 grid size-10 place-items-center rounded-lg bg-accent text-accent-foreground">
										<Icon aria-hidden className="size-5" />
									</span>
									<CardTitle>{title}</CardTitle>
									<CardDescription className="text-base leading-relaxed">{description}</CardDescription>
								</CardHeader>
							</Card>
						</li>
					))}
				</ul>
			</Section>
			<Section
				id="opportunities"
				title="Current Opportunities"
				intro="A few of the calls artists are applying to right now."
				className="bg-card"
			>
				<ul className="grid gap-4 md:grid-cols-3">
					{sampleOpportunities.map((opportunity) => (
						<li key={opportunity.title}>
							<Card className="h-full">
								<CardHeader>
									<Badge variant="secondary" className="mb-2 self-start">
										{opportunity.category}
									</Badge>
									<CardTitle>{opportunity.title}</CardTitle>
									<p className="flex items-center gap-1.5 text-sm text-muted-foreground">
										<Building2 aria-hidden className="size-4 shrink-0" />
										{opportunity.organiser}
									</p>
								</CardHeader>
								<CardContent className="flex flex-col gap-4">
									<p className="text-sm leading-relaxed">{opportunity.description}</p>
									<p className="flex items-center gap-1.5 text-sm font-medium">
										<CalendarDays aria-hidden className="size-4 shrink-0 text-muted-foreground" />
										Deadline:{' '}
										<time dateTime={opportunity.deadline}>{formatShortDate(opportunity.deadline)}</time>
									</p>
								</CardContent>
								<CardFooter>
									<ButtonLink to={start} variant="outline" className="w-full">
										View Details<span className="sr-only">: {opportunity.title}</span>
									</ButtonLink>
								</CardFooter>
							</Card>
						</li>
					))}
				</ul>
			</Section>
		</PublicLayout>
	)
}

function Hero({ start, signedIn }: { start: string; signedIn: boolean }) {
	return (
		<section
			aria-labelledby="hero-title"
			className="relative overflow-hidden border-b border-border bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_65%)]"
		>
			<div className="mx-auto flex max-w-4xl flex-col items-center px-4 py-20 text-center sm:px-6 sm:py-28">
				<Badge variant="outline" className="mb-6 px-3 py-1">
					<Sparkles aria-hidden />
					Made for visual artists
				</Badge>
				<h1 id="hero-title" className="text-4xl font-semibold sm:text-6xl">
					Find your next open call. <span className="text-primary">Apply with a head start.</span>
				</h1>
				<p className="mt-6 max-w-2xl text-lg leading-relaxed text-muted-foreground">
					Callboard brings grants, residencies and open calls together in one place, matched to your practice, and
					writes a first draft of every application answer from your profile.
				</p>
				<div className="mt-10 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
					<ButtonLink to={start} size="lg">
						{signedIn ? 'Go to your dashboard' : 'Get started for free'}
						<ArrowRight aria-hidden />
					</ButtonLink>
					<ButtonLink to="/pricing" size="lg" variant="outline">
						See pricing
					</ButtonLink>
				</div>
			</div>
		</section>
	)
}

function Section({
	id,
	title,
	intro,
	className,
	children,
}: {
	id: string
	title: string
	intro?: string
	className?: string
	children: ReactNode
}) {
	return (
		<section aria-labelledby={`${id}-title`} className={className}>
			<div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
				<div className="mb-10 max-w-2xl">
					<h2 id={`${id}-title`} className="text-2xl font-semibold sm:text-3xl">
						{title}
					</h2>
					{intro ? <p className="mt-3 text-muted-foreground">{intro}</p> : null}
				</div>
				{children}
			</div>
		</section>
	)
}
