import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useNavigate } from '@remix-run/react'
import { CircleCheck } from 'lucide-react'
import { useEffect } from 'react'
import { PublicLayout } from '#app/components/public-layout.tsx'
import { StatusPanel } from '#app/components/status-panel.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export { PublicErrorBoundary as ErrorBoundary } from '#app/components/public-layout.tsx'

const DASHBOARD = '/portal/feed'
const REDIRECT_DELAY_SECONDS = 3

export const meta: MetaFunction = () => pageMeta({ title: 'Payment Successful!', noindex: true })

export async function loader({ request }: LoaderFunctionArgs) {
	if (new URL(request.url).searchParams.get('success') !== 'true') throw redirect(DASHBOARD)
	return null
}

export default function BillingSuccess() {
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
				<p>Thank you for upgrading. Taking you to your dashboard in {REDIRECT_DELAY_SECONDS} seconds…</p>
			</StatusPanel>
		</PublicLayout>
	)
}
