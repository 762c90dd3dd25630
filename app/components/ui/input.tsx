import { forwardRef, type InputHTMLAttributes } from 'react'
import { cn } from '#app/utils/cn.ts'
import { fieldClassName } from '#app/components/ui/field-styles.ts'

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
	{ className, type = 'text', ...props },
	ref,
) {
	return (
		<input
			ref={ref}
			type={type}
			className={cn(
				fieldClassName,
				'h-10 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground',
				className,
			)}
			{...props}
		/>
	)
})
