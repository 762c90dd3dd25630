import { Form, useNavigation } from '@remix-run/react'
import { useState, type ReactNode } from 'react'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '#app/components/ui/dialog.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { draftPath } from '#server/domain/drafting/drafting.schema.ts'

export const deleteDraftQuestion = (title: string) =>
	`Delete "${title}"? Its answers and the notes and files you added on it are deleted too. This cannot be undone.`

/** Delete a draft, asking first: a dialog with JavaScript, the confirmation page without (portal.drafts.$id_.delete.tsx). */
export function DeleteDraftButton({ draftId, title, children }: { draftId: string; title: string; children: ReactNode }) {
	const hydrated = useHydrated()
	const navigation = useNavigation()
	const [open, setOpen] = useState(false)
	const action = `${draftPath(draftId)}/delete`
	const deleting = navigation.state !== 'idle' && navigation.formAction === action
	if (!hydrated) {
		return (
			<ButtonLink to={action} variant="outline" size="sm" className="text-destructive">
				{children}
			</ButtonLink>
		)
	}
	return (
		<Dialog open={open} onOpenChange={(next) => !deleting && setOpen(next)}>
			<DialogTrigger asChild>
				<Button variant="outline" size="sm" className="text-destructive">
					{children}
				</Button>
			</DialogTrigger>
			<DialogContent>
				<DialogHeader>
					<DialogTitle>Delete draft</DialogTitle>
					<DialogDescription>{deleteDraftQuestion(title)}</DialogDescription>
				</DialogHeader>
				<Form method="post" action={action}>
					<DialogFooter>
						<DialogClose asChild>
							<Button variant="outline" disabled={deleting}>
								Cancel
							</Button>
						</DialogClose>
						<Button type="submit" variant="destructive" disabled={deleting}>
							{deleting ? 'Deleting…' : 'Delete draft'}
						</Button>
					</DialogFooter>
				</Form>
			</DialogContent>
		</Dialog>
	)
}
