/**
 * After removing the item at `index` of a list, focus what took its place: the item now at that
 * index, else the last one, else `fallback` (the list's input or add button). Keyboard and screen
 * reader users stay where they were instead of being sent back to the top of the page.
 */
export function focusNearest(items: NodeListOf<HTMLElement> | undefined, index: number, fallback: HTMLElement | null) {
	const target = items?.length ? items[Math.min(index, items.length - 1)] : fallback
	target?.focus()
}
