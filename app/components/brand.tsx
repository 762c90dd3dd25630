import { Link } from '@remix-run/react'
import { Palette } from '#app/components/ui/icons.tsx'
import { cn } from '#app/utils/cn.ts'

/** The product name as a link home. */
export function Brand({ className }: { className?: string }) {
	return (
		<Link to="/" className={cn('inline-flex shrink-0 items-center gap-2 whitespace-nowrap rounded-md text-lg font-semibold tracking-tight', className)}>
			<span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground shadow-card">
				<Palette aria-hidden className="size-4.5" />
			</span>
			Callboard
		</Link>
	)
}
