import { useId, type ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'

/** A card that is also a named region (its h2), so each form on a settings page can be found by its heading. */
export function SectionCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
	const id = useId()
	return (
		<section aria-labelledby={id}>
			<Card>
				<CardHeader>
					<CardTitle as="h2" id={id}>
						{title}
					</CardTitle>
					{description ? <CardDescription>{description}</CardDescription> : null}
				</CardHeader>
				<CardContent>{children}</CardContent>
			</Card>
		</section>
	)
}
