import { useLocation } from '@remix-run/react'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { ChevronLeft, ChevronRight } from '#app/components/ui/icons.tsx'

/** Previous / "Page P of T" / Next as links that keep the URL's other parameters (filters, search). */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
	const location = useLocation()
	const hrefFor = (target: number) => {
		const params = new URLSearchParams(location.search)
		params.set('page', String(target))
		return `?${params}`
	}
	const link = (target: number, label: string, icon: 'prev' | 'next') => {
		const content =
			icon === 'prev' ? (
				<>
					<ChevronLeft aria-hidden />
					{label}
				</>
			) : (
				<>
					{label}
					<ChevronRight aria-hidden />
				</>
			)
		const disabled = target < 1 || target > pageCount
		return disabled ? (
			<span aria-disabled="true" className="inline-flex h-9 items-center gap-2 rounded-md border border-border px-3 text-sm font-medium opacity-55">
				{content}
			</span>
		) : (
			<ButtonLink to={hrefFor(target)} variant="outline" size="sm" preventScrollReset rel={icon}>
				{content}
			</ButtonLink>
		)
	}
	return (
		<nav aria-label="Pagination" className="flex items-center gap-3">
			{link(page - 1, 'Previous', 'prev')}
			<span className="text-sm text-muted-foreground">
				Page {page} of {pageCount}
			</span>
			{link(page + 1, 'Next', 'next')}
		</nav>
	)
}

