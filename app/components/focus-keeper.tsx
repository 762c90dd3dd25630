import { useLocation, useNavigation, useFetchers } from '@remix-run/react'
import { useIsFetching, useIsMutating } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'

/*
 * Keeps keyboard focus where the user was when something they pressed finishes (ADR 008).
 *
 * A pressed button is disabled while its form posts, or replaced when the page comes back (Mark as
 * completed becomes Mark as in progress, Undo goes away, a removed row takes its Remove button with
 * it). The browser then drops focus to <body>, and a keyboard or screen reader user starts again at
 * the top of the page. Once the navigation, the fetchers and the tRPC calls are all idle, if focus
 * is on <body>: the same element again when it is still there and usable; otherwise the control
 * beside where it was, in the nearest part of the page still there (nearestUsable), but never
 * outside <main> for a control that was in it; after a move to another page, that page's <main>.
 * A click on an empty part of the page (which moves focus to <body> on purpose) is left alone. A
 * form that came back refused gets its first invalid field instead (without JavaScript, the
 * fields' autofocus does that: app/components/forms.tsx).
 */

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])'

type Remembered = {
	element: HTMLElement
	/** The element and its ancestors up to <body>, nearest first. */
	path: HTMLElement[]
	/** What stood beside each of them then, to find "the one next to it" once it is gone. */
	beside: { next: Element | null; previous: Element | null }[]
	pathname: string
}

function usable(element: HTMLElement) {
	if (!element.isConnected || element.matches(':disabled') || element.closest('[inert], [aria-hidden="true"]')) return false
	// Not displayed (a closed menu, a hidden breakpoint's copy): no box to focus.
	return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden'
}

/** The controls a Tab would reach in `node` (itself included), in order. */
function usableIn(node: Element) {
	const all = [...(node.matches(FOCUSABLE) ? [node] : []), ...node.querySelectorAll(FOCUSABLE)]
	return all.filter((element): element is HTMLElement => element instanceof HTMLElement && element.tabIndex >= 0 && usable(element))
}

function remember(element: HTMLElement): Remembered {
	const path: HTMLElement[] = []
	for (let node: HTMLElement | null = element; node && node !== document.body; node = node.parentElement) path.push(node)
	const beside = path.map((node) => ({ next: node.nextElementSibling, previous: node.previousElementSibling }))
	return { element, path, beside, pathname: window.location.pathname }
}

/**
 * Where focus goes when the remembered element is gone: in the nearest ancestor still there, the
 * first control after where it was (the next row's), else the last before it, else the first in
 * that ancestor; further up when it holds none (a status line left empty by "Keep mine").
 */
function nearestUsable({ path, beside }: Remembered) {
	for (let level = 1; level < path.length; level += 1) {
		const ancestor = path[level]!
		if (!ancestor.isConnected) continue
		const { next, previous } = beside[level - 1]!
		const kept = (node: Element | null) => (node?.isConnected && ancestor.contains(node) ? node : null)
		const after = kept(next)
		const before = kept(previous)
		const target = (after && usableIn(after)[0]) ?? (before && usableIn(before).at(-1)) ?? usableIn(ancestor)[0]
		if (target) return target
	}
	return null
}

/**
 * After a form was submitted and came back refused, its first invalid field (where the reason is
 * read, through aria-describedby); null for anything else, such as typing in a field.
 */
function firstRefusedField({ element }: Remembered) {
	if (!element.matches('button:not([type="button"]):not([type="reset"]), input[type="submit"]')) return null
	const form = (element as HTMLButtonElement).form ?? element.closest('form')
	if (!form?.isConnected) return null
	return usableIn(form).find((control) => control.getAttribute('aria-invalid') === 'true') ?? null
}

/** Moves focus back as the comment above says; false when it had not fallen to <body>. */
function restore(remembered: Remembered) {
	const focused = document.activeElement
	const refused = firstRefusedField(remembered)
	if (refused && (!focused || focused === document.body || focused === remembered.element)) {
		refused.focus()
		return true
	}
	if (focused && focused !== document.body) return false
	const main = document.getElementById('main-content')
	const fallback = main && usable(main) ? main : null
	if (remembered.pathname !== window.location.pathname) {
		fallback?.focus({ preventScroll: true })
		return true
	}
	const near = usable(remembered.element) ? remembered.element : nearestUsable(remembered)
	// A press inside <main> whose whole part of the page was replaced (a step's card by the next
	// step's) does not send focus out to the header's first link: <main> takes it, as after a move.
	const leftMain = main && near && remembered.path.includes(main) && !main.contains(near)
	const target = (leftMain ? null : near) ?? fallback
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
			// (A click remembered it already, on pointerdown.)
			if (element instanceof HTMLElement && element !== document.body && remembered.current?.element !== element) remembered.current = remember(element)
		}
		// What is clicked is what the user is at, even where a click does not focus a button (Safari,
		// Firefox on macOS); clicking where nothing takes focus moves it to <body>, as the user meant.
		const controlOf = (event: Event) => (event.target instanceof Element ? event.target.closest<HTMLElement>(FOCUSABLE) : null)
		const onPointerDown = (event: PointerEvent) => {
			const control = controlOf(event)
			remembered.current = control ? remember(control) : null
		}
		// A control pressed again from the keyboard (Enter, Space) while it has focus: no focusin or
		// pointerdown comes, and the previous press's memory was used up when focus came back to it.
		// (Enter in a field clicks its form's submit button too; focus is in the field then, and stays.)
		const onClick = (event: MouseEvent) => {
			const control = controlOf(event)
			if (control && control === document.activeElement) remembered.current = remember(control)
		}
		document.addEventListener('focusin', onFocusIn)
		document.addEventListener('pointerdown', onPointerDown, true)
		document.addEventListener('click', onClick, true)
		return () => {
			document.removeEventListener('focusin', onFocusIn)
			document.removeEventListener('pointerdown', onPointerDown, true)
			document.removeEventListener('click', onClick, true)
		}
	}, [])

	const idle = navigation.state === 'idle' && fetchers.every((fetcher) => fetcher.state === 'idle') && mutating === 0 && fetching === 0
	useEffect(() => {
		if (!idle || !remembered.current) return
		const kept = remembered.current
		// After React has drawn the page that came back (and Radix has moved focus, for a dialog).
		const frame = requestAnimationFrame(() => {
			// Used once: a later background change does not move focus again.
			if (restore(kept) && remembered.current === kept) remembered.current = null
		})
		return () => cancelAnimationFrame(frame)
	}, [idle, location.key])
	return null
}
