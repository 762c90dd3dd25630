import { CheckoutButton } from '#app/components/billing-buttons.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import {
	Dialog,
	DialogClose,
	DialogContent,
	DialogDescription,
	DialogFooter,
	DialogHeader,
	DialogTitle,
} from '#app/components/ui/dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Sparkles } from '#app/components/ui/icons.tsx'
import { usePortalBilling } from '#app/utils/portal-billing.ts'
import { BILLING_MESSAGES } from '#server/domain/billing/billing.schema.ts'

export const UPGRADE_TITLE = 'Upgrade to Pro'
export const UPGRADE_MESSAGE = 'Free plan includes 1 draft. Upgrade to Pro for unlimited drafts.'

/** Why a Pro feature is offered (the draft page's exports). */
export const EXPORT_UPGRADE_MESSAGE = 'Export to PDF and Word is part of Pro, with unlimited drafts and advanced AI assistance.'

type UpgradeProps = {
	/** What the offer says; the free-draft message by default. */
	message?: string
	/** A Pro feature (the exports): a credit pack would not unlock it, so only Pro is offered. */
	proOnly?: boolean
}

/** The "Upgrade to Pro" dialog (spec: Opportunity detail), opened without a request when no draft is left. */
export function UpgradeDialog({ open, onOpenChange, message = UPGRADE_MESSAGE, proOnly = false }: UpgradeProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
	const billing = usePortalBilling()
	return (
		<Dialog open={open} onOpenChange={onOpenChange}>
			<DialogContent>
				<DialogHeader>
					<DialogTitle className="flex items-center gap-2">
						<Sparkles aria-hidden className="size-5 text-primary" />
						{UPGRADE_TITLE}
					</DialogTitle>
					<DialogDescription>{message}</DialogDescription>
				</DialogHeader>
				{billing.configured ? null : <p className="text-sm text-muted-foreground">{BILLING_MESSAGES.notConfigured}</p>}
				<DialogFooter>
					<DialogClose asChild>
						<Button variant="outline">Not now</Button>
					</DialogClose>
					{proOnly ? null : (
						<CheckoutButton kind="credits" signedIn configured={billing.configured} variant="outline">
							Buy {billing.packSize} credits
						</CheckoutButton>
					)}
					<CheckoutButton kind="subscription" signedIn configured={billing.configured}>
						{UPGRADE_TITLE}
					</CheckoutButton>
				</DialogFooter>
			</DialogContent>
		</Dialog>
	)
}

/** The same offer rendered by the server, where the dialog cannot open (no JavaScript). */
export function UpgradePanel({ dismissTo, message = UPGRADE_MESSAGE, proOnly = false }: UpgradeProps & { dismissTo: string }) {
	const billing = usePortalBilling()
	return (
		// It answers what was just pressed (without JavaScript, the page comes back with it, often far below
		// the fold on a phone), so the browser focuses it and scrolls it into view.
		<section
			aria-labelledby="upgrade-title"
			tabIndex={-1}
			autoFocus
			className="rounded-xl border border-primary/40 bg-accent p-4 text-accent-foreground focus:outline-none focus-visible:outline-2 focus-visible:outline-ring"
		>
			<h3 id="upgrade-title" className="flex items-center gap-2 font-semibold">
				<Sparkles aria-hidden className="size-4" />
				{UPGRADE_TITLE}
			</h3>
			<p className="mt-1 text-sm">{message}</p>
			{billing.configured ? null : <p className="mt-1 text-sm">{BILLING_MESSAGES.notConfigured}</p>}
			<div className="mt-3 flex flex-wrap gap-2">
				<CheckoutButton kind="subscription" signedIn configured={billing.configured} size="sm">
					{UPGRADE_TITLE}
				</CheckoutButton>
				{proOnly ? null : (
					<CheckoutButton kind="credits" signedIn configured={billing.configured} size="sm" variant="outline">
						Buy {billing.packSize} credits
					</CheckoutButton>
				)}
				<ButtonLink to={dismissTo} size="sm" variant="outline">
					Not now
				</ButtonLink>
			</div>
		</section>
	)
}
