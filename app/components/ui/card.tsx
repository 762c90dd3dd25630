import { forwardRef, type HTMLAttributes } from 'react'
import { cn } from '#app/utils/cn.ts'

export const Card = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function Card({ className, ...props }, ref) {
	return (
		<div
			ref={ref}
			className={cn('card', className)}
			{...props}
		/>
	)
})

export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
	return <div className={cn('flex flex-col gap-1.5 p-6', className)} {...props} />
}

type CardTitleProps = HTMLAttributes<HTMLHeadingElement> & {
	/** Heading level in the page outline; defaults to h3 (cards usually sit under a section's h2). */
	as?: 'h1' | 'h2' | 'h3' | 'h4'
}

export function CardTitle({ as: Heading = 'h3', className, ...props }: CardTitleProps) {
	return <Heading className={cn('text-lg leading-snug font-semibold', className)} {...props} />
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
	return <p className={cn('text-sm text-muted-foreground', className)} {...props} />
}

export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
	return <div className={cn('px-6 pb-6', className)} {...props} />
}

export function CardFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
	return <div className={cn('mt-auto flex items-center gap-3 px-6 pb-6', className)} {...props} />
}
