import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useNavigate } from '@remix-run/react'
import { useEffect } from 'react'
import { PublicLayout } from '#app/components/public-layout.tsx'
import { StatusPanel } from '#app/components/status-panel.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { CircleCheck } from '#app/components/ui/icons.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { getCheckoutOutcome } from '#server/domain/billing/checkout.ts'

export { PublicErrorBoundary as ErrorBoundary } from '#app/components/public-layout.tsx'

const DASHBOARD = '/portal/feed'
const REDIRECT_DELAY_SECONDS = 3

export const meta: MetaFunction = () => pageMeta({ title: 'Payment Successful!', noindex: true })

export async function loader({ request, context }: LoaderFunctionArgs) {
	const params = new URL(request.url).searchParams
	if (params.get('success') !== 'true') throw redirect(DASHBOARD)
	const user = context.session?.user
	const sessionId = params.get('session_id')
	// What was bought, once Stripe confirms the session is paid; the plan itself follows from the webhook.
	const outcome = user && sessionId ? await getCheckoutOutcome(context.app, user, sessionId) : null
	return { outcome }
}

export default function BillingSuccess() {
	const { outcome } = useLoaderData<typeof loader>()
	const navigate = useNavigate()
	useEffect(() => {
		const timer = setTimeout(() => navigate(DASHBOARD), REDIRECT_DELAY_SECONDS * 1000)
		return () => clearTimeout(timer)
	}, [navigate])

	return (
		<PublicLayout>
			{/* Without JavaScript the browser follows this refresh; with it, the timer above navigates and this is inert. */}
			<noscript>
				<meta httpEquiv="refresh" content={`${REDIRECT_DELAY_SECONDS};url=${DASHBOARD}`} />
			</noscript>
			<StatusPanel
				icon={CircleCheck}
				tone="success"
				title="Payment Successful!"
				actions={<ButtonLink to={DASHBOARD}>Continue to Dashboard</ButtonLink>}
			>
				{outcome ? (
					<p className="font-medium text-foreground">
						{outcome.kind === 'subscription' ? 'You are on Pro now: unlimited drafts.' : `${outcome.credits} credits were added to your balance.`}
					</p>
				) : null}
				{/* A credit pack is a purchase, not an upgrade. */}
				<p>
					{outcome?.kind === 'credits' ? 'Thank you for your purchase.' : 'Thank you for upgrading.'} Taking you to your dashboard in {REDIRECT_DELAY_SECONDS}{' '}
					seconds…
				</p>
			</StatusPanel>
		</PublicLayout>
	)
}
