import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '#app/components/ui/dialog.tsx'
import { Trash2 } from '#app/components/ui/icons.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'

/*
 * Deleting asks first: with JavaScript a dialog whose form posts to the delete route; without, the
 * trigger is a link to that route's own page, which asks the same question (ConfirmDeletePage).
 */

type ConfirmDeleteProps = {
	/** The delete route: its page asks, its action deletes. */
	action: string
	/** "Delete opportunity", "Delete draft". */
	title: string
	question: string
	/** The trigger's content (its accessible name should say what is deleted). */
	children: ReactNode
	/** Hidden fields the form posts (and the page link carries as its query). */
	fields?: Record<string, string>
	confirmLabel?: string
	/** Only a button closes it (the admin's delete: "cannot be dismissed by clicking outside"). */
	modal?: boolean
}

export function ConfirmDeleteButton({ action, title, question, children, fields = {}, confirmLabel = 'Delete', modal = false }: ConfirmDeleteProps) {
	const hydrated = useHydrated()
	const navigation = useNavigation()
	const [open, setOpen] = useState(false)
	const deleting = navigation.state !== 'idle' && navigation.formAction === action
	const wasDeleting = useRef(false)
	// Where focus goes when the dialog closes and its trigger is gone with what it deleted (a row of
	// a list): the trigger's scrolling region or the page's main, never the document's body.
	const trigger = useRef<HTMLButtonElement>(null)
	const fallback = useRef<HTMLElement | null>(null)
	useEffect(() => {
		// A failed delete comes back to this page with its toast: close the dialog then.
		if (wasDeleting.current && !deleting) setOpen(false)
		wasDeleting.current = deleting
	}, [deleting])
	const triggerStyle = { variant: 'outline', size: 'sm', className: 'text-destructive' } as const
	if (!hydrated) {
		const query = new URLSearchParams(fields).toString()
		return (
			<ButtonLink to={query ? `${action}?${query}` : action} {...triggerStyle}>
				{children}
			</ButtonLink>
		)
	}
	const keepOpen = modal ? (event: Event) => event.preventDefault() : undefined
	const onOpenChange = (next: boolean) => {
		if (deleting) return
		if (next) fallback.current = trigger.current?.closest<HTMLElement>('[role="region"][tabindex], main') ?? null
		setOpen(next)
	}
	const returnFocus = (event: Event) => {
		if (trigger.current?.isConnected || !fallback.current?.isConnected) return
		event.preventDefault()
		fallback.current.focus()
	}
	return (
		<Dialog open={open} onOpenChange={onOpenChange}>
			<DialogTrigger asChild>
				<Button ref={trigger} {...triggerStyle}>
					{children}
				</Button>
			</DialogTrigger>
			<DialogContent onPointerDownOutside={keepOpen} onInteractOutside={keepOpen} onCloseAutoFocus={returnFocus}>
				<DialogHeader>
					<DialogTitle>{title}</DialogTitle>
					<DialogDescription>{question}</DialogDescription>
				</DialogHeader>
				<Form method="post" action={action} preventScrollReset>
					{Object.entries(fields).map(([name, value]) => (
						<input key={name} type="hidden" name={name} value={value} />
					))}
					<DialogFooter>
						<DialogClose asChild>
							<Button variant="outline" disabled={deleting}>
								Cancel
							</Button>
						</DialogClose>
						<Button type="submit" variant="destructive" disabled={deleting}>
							{deleting ? 'Deleting…' : confirmLabel}
						</Button>
					</DialogFooter>
				</Form>
			</DialogContent>
		</Dialog>
	)
}

/** The delete route's page: the same question, for browsers without JavaScript. */
export function ConfirmDeletePage({
	title,
	question,
	cancelTo,
	fields = {},
	confirmLabel = 'Delete',
}: Pick<ConfirmDeleteProps, 'title' | 'question' | 'fields' | 'confirmLabel'> & { cancelTo: string }) {
	const deleting = useNavigation().state === 'submitting'
	return (
		<div className="mx-auto w-full max-w-lg px-4 py-8 sm:px-6">
			<Card>
				<CardHeader>
					<CardTitle as="h1">{title}</CardTitle>
				</CardHeader>
				<CardContent>
					<p className="text-muted-foreground">{question}</p>
				</CardContent>
				<CardFooter className="justify-end">
					<ButtonLink to={cancelTo} variant="outline">
						Cancel
					</ButtonLink>
					<Form method="post">
						{Object.entries(fields).map(([name, value]) => (
							<input key={name} type="hidden" name={name} value={value} />
						))}
						<Button type="submit" variant="destructive" disabled={deleting}>
							<Trash2 aria-hidden />
							{deleting ? 'Deleting…' : confirmLabel}
						</Button>
					</Form>
				</CardFooter>
			</Card>
		</div>
	)
}
