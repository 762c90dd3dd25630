import { useRef, type ComponentProps, type MouseEvent } from 'react'
import type { AnswerEditors } from './use-autosave.ts'

type Props = ComponentProps<'a'> & {
	editors: AnswerEditors
	/** Runs when the link is followed (after any save it waited for). */
	onFollow?: () => void
}

/**
 * A link to a file the server makes from the saved answers (the download, the exports). With
 * edits typed in the last second and not yet saved, it saves them first, so the file holds what is
 * on the page; a save that fails says so ("Save Failed") and the link is not followed. Without
 * JavaScript the page renders a button of its one form instead, which saves every changed answer
 * and comes back to a page that fetches the file (ADR 020).
 */
export function SavedFirstLink({ editors, onFollow, onClick, ...props }: Props) {
	const saved = useRef(false)
	/** Saving before following: another click meanwhile would fetch the file twice. */
	const saving = useRef(false)
	const follow = (event: MouseEvent<HTMLAnchorElement>) => {
		onClick?.(event)
		if (event.defaultPrevented) return
		if (saving.current) return event.preventDefault()
		if (saved.current || !editors.dirty) {
			saved.current = false
			onFollow?.()
			return
		}
		event.preventDefault()
		const link = event.currentTarget
		saving.current = true
		void editors.flushAll().then((ok) => {
			saving.current = false
			if (!ok) return
			saved.current = true
			link.click()
		})
	}
	return <a {...props} onClick={follow} />
}
