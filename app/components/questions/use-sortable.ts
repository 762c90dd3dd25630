import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react'

type Options = {
	/** Ids in their saved order. */
	ids: readonly string[]
	/** How an item is named in announcements. */
	nameOf: (id: string) => string
	/** Called once per drop that changed the order, with the new order. */
	onReorder: (ids: string[]) => void
}

type Drag = { id: string; mode: 'pointer' | 'keyboard'; original: readonly string[]; order: string[] }

function moved(order: readonly string[], id: string, to: number) {
	const next = order.filter((other) => other !== id)
	next.splice(Math.max(0, Math.min(to, next.length)), 0, id)
	return next
}

const sameOrder = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i])

/**
 * A small sortable list, with no dependency: drag a row's handle with a pointer, or with the
 * keyboard (Space or Enter lifts, the arrow keys move, Space or Enter drops, Escape cancels), every
 * step announced in a live region. The list shows `order`; the caller saves in `onReorder`.
 */
export function useSortable({ ids, nameOf, onReorder }: Options) {
	const [drag, setDrag] = useState<Drag | null>(null)
	// The same, for the window's pointer listeners, which outlive a render.
	const current = useRef<Drag | null>(null)
	const [announcement, setAnnouncement] = useState('')
	const stopListening = useRef<() => void>(() => {})
	const rows = useRef(new Map<string, HTMLElement>())
	const handles = useRef(new Map<string, HTMLElement>())
	const order = drag?.order ?? [...ids]
	const position = (list: readonly string[], id: string) => `position ${list.indexOf(id) + 1} of ${list.length}`

	// Moving a focused element in the DOM can drop its focus: keep it on the lifted handle.
	useLayoutEffect(() => {
		if (drag?.mode === 'keyboard') handles.current.get(drag.id)?.focus()
	}, [drag])
	useEffect(() => () => stopListening.current(), [])

	function update(next: Drag | null) {
		current.current = next
		setDrag(next)
	}

	function drop(lifted: Drag) {
		update(null)
		setAnnouncement(`${nameOf(lifted.id)} dropped at ${position(lifted.order, lifted.id)}.`)
		if (!sameOrder(lifted.order, lifted.original)) onReorder(lifted.order)
	}

	function cancel(lifted: Drag) {
		update(null)
		setAnnouncement(`Reordering cancelled. ${nameOf(lifted.id)} returned to ${position(lifted.original, lifted.id)}.`)
	}

	function onKeyDown(id: string, event: KeyboardEvent<HTMLElement>) {
		const lifted = drag?.mode === 'keyboard' && drag.id === id ? drag : null
		if (event.key === ' ' || event.key === 'Enter') {
			event.preventDefault()
			if (lifted) return drop(lifted)
			update({ id, mode: 'keyboard', original: [...ids], order: [...ids] })
			setAnnouncement(
				`${nameOf(id)} lifted, ${position(ids, id)}. Use the up and down arrow keys to move it, Space to drop it, Escape to cancel.`,
			)
		} else if (lifted && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
			event.preventDefault()
			const next = moved(lifted.order, id, lifted.order.indexOf(id) + (event.key === 'ArrowUp' ? -1 : 1))
			update({ ...lifted, order: next })
			setAnnouncement(`${nameOf(id)} moved to ${position(next, id)}.`)
		} else if (lifted && event.key === 'Escape') {
			event.preventDefault()
			cancel(lifted)
		}
	}

	/**
	 * A pointer drag follows the pointer on the window, not on the handle: moving the dragged row down
	 * moves its element in the DOM, which ends a pointer capture on the handle, so a drag downwards
	 * used to stop hearing the pointer and never dropped (or saved).
	 */
	function onPointerDown(id: string, event: PointerEvent<HTMLElement>) {
		if (event.button !== 0) return
		event.preventDefault()
		stopListening.current()
		// Another item picked up by the pointer while one is lifted with the keyboard: that one is dropped
		// where it is first (saved), as leaving it with Tab does, instead of its move being lost.
		const lifted = current.current
		if (lifted?.mode === 'keyboard' && lifted.id !== id) drop(lifted)
		const { pointerId } = event
		const move = (moveEvent: globalThis.PointerEvent) => {
			if (moveEvent.pointerId === pointerId) followPointer(id, moveEvent.clientY)
		}
		const end = (endEvent: globalThis.PointerEvent) => {
			if (endEvent.pointerId !== pointerId) return
			stopListening.current()
			const lifted = current.current
			if (lifted?.mode !== 'pointer' || lifted.id !== id) return
			if (endEvent.type === 'pointerup') drop(lifted)
			else cancel(lifted)
		}
		window.addEventListener('pointermove', move)
		window.addEventListener('pointerup', end)
		window.addEventListener('pointercancel', end)
		stopListening.current = () => {
			window.removeEventListener('pointermove', move)
			window.removeEventListener('pointerup', end)
			window.removeEventListener('pointercancel', end)
			stopListening.current = () => {}
		}
		update({ id, mode: 'pointer', original: [...ids], order: [...ids] })
		setAnnouncement(`${nameOf(id)} picked up.`)
	}

	function followPointer(id: string, clientY: number) {
		const lifted = current.current
		if (lifted?.mode !== 'pointer' || lifted.id !== id) return
		// The slot is the number of other rows whose middle lies above the pointer.
		const others = lifted.order.filter((other) => other !== id)
		const slot = others.filter((other) => {
			const rect = rows.current.get(other)?.getBoundingClientRect()
			return rect ? rect.top + rect.height / 2 < clientY : false
		}).length
		const next = moved(lifted.order, id, slot)
		if (!sameOrder(next, lifted.order)) update({ ...lifted, order: next })
	}

	return {
		order,
		draggingId: drag?.id ?? null,
		announcement,
		rowRef: (id: string) => (element: HTMLElement | null) => {
			if (element) rows.current.set(id, element)
			else rows.current.delete(id)
		},
		handleProps: (id: string) => ({
			ref: (element: HTMLElement | null) => {
				if (element) handles.current.set(id, element)
				else handles.current.delete(id)
			},
			onKeyDown: (event: KeyboardEvent<HTMLElement>) => onKeyDown(id, event),
			// Tabbing away from a lifted item drops it where it is, as Space would: it used to stay lifted,
			// and lifting another then lost this move without a word. (A row moved in the DOM blurs its
			// handle with nothing else focused; the layout effect above gives focus back then.)
			onBlur: (event: FocusEvent<HTMLElement>) => {
				const lifted = current.current
				if (lifted?.mode === 'keyboard' && lifted.id === id && event.relatedTarget instanceof Element) drop(lifted)
			},
			onPointerDown: (event: PointerEvent<HTMLElement>) => onPointerDown(id, event),
			'aria-pressed': drag?.id === id,
		}),
	}
}
