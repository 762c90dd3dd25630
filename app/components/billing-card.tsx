import { BillingPortalButton, CheckoutButton } from '#app/components/billing-buttons.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { BILLING_MESSAGES, CREDIT_REASON_LABELS } from '#server/domain/billing/billing.schema.ts'
import type { getBillingSummary } from '#server/domain/billing/summary.ts'
import { formatLongDate, formatShortDate, toIsoDate } from '#server/domain/dates.ts'

type BillingSummary = Awaited<ReturnType<typeof getBillingSummary>>

/**
 * The profile's Billing section: the plan with its renewal or end date, the credit balance and its
 * history (date, change, reason), and "Manage billing" (Stripe's portal) once there is an account.
 */
export function BillingCard({ billing, packSize }: { billing: BillingSummary; packSize: number }) {
	const { plan, subscription } = billing
	return (
		<section aria-labelledby="billing-title" id="billing">
			<Card>
				<CardHeader>
					<CardTitle as="h2" id="billing-title">
						Billing
					</CardTitle>
					<CardDescription>Your plan, your credits and what changed them.</CardDescription>
				</CardHeader>
				<CardContent className="grid gap-6">
					<dl className="grid gap-4 sm:grid-cols-2">
						<div>
							<dt className="text-sm text-muted-foreground">Plan</dt>
							<dd className="mt-1 flex items-center gap-2 font-semibold">
								{plan === 'pro' ? 'Pro' : 'Free'}
								{plan === 'pro' ? <Badge>Unlimited drafts</Badge> : null}
							</dd>
							<dd className="mt-1 text-sm text-muted-foreground">{planNote(billing)}</dd>
							{subscription?.paymentFailed ? <dd className="mt-1 text-sm font-medium text-destructive">{BILLING_MESSAGES.paymentFailed}</dd> : null}
							{subscription && subscription.renewing > 1 ? (
								<dd className="mt-1 text-sm font-medium text-destructive">{BILLING_MESSAGES.severalSubscriptions(subscription.renewing)}</dd>
							) : null}
						</div>
						<div>
							<dt className="text-sm text-muted-foreground">Credits</dt>
							<dd className="mt-1 font-semibold">{plan === 'pro' ? 'Not needed on Pro' : billing.creditsRemaining}</dd>
						</div>
					</dl>
					<div className="flex flex-wrap gap-2">
						{plan === 'pro' ? null : (
							<>
								<CheckoutButton kind="subscription" signedIn configured={billing.paymentsConfigured} size="sm">
									Upgrade to Pro
								</CheckoutButton>
								<CheckoutButton kind="credits" signedIn configured={billing.paymentsConfigured} size="sm" variant="outline">
									Buy {packSize} credits
								</CheckoutButton>
							</>
						)}
						{billing.canManage ? (
							<BillingPortalButton signedIn configured size="sm" variant="outline">
								Manage billing
							</BillingPortalButton>
						) : null}
					</div>
					{billing.paymentsConfigured ? null : <p className="text-sm text-muted-foreground">{BILLING_MESSAGES.notConfigured}</p>}
					<CreditHistory history={billing.history} />
				</CardContent>
			</Card>
		</section>
	)
}

function planNote({ plan, subscription, grantedByAdmin }: BillingSummary) {
	if (plan !== 'pro') return 'One free draft, then a credit per draft.'
	if (grantedByAdmin || !subscription) return 'Given by Callboard.'
	if (!subscription.periodEnd) return 'Renews every month.'
	const date = formatLongDate(subscription.periodEnd)
	return subscription.cancelAtPeriodEnd ? `Cancelled: Pro until ${date}.` : `Renews on ${date}.`
}

function CreditHistory({ history }: { history: BillingSummary['history'] }) {
	if (!history.length) return <p className="text-sm text-muted-foreground">No credit changes yet.</p>
	return (
		<div className="overflow-x-auto" role="region" aria-label="Credit history" tabIndex={0}>
			<table className="w-full min-w-[28rem] text-left text-sm">
				<caption className="mb-2 text-left font-medium">Credit history</caption>
				<thead className="border-b border-border text-xs text-muted-foreground uppercase">
					<tr>
						<th scope="col" className="py-2 pr-4 font-medium">
							Date
						</th>
						<th scope="col" className="py-2 pr-4 font-medium">
							Change
						</th>
						<th scope="col" className="py-2 pr-4 font-medium">
							Balance
						</th>
						<th scope="col" className="py-2 font-medium">
							Reason
						</th>
					</tr>
				</thead>
				<tbody>
					{history.map((entry) => (
						<tr key={entry.id} className="border-b border-border/60 last:border-0">
							<td className="py-2 pr-4 whitespace-nowrap">{formatShortDate(toIsoDate(new Date(entry.createdAt)))}</td>
							<td className="py-2 pr-4 font-medium tabular-nums">{entry.delta > 0 ? `+${entry.delta}` : entry.delta}</td>
							<td className="py-2 pr-4 tabular-nums">{entry.balanceAfter}</td>
							<td className="py-2">{CREDIT_REASON_LABELS[entry.reason] ?? entry.reason}</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}
