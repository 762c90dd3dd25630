import { useSubmit } from '@remix-run/react'
import { useEffect, useRef, type ChangeEvent } from 'react'

/** How long typing or arrowing through a list pauses before the results follow. */
export const FILTER_DELAY_MS = 300

/**
 * A GET filter form's `onChange` with JavaScript: the results follow the form, replacing the
 * history entry. Text and select changes wait for a pause: typing, or arrowing through a closed
 * select (each arrow key is a change), loads once when the user stops, not once per key.
 * Checkboxes apply at once.
 */
export function useFilterSubmit() {
	const submit = useSubmit()
	const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
	useEffect(() => () => clearTimeout(timer.current), [])
	return (event: ChangeEvent<HTMLFormElement>) => {
		const form = event.currentTarget
		const target = event.target as EventTarget
		const waits = target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && (target.type === 'search' || target.type === 'text'))
		clearTimeout(timer.current)
		const send = () => submit(form, { replace: true, preventScrollReset: true })
		if (waits) timer.current = setTimeout(send, FILTER_DELAY_MS)
		else send()
	}
}
