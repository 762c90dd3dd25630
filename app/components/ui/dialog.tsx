import * as DialogPrimitive from '@radix-ui/react-dialog'
import { forwardRef, useRef, type ComponentPropsWithoutRef, type ElementRef, type HTMLAttributes } from 'react'
import { X } from '#app/components/ui/icons.tsx'
import { cn } from '#app/utils/cn.ts'

/*
 * A dialog is a JavaScript enhancement: every dialog needs a no-JavaScript fallback
 * (its own page, see ARCHITECTURE.md "Progressive enhancement").
 *
 * Closed, a dialog gives focus back to what had it when it opened. Radix does so for a
 * DialogTrigger; a dialog opened from state (a button that opens it only on a free plan) would
 * otherwise leave focus on the page's body, and a keyboard user back at its top.
 */
export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close

export const DialogContent = forwardRef<
	ElementRef<typeof DialogPrimitive.Content>,
	ComponentPropsWithoutRef<typeof DialogPrimitive.Content>
>(function DialogContent({ className, children, onOpenAutoFocus, onCloseAutoFocus, ...props }, ref) {
	const returnFocusTo = useRef<HTMLElement | null>(null)
	return (
		<DialogPrimitive.Portal>
			<DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-foreground/40 backdrop-blur-[2px] data-[state=open]:animate-overlay-in" />
			<DialogPrimitive.Content
				ref={ref}
				className={cn(
					'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-card p-6 text-card-foreground shadow-raised data-[state=open]:animate-dialog-in',
					className,
				)}
				onOpenAutoFocus={(event) => {
					// Called before focus moves into the dialog.
					returnFocusTo.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null
					onOpenAutoFocus?.(event)
				}}
				onCloseAutoFocus={(event) => {
					onCloseAutoFocus?.(event)
					const opener = returnFocusTo.current
					if (event.defaultPrevented || !opener?.isConnected) return
					event.preventDefault()
					opener.focus()
				}}
				{...props}
			>
				{children}
				<DialogPrimitive.Close data-dialog-close className="absolute top-4 right-4 rounded-sm p-1 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground">
					<X aria-hidden className="size-4" />
					<span className="sr-only">Close</span>
				</DialogPrimitive.Close>
			</DialogPrimitive.Content>
		</DialogPrimitive.Portal>
	)
})

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
	return <div className={cn('flex flex-col gap-1.5 pr-8', className)} {...props} />
}

export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
	return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
}

export const DialogTitle = forwardRef<
	ElementRef<typeof DialogPrimitive.Title>,
	ComponentPropsWithoutRef<typeof DialogPrimitive.Title>
>(function DialogTitle({ className, ...props }, ref) {
	return <DialogPrimitive.Title ref={ref} className={cn('text-lg font-semibold', className)} {...props} />
})

export const DialogDescription = forwardRef<
	ElementRef<typeof DialogPrimitive.Description>,
	ComponentPropsWithoutRef<typeof DialogPrimitive.Description>
>(function DialogDescription({ className, ...props }, ref) {
	return <DialogPrimitive.Description ref={ref} className={cn('text-sm text-muted-foreground', className)} {...props} />
})
