import { Link, type LinkProps } from '@remix-run/react'
import { cva, type VariantProps } from 'class-variance-authority'
import { forwardRef, type ButtonHTMLAttributes } from 'react'
import { cn } from '#app/utils/cn.ts'

export const buttonVariants = cva(
	'inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors select-none disabled:pointer-events-none disabled:opacity-55 aria-disabled:pointer-events-none aria-disabled:opacity-55 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
	{
		variants: {
			variant: {
				default: 'bg-primary text-primary-foreground shadow-card hover:bg-primary-hover',
				destructive: 'bg-destructive text-destructive-foreground shadow-card hover:bg-destructive-hover',
				outline: 'border border-border bg-card text-foreground shadow-card hover:bg-muted',
				secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary-hover',
				ghost: 'text-foreground hover:bg-muted',
				link: 'text-primary underline-offset-4 hover:underline',
			},
			size: {
				default: 'h-10 px-4',
				sm: 'h-9 px-3',
				lg: 'h-11 px-6 text-base',
				icon: 'size-10',
			},
		},
		defaultVariants: { variant: 'default', size: 'default' },
	},
)

export type ButtonVariantProps = VariantProps<typeof buttonVariants>

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonVariantProps

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
	{ className, variant, size, type = 'button', ...props },
	ref,
) {
	return <button ref={ref} type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />
})

export type ButtonLinkProps = LinkProps & ButtonVariantProps

/** A Remix `<Link>` that looks like a button: for navigation, which must stay a link for assistive tech. */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(
	{ className, variant, size, ...props },
	ref,
) {
	return <Link ref={ref} className={cn(buttonVariants({ variant, size }), className)} {...props} />
})
