import type { ReactNode } from 'react'
import { ConfirmDeleteButton } from '#app/components/confirm-delete.tsx'
import { draftPath } from '#server/domain/drafting/drafting.schema.ts'

export const deleteDraftQuestion = (title: string) =>
	`Delete "${title}"? Its answers and the notes and files you added on it are deleted too. This cannot be undone.`

/** Delete a draft, asking first: a dialog with JavaScript, the confirmation page without (portal.drafts.$id_.delete.tsx). */
export function DeleteDraftButton({ draftId, title, children }: { draftId: string; title: string; children: ReactNode }) {
	return (
		<ConfirmDeleteButton action={`${draftPath(draftId)}/delete`} title="Delete draft" question={deleteDraftQuestion(title)} confirmLabel="Delete draft">
			{children}
		</ConfirmDeleteButton>
	)
}
