import type { MetaFunction } from '@remix-run/node'
import { PublicLayout } from '#app/components/public-layout.tsx'
import { StatusPanel } from '#app/components/status-panel.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { CircleX } from '#app/components/ui/icons.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export { PublicErrorBoundary as ErrorBoundary } from '#app/components/public-layout.tsx'

export const meta: MetaFunction = () => pageMeta({ title: 'Payment Canceled', noindex: true })

export default function BillingCancel() {
	return (
		<PublicLayout>
			<StatusPanel
				icon={CircleX}
				title="Payment Canceled"
				actions={
					<>
						<ButtonLink to="/pricing" variant="outline">
							Back to Pricing
						</ButtonLink>
						<ButtonLink to="/portal/feed">Go to Dashboard</ButtonLink>
					</>
				}
			>
				<p>Your payment was canceled. No charges were made to your account.</p>
			</StatusPanel>
		</PublicLayout>
	)
}
