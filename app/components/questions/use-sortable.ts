import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'

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
	const [announcement, setAnnouncement] = useState('')
	const rows = useRef(new Map<string, HTMLElement>())
	const handles = useRef(new Map<string, HTMLElement>())
	const order = drag?.order ?? [...ids]
	const position = (list: readonly string[], id: string) => `position ${list.indexOf(id) + 1} of ${list.length}`

	// Moving a focused element in the DOM can drop its focus: keep it on the lifted handle.
	useLayoutEffect(() => {
		if (drag?.mode === 'keyboard') handles.current.get(drag.id)?.focus()
	}, [drag])

	function drop(current: Drag) {
		setDrag(null)
		setAnnouncement(`${nameOf(current.id)} dropped at ${position(current.order, current.id)}.`)
		if (!sameOrder(current.order, current.original)) onReorder(current.order)
	}

	function cancel(current: Drag) {
		setDrag(null)
		setAnnouncement(`Reordering cancelled. ${nameOf(current.id)} returned to ${position(current.original, current.id)}.`)
	}

	function onKeyDown(id: string, event: KeyboardEvent<HTMLElement>) {
		const lifted = drag?.mode === 'keyboard' && drag.id === id ? drag : null
		if (event.key === ' ' || event.key === 'Enter') {
			event.preventDefault()
			if (lifted) return drop(lifted)
			setDrag({ id, mode: 'keyboard', original: [...ids], order: [...ids] })
			setAnnouncement(
				`${nameOf(id)} lifted, ${position(ids, id)}. Use the up and down arrow keys to move it, Space to drop it, Escape to cancel.`,
			)
		} else if (lifted && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
			event.preventDefault()
			const next = moved(lifted.order, id, lifted.order.indexOf(id) + (event.key === 'ArrowUp' ? -1 : 1))
			setDrag({ ...lifted, order: next })
			setAnnouncement(`${nameOf(id)} moved to ${position(next, id)}.`)
		} else if (lifted && event.key === 'Escape') {
			event.preventDefault()
			cancel(lifted)
		}
	}

	function onPointerDown(id: string, event: PointerEvent<HTMLElement>) {
		if (event.button !== 0) return
		event.preventDefault()
		event.currentTarget.setPointerCapture(event.pointerId)
		setDrag({ id, mode: 'pointer', original: [...ids], order: [...ids] })
		setAnnouncement(`${nameOf(id)} picked up.`)
	}

	function onPointerMove(id: string, event: PointerEvent<HTMLElement>) {
		if (drag?.mode !== 'pointer' || drag.id !== id) return
		// The slot is the number of other rows whose middle lies above the pointer.
		const others = drag.order.filter((other) => other !== id)
		const slot = others.filter((other) => {
			const rect = rows.current.get(other)?.getBoundingClientRect()
			return rect ? rect.top + rect.height / 2 < event.clientY : false
		}).length
		const next = moved(drag.order, id, slot)
		if (!sameOrder(next, drag.order)) setDrag({ ...drag, order: next })
	}

	function onPointerUp(id: string) {
		if (drag?.mode === 'pointer' && drag.id === id) drop(drag)
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
			onPointerDown: (event: PointerEvent<HTMLElement>) => onPointerDown(id, event),
			onPointerMove: (event: PointerEvent<HTMLElement>) => onPointerMove(id, event),
			onPointerUp: () => onPointerUp(id),
			onPointerCancel: () => drag?.mode === 'pointer' && cancel(drag),
			'aria-pressed': drag?.id === id,
		}),
	}
}
