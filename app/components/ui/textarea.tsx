import { forwardRef, type TextareaHTMLAttributes } from 'react'
import { cn } from '#app/utils/cn.ts'
import { fieldClassName } from '#app/components/ui/field-styles.ts'

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
	{ className, ...props },
	ref,
) {
	return <textarea ref={ref} className={cn(fieldClassName, 'min-h-24 py-2 leading-relaxed', className)} {...props} />
})
