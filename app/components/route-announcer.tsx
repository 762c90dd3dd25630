import { useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useHydrated } from '#app/utils/use-hydrated.ts'

/**
 * Says the new page's title when a link or form moves to another page without a reload. The
 * browser announces a full page load by itself; a client-side one leaves focus where it was (a
 * sidebar link, the Menu button the phone drawer gives focus back to) and says nothing, so a screen
 * reader user would not know the page changed. The page's own announcements (a toast, a count)
 * follow in the same polite queue. Only a change of path counts: a filter or a page of results
 * changes the query, and says what changed itself.
 */
export function RouteAnnouncer() {
	const { pathname } = useLocation()
	const [announced, setAnnounced] = useState<{ pathname: string; title: string } | null>(null)
	const shown = useRef(pathname)
	const hydrated = useHydrated()

	useEffect(() => {
		if (pathname === shown.current) return
		shown.current = pathname
		// The title is set by Remix's <Meta> in the same commit; read it once the page is drawn.
		const frame = requestAnimationFrame(() => setAnnounced({ pathname, title: document.title }))
		return () => cancelAnimationFrame(frame)
	}, [pathname])

	// Only in the browser (a page load is announced by the browser itself): the region is there from
	// hydration on, before any move, and costs the server's HTML nothing.
	if (!hydrated) return null
	// A new line for each page (keyed by its path), so two pages with the same title are both said.
	return (
		<div aria-live="polite" className="sr-only" data-route-announcer="">
			{announced ? <p key={announced.pathname}>{announced.title}</p> : null}
		</div>
	)
}
