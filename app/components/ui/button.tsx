import { Link, type LinkProps } from '@remix-run/react'
import { cva, type VariantProps } from 'class-variance-authority'
import { forwardRef, type ButtonHTMLAttributes } from 'react'
import { cn } from '#app/utils/cn.ts'

// The base and the variants are component classes in app/styles/tailwind.css (the same utilities,
// written once instead of in every button's class attribute).
export const buttonVariants = cva('btn', {
	variants: {
		variant: {
			default: 'btn-primary',
			destructive: 'btn-destructive',
			outline: 'btn-outline',
			secondary: 'btn-secondary',
			ghost: 'btn-ghost',
			link: 'btn-link',
		},
		size: {
			default: 'h-10 px-4',
			sm: 'h-9 px-3',
			lg: 'h-11 px-6 text-base',
			icon: 'size-10',
		},
	},
	defaultVariants: { variant: 'default', size: 'default' },
})

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
