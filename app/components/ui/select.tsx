import { forwardRef, type SelectHTMLAttributes } from 'react'
import { ChevronDown } from '#app/components/ui/icons.tsx'
import { cn } from '#app/utils/cn.ts'
import { fieldClassName } from '#app/components/ui/field-styles.ts'

/** A styled native `<select>`: works without JavaScript and on every touch device. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
	{ className, children, ...props },
	ref,
) {
	return (
		<div className="relative">
			<select ref={ref} className={cn(fieldClassName, 'h-10 appearance-none pr-9', className)} {...props}>
				{children}
			</select>
			<ChevronDown
				aria-hidden
				className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
			/>
		</div>
	)
})
