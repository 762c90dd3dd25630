import { useNavigate } from '@remix-run/react'
import { useId, type ReactNode } from 'react'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'

/**
 * A child route's content shown as a dialog over its parent once JavaScript runs, and as a panel on
 * the page without it (ARCHITECTURE.md: every dialog has a page of its own). Closing the dialog goes
 * back to `closeTo`, so the URL always says what is open.
 */
export function RoutePanel({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
	const hydrated = useHydrated()
	const navigate = useNavigate()
	const titleId = useId()
	if (!hydrated) {
		return (
			<section aria-labelledby={titleId} className="mb-6">
				<Card className="border-primary/40">
					<CardHeader>
						<CardTitle as="h3" id={titleId}>
							{title}
						</CardTitle>
					</CardHeader>
					<CardContent>{children}</CardContent>
				</Card>
			</section>
		)
	}
	return (
		<Dialog open onOpenChange={(open) => !open && navigate(closeTo, { preventScrollReset: true })}>
			<DialogContent className="max-w-2xl" aria-describedby={undefined}>
				<DialogHeader>
					<DialogTitle>{title}</DialogTitle>
				</DialogHeader>
				{children}
			</DialogContent>
		</Dialog>
	)
}
