import { cva, type VariantProps } from 'class-variance-authority'
import type { HTMLAttributes } from 'react'
import { cn } from '#app/utils/cn.ts'

// The base and the variants are component classes in app/styles/tailwind.css; the base is the outline look.
export const badgeVariants = cva('badge', {
	variants: {
		variant: {
			default: 'badge-primary',
			secondary: 'badge-secondary',
			outline: '',
			destructive: 'badge-destructive',
		},
	},
	defaultVariants: { variant: 'default' },
})

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & VariantProps<typeof badgeVariants>

export function Badge({ className, variant, ...props }: BadgeProps) {
	return <span className={cn(badgeVariants({ variant }), className)} {...props} />
}
