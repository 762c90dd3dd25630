import { useLocation, useNavigation, useFetchers } from '@remix-run/react'
import { useIsFetching, useIsMutating } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'

/*
 * Keeps keyboard focus where the user was when something they pressed finishes (ADR 008).
 *
 * A pressed button is disabled while its form posts, or replaced when the page comes back (Mark as
 * completed becomes Mark as in progress, Undo goes away, a removed row takes its Remove button with
 * it). The browser then drops focus to <body>, and a keyboard or screen reader user starts again at
 * the top of the page. Once the navigation, the fetchers and the tRPC mutations are all idle, if
 * focus is on <body>: the same element again when it is still there and usable; otherwise the
 * first usable control in the nearest part of the page still there that has one; after a move to
 * another page, that page's <main>. A click on an empty part of the page (which moves focus to
 * <body> on purpose) is left alone.
 */

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])'

type Remembered = { element: HTMLElement; ancestors: HTMLElement[]; pathname: string }

function usable(element: HTMLElement) {
	if (!element.isConnected || element.matches(':disabled') || element.closest('[inert], [aria-hidden="true"]')) return false
	// Not displayed (a closed menu, a hidden breakpoint's copy): no box to focus.
	return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden'
}

/** The first control a Tab would reach in `container`. */
function firstUsableIn(container: HTMLElement) {
	return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].find((element) => element.tabIndex >= 0 && usable(element))
}

function remember(element: HTMLElement): Remembered {
	const ancestors: HTMLElement[] = []
	for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) ancestors.push(parent)
	return { element, ancestors, pathname: window.location.pathname }
}

/** Moves focus back as the comment above says; false when it had not fallen to <body>. */
function restore(remembered: Remembered, pathname: string) {
	const focused = document.activeElement
	if (focused && focused !== document.body) return false
	const main = document.getElementById('main-content')
	const fallback = main && usable(main) ? main : null
	if (remembered.pathname !== pathname) {
		fallback?.focus({ preventScroll: true })
		return true
	}
	let target: HTMLElement | null | undefined = usable(remembered.element) ? remembered.element : null
	// The nearest part of the page still there that holds a control (a status line left empty by
	// "Keep mine" holds none: its answer's card does).
	for (const ancestor of remembered.ancestors) {
		if (target) break
		if (ancestor.isConnected) target = firstUsableIn(ancestor)
	}
	target ??= fallback
	target?.focus({ preventScroll: true })
	if (target && target !== main) target.scrollIntoView({ block: 'nearest' })
	return true
}

export function FocusKeeper() {
	const navigation = useNavigation()
	const fetchers = useFetchers()
	const mutating = useIsMutating()
	// A list read again after a change (a deleted file) settles before focus is placed in it.
	const fetching = useIsFetching()
	const location = useLocation()
	const remembered = useRef<Remembered | null>(null)

	useEffect(() => {
		const onFocusIn = (event: FocusEvent) => {
			const element = event.target
			if (element instanceof HTMLElement && element !== document.body) remembered.current = remember(element)
		}
		// What is clicked is what the user is at, even where a click does not focus a button (Safari,
		// Firefox on macOS); clicking where nothing takes focus moves it to <body>, as the user meant.
		const onPointerDown = (event: PointerEvent) => {
			const control = event.target instanceof Element ? event.target.closest<HTMLElement>(FOCUSABLE) : null
			remembered.current = control ? remember(control) : null
		}
		document.addEventListener('focusin', onFocusIn)
		document.addEventListener('pointerdown', onPointerDown, true)
		return () => {
			document.removeEventListener('focusin', onFocusIn)
			document.removeEventListener('pointerdown', onPointerDown, true)
		}
	}, [])

	const idle = navigation.state === 'idle' && fetchers.every((fetcher) => fetcher.state === 'idle') && mutating === 0 && fetching === 0
	useEffect(() => {
		if (!idle || !remembered.current) return
		const kept = remembered.current
		// After React has drawn the page that came back (and Radix has moved focus, for a dialog).
		const frame = requestAnimationFrame(() => {
			// Used once: a later background change does not move focus again.
			if (restore(kept, window.location.pathname) && remembered.current === kept) remembered.current = null
		})
		return () => cancelAnimationFrame(frame)
	}, [idle, location.key])
	return null
}
