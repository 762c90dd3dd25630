import { useBeforeUnload, useBlocker } from '@remix-run/react'
import { useCallback, useEffect } from 'react'

export const DISCARD_CHANGES_QUESTION = 'Discard the changes you have not saved?'

/**
 * Asks before typed changes are thrown away: a reload or a closed tab (the browser's own prompt),
 * and a move to another page of the app (a tab, a link, Cancel, a dialog closed with Escape, which
 * goes back to its parent page). Posting the form is not a move: it goes to the page's own path.
 * Without JavaScript nothing asks; the browser keeps a form's values on Back.
 */
export function useDiscardGuard(dirty: boolean) {
	useLeaveGuard({ isDirty: useCallback(() => dirty, [dirty]) })
}

type LeaveGuard = {
	/** Whether leaving now would lose something; read when the move or the unload happens. */
	isDirty: () => boolean
	/** What the in-app prompt asks. */
	question?: string
	/** Tried before asking (the draft page's pending autosaves): true when nothing is left to lose. */
	saveFirst?: () => Promise<boolean>
}

/**
 * The mechanism under useDiscardGuard and the draft page's unsaved-answers guard: the browser's
 * "Leave site?" prompt on a reload or a closed tab, and for a move to another path of the app,
 * `saveFirst` (when given), then the question if something would still be lost.
 */
export function useLeaveGuard({ isDirty, question = DISCARD_CHANGES_QUESTION, saveFirst }: LeaveGuard) {
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
	const blocker = useBlocker(({ currentLocation, nextLocation }) => isDirty() && currentLocation.pathname !== nextLocation.pathname)
	useEffect(() => {
		if (blocker.state !== 'blocked') return
		void (saveFirst ? saveFirst() : Promise.resolve(false)).then((saved) => {
			if (saved || window.confirm(question)) blocker.proceed()
			else blocker.reset()
		})
	}, [blocker, question, saveFirst])
}
