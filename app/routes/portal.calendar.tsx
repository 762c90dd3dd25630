import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Field } from '#app/components/forms.tsx'
import { CopyButton } from '#app/components/copy-button.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { CalendarPlus, RefreshCw } from '#app/components/ui/icons.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { requireOnboardedUser } from '#server/auth/guards.ts'
import {
	calendarFeedUrls,
	getCalendarUrlToken,
	PAST_DEADLINE_DAYS,
	regenerateCalendarToken,
} from '#server/domain/calendar/calendar.ts'

export const meta: MetaFunction = () => pageMeta({ title: 'Deadline calendar', noindex: true })

const PAGE = '/portal/calendar'

export async function loader({ request, context }: LoaderFunctionArgs) {
	const user = requireOnboardedUser(request, context)
	const { app } = context
	return { ...calendarFeedUrls(app.env.APP_URL, await getCalendarUrlToken(app, user)), pastDays: PAST_DEADLINE_DAYS }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const user = requireOnboardedUser(request, context)
	const { app } = context
	const form = await readForm(request)
	if (form.get('intent') !== 'regenerate') throw new Response('Unknown form.', { status: 400 })
	// It breaks every calendar subscribed with the old link: only when the box says so (the browser
	// asks for it first, with or without JavaScript).
	if (form.get('confirm') !== 'yes') {
		return redirectWithToast(PAGE, { type: 'error', description: REGENERATE_CONFIRM }, app.env)
	}
	await regenerateCalendarToken(app, user)
	return redirectWithToast(
		PAGE,
		{ title: 'New calendar link', description: 'The old link has stopped working. Subscribe again with the new one.' },
		app.env,
	)
}

const REGENERATE_CONFIRM = 'Tick the box to confirm that subscribed calendars will stop updating.'

const linkClassName = 'font-medium text-primary underline-offset-4 hover:underline'

export default function DeadlineCalendar() {
	const { https, webcal, pastDays } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold sm:text-3xl">Deadline calendar</h1>
				<p className="mt-1 text-muted-foreground">Your deadlines in the calendar app you already use, kept up to date.</p>
			</div>

			<Card>
				<CardHeader>
					<CardTitle as="h2">What it shows</CardTitle>
				</CardHeader>
				<CardContent className="grid gap-3 text-sm">
					<p>
						An all-day event on the deadline of every opportunity you{' '}
						<Link to="/portal/feed?saved=1" className={linkClassName}>
							saved
						</Link>{' '}
						and every one you have a{' '}
						<Link to="/portal/drafts" className={linkClassName}>
							draft
						</Link>{' '}
						for. Deadlines of the last {pastDays} days stay, so a call that just closed does not vanish; opportunities without a
						deadline or no longer listed are left out.
					</p>
					<p className="text-muted-foreground">
						Calendar apps check for changes every few hours (Google Calendar can take up to a day), so a newly saved opportunity
						appears there a little later.
					</p>
				</CardContent>
			</Card>

			<SubscribeCard https={https} webcal={webcal} />
			<RegenerateCard />
		</div>
	)
}

function SubscribeCard({ https, webcal }: { https: string; webcal: string }) {
	return (
		<Card>
			<CardHeader>
				<CardTitle as="h2">Subscribe</CardTitle>
				<CardDescription>This link is private: anyone who has it can see these deadlines.</CardDescription>
			</CardHeader>
			<CardContent className="grid gap-5">
				<div className="flex flex-wrap items-end gap-3">
					<Field
						className="min-w-0 flex-1 basis-64"
						label="Calendar link"
						inputProps={{
							id: 'calendar-link',
							name: 'calendarLink',
							readOnly: true,
							value: https,
							spellCheck: false,
							className: 'font-mono text-xs sm:text-sm',
							onFocus: (event) => event.currentTarget.select(),
						}}
					/>
					<CopyButton value={https} copied={{ title: 'Copied', description: 'Calendar link copied to clipboard' }} size="default">
						Copy link
					</CopyButton>
				</div>
				<div>
					<a href={webcal} className={buttonVariants({ variant: 'default' })}>
						<CalendarPlus aria-hidden />
						Open in calendar app
					</a>
				</div>
				<ul className="grid gap-2 text-sm">
					<li>
						<strong className="font-semibold">Google Calendar:</strong> on the web, next to “Other calendars” choose + › From URL,
						paste the link and choose Add calendar.
					</li>
					<li>
						<strong className="font-semibold">Apple Calendar:</strong> choose Open in calendar app on your Mac, iPhone or iPad, or
						in Calendar choose File › New Calendar Subscription and paste the link.
					</li>
					<li>
						<strong className="font-semibold">Outlook:</strong> in Outlook on the web choose Add calendar › Subscribe from web,
						paste the link and name the calendar.
					</li>
				</ul>
			</CardContent>
		</Card>
	)
}

function RegenerateCard() {
	const navigation = useNavigation()
	const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'regenerate'
	return (
		<Card>
			<CardHeader>
				<CardTitle as="h2">Regenerate link</CardTitle>
				<CardDescription id="regenerate-warning">
					Shared the link by mistake? Make a new one. The old link stops working at once, and calendars subscribed with it stop
					updating until you subscribe again with the new link.
				</CardDescription>
			</CardHeader>
			<CardContent>
				<Form method="post" className="grid justify-items-start gap-3">
					<input type="hidden" name="intent" value="regenerate" />
					<label className="flex items-start gap-2 text-sm">
						<input type="checkbox" name="confirm" value="yes" required className="checkbox mt-0.5" />
						Calendars subscribed with the current link will stop updating.
					</label>
					<Button type="submit" variant="destructive" disabled={busy} aria-describedby="regenerate-warning">
						<RefreshCw aria-hidden />
						{busy ? 'Regenerating…' : 'Regenerate link'}
					</Button>
				</Form>
			</CardContent>
		</Card>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
