import { useBeforeUnload, useBlocker } from '@remix-run/react'
import { useCallback, useEffect } from 'react'

export const DISCARD_CHANGES_QUESTION = 'Discard the changes you have not saved?'

/**
 * Asks before typed changes are thrown away: a reload or a closed tab (the browser's own prompt),
 * and a move to another page of the app (a tab, a link, Cancel, a dialog closed with Escape, which
 * goes back to its parent page). Posting the form is not a move: it goes to the page's own path.
 * Without JavaScript nothing asks; the browser keeps a form's values on Back.
 */
export function useDiscardGuard(dirty: boolean, question = DISCARD_CHANGES_QUESTION) {
	useBeforeUnloadPrompt(useCallback(() => dirty, [dirty]))
	const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname)
	useEffect(() => {
		if (blocker.state !== 'blocked') return
		if (window.confirm(question)) blocker.proceed()
		else blocker.reset()
	}, [blocker, question])
}

/** The browser's "Leave site?" prompt on a reload or a closed tab, while `isDirty()` says so. */
export function useBeforeUnloadPrompt(isDirty: () => boolean) {
	useBeforeUnload(
		useCallback(
			(event: BeforeUnloadEvent) => {
				if (!isDirty()) return
				event.preventDefault()
				// Older browsers show the dialog only when returnValue is set.
				event.returnValue = ''
			},
			[isDirty],
		),
	)
}
