import { useLocation, useNavigation, useFetchers } from '@remix-run/react'
import { useIsMutating } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'

/*
 * Keeps keyboard focus where the user was when something they pressed finishes (ADR 008).
 *
 * A pressed button is disabled while its form posts, or replaced when the page comes back (Mark as
 * completed becomes Mark as in progress, Undo goes away, a removed row takes its Remove button with
 * it). The browser then drops focus to <body>, and a keyboard or screen reader user starts again at
 * the top of the page. Once the navigation, the fetchers and the tRPC mutations are all idle, if
 * focus is on <body>: the same element again when it is still there and usable; otherwise the
 * first usable control in the nearest part of the page that is still there; after a move to
 * another page, that page's <main>. A click on an empty part of the page (which moves focus to
 * <body> on purpose) is left alone.
 */

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])'

type Remembered = { element: HTMLElement; ancestors: HTMLElement[]; pathname: string }

function usable(element: HTMLElement) {
	if (!element.isConnected || element.matches(':disabled') || element.closest('[inert], [aria-hidden="true"]')) return false
	// Not displayed (a closed menu, a hidden breakpoint's copy): no box to focus.
	return element.getClientRects().length > 0
}

function firstUsableIn(container: HTMLElement) {
	return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].find(usable)
}

function restore(remembered: Remembered, pathname: string) {
	const focused = document.activeElement
	if (focused && focused !== document.body) return
	const main = document.getElementById('main-content')
	let target: HTMLElement | null | undefined = null
	if (remembered.pathname !== pathname) target = main
	else if (usable(remembered.element)) target = remembered.element
	else {
		const kept = remembered.ancestors.find((ancestor) => ancestor.isConnected && ancestor !== document.body)
		target = (kept && firstUsableIn(kept)) ?? main
	}
	target?.focus({ preventScroll: true })
}

export function FocusKeeper() {
	const navigation = useNavigation()
	const fetchers = useFetchers()
	const mutating = useIsMutating()
	const location = useLocation()
	const remembered = useRef<Remembered | null>(null)

	useEffect(() => {
		const onFocusIn = (event: FocusEvent) => {
			const element = event.target
			if (!(element instanceof HTMLElement) || element === document.body) return
			const ancestors: HTMLElement[] = []
			for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) ancestors.push(parent)
			remembered.current = { element, ancestors, pathname: window.location.pathname }
		}
		// Clicking where nothing takes focus moves it to <body>, as the user meant.
		const onPointerDown = (event: PointerEvent) => {
			if (!(event.target instanceof Element) || !event.target.closest(FOCUSABLE)) remembered.current = null
		}
		document.addEventListener('focusin', onFocusIn)
		document.addEventListener('pointerdown', onPointerDown, true)
		return () => {
			document.removeEventListener('focusin', onFocusIn)
			document.removeEventListener('pointerdown', onPointerDown, true)
		}
	}, [])

	const idle = navigation.state === 'idle' && fetchers.every((fetcher) => fetcher.state === 'idle') && mutating === 0
	useEffect(() => {
		if (!idle || !remembered.current) return
		const kept = remembered.current
		// After React has drawn the page that came back (and Radix has moved focus, for a dialog).
		const frame = requestAnimationFrame(() => restore(kept, window.location.pathname))
		return () => cancelAnimationFrame(frame)
	}, [idle, location.key])
	return null
}
