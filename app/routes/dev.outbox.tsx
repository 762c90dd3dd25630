import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { formatOutboxTime, OutboxText } from '#app/components/outbox-text.tsx'
import { PublicLayout } from '#app/components/public-layout.tsx'
import { StatusPanel } from '#app/components/status-panel.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Inbox } from '#app/components/ui/icons.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { requireOutboxPage, toOutboxView } from '#app/utils/outbox.server.ts'

export { PublicErrorBoundary as ErrorBoundary } from '#app/components/public-layout.tsx'

export const meta: MetaFunction = () => pageMeta({ title: 'Outbox', noindex: true })

/** Development: the e-mails the outbox mailer wrote, newest first, optionally only those to one address. */
export async function loader({ request, context }: LoaderFunctionArgs) {
	const outbox = requireOutboxPage(context.app)
	const to = new URL(request.url).searchParams.get('to')?.trim().slice(0, 320) || ''
	const messages = await outbox.list({ to: to || undefined })
	return { to, messages: messages.map(toOutboxView) }
}

export default function Outbox() {
	const { to, messages } = useLoaderData<typeof loader>()
	return (
		<PublicLayout>
			<div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-12">
				<header className="grid gap-2">
					<h1 className="text-3xl font-semibold">Outbox</h1>
					<p className="text-muted-foreground">
						No mail server is configured (SMTP_URL), so e-mails are written here instead of being sent. This page
						exists only in development.
					</p>
				</header>
				<Form method="get" className="flex flex-col gap-2 sm:flex-row sm:items-end">
					<div className="grid flex-1 gap-1.5">
						<Label htmlFor="outbox-to">Recipient</Label>
						<Input id="outbox-to" name="to" type="email" defaultValue={to} placeholder="artist@example.com" />
					</div>
					<Button type="submit" variant="outline">
						Filter
					</Button>
					{to ? (
						<ButtonLink to="/dev/outbox" variant="ghost">
							Show all
						</ButtonLink>
					) : null}
				</Form>
				{messages.length === 0 ? (
					<StatusPanel icon={Inbox} title="No e-mails yet" level={2}>
						{to ? `Nothing was sent to ${to}.` : 'Messages appear here as soon as Callboard sends one.'}
					</StatusPanel>
				) : (
					<ol className="grid gap-4" aria-label="E-mails, newest first">
						{messages.map((message) => (
							<li key={message.id}>
								<Card>
									<CardHeader>
										<CardTitle as="h2">
											<Link to={`/dev/outbox/${message.id}`} className="hover:underline">
												{message.subject}
											</Link>
										</CardTitle>
										<CardDescription>
											To {message.to} · <time dateTime={message.createdAt}>{formatOutboxTime(message.createdAt)}</time>
										</CardDescription>
									</CardHeader>
									<CardContent>
										<OutboxText segments={message.text} />
									</CardContent>
								</Card>
							</li>
						))}
					</ol>
				)}
			</div>
		</PublicLayout>
	)
}
