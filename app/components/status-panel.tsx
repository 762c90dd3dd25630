import type { ReactNode } from 'react'
import type { Icon } from '#app/components/ui/icons.tsx'
import { cn } from '#app/utils/cn.ts'

const tones = {
	neutral: 'bg-muted text-muted-foreground',
	success: 'bg-success-soft text-success',
	destructive: 'bg-destructive-soft text-destructive',
	primary: 'bg-accent text-accent-foreground',
} as const

type StatusPanelProps = {
	icon: Icon
	tone?: keyof typeof tones
	title: ReactNode
	children?: ReactNode
	/** Buttons or links, laid out in a row (stacked on narrow screens). */
	actions?: ReactNode
	/** 2 for a panel inside a page that has its own heading (an empty list); 1 for a page of its own. */
	level?: 1 | 2
}

/** A centred message with an icon: outcome pages, empty states and error pages. */
export function StatusPanel({ icon: Icon, tone = 'neutral', title, children, actions, level = 1 }: StatusPanelProps) {
	const Heading = level === 1 ? 'h1' : 'h2'
	return (
		<div className="mx-auto flex w-full max-w-lg flex-col items-center px-4 py-16 text-center sm:py-24">
			<span className={cn('mb-6 grid size-14 place-items-center rounded-full', tones[tone])}>
				<Icon aria-hidden className="size-7" />
			</span>
			<Heading className="text-3xl font-semibold sm:text-4xl">{title}</Heading>
			{children ? <div className="mt-3 text-base text-muted-foreground">{children}</div> : null}
			{actions ? (
				<div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">{actions}</div>
			) : null}
		</div>
	)
}
