import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { formatOutboxTime, OutboxText } from '#app/components/outbox-text.tsx'
import { PublicLayout } from '#app/components/public-layout.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { ArrowLeft } from '#app/components/ui/icons.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { requireOutboxPage, toOutboxView } from '#app/utils/outbox.server.ts'

export { PublicErrorBoundary as ErrorBoundary } from '#app/components/public-layout.tsx'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
	pageMeta({ title: data ? `${data.message.subject} · Outbox` : 'Outbox', noindex: true })

/** Development: one outbox e-mail, its text with clickable links and its HTML as the recipient would see it. */
export async function loader({ params, context }: LoaderFunctionArgs) {
	const outbox = requireOutboxPage(context.app)
	const message = await outbox.read(params.id ?? '')
	if (!message) throw new Response('Not Found', { status: 404 })
	return { message: toOutboxView(message), html: message.html }
}

export default function OutboxMessage() {
	const { message, html } = useLoaderData<typeof loader>()
	return (
		<PublicLayout>
			<div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-12">
				<ButtonLink to="/dev/outbox" variant="ghost" className="justify-self-start">
					<ArrowLeft aria-hidden /> Outbox
				</ButtonLink>
				<Card>
					<CardHeader>
						<CardTitle as="h1">{message.subject}</CardTitle>
						<CardDescription>
							From {message.from} to {message.to} ·{' '}
							<time dateTime={message.createdAt}>{formatOutboxTime(message.createdAt)}</time>
						</CardDescription>
					</CardHeader>
					<CardContent className="grid gap-6">
						<section className="grid gap-2">
							<h2 className="text-sm font-semibold">Plain text</h2>
							<OutboxText segments={message.text} />
						</section>
						<section className="grid gap-2">
							<h2 className="text-sm font-semibold">HTML</h2>
							{/* An empty sandbox: the message's HTML can neither run scripts nor reach this page. */}
							<iframe title="HTML version" sandbox="" srcDoc={html} className="h-96 w-full rounded-md border border-border bg-card" />
						</section>
					</CardContent>
				</Card>
			</div>
		</PublicLayout>
	)
}
