/** A stored value shown to people: underscores as spaces ("open_call" → "open call"). */
export function humanize(value: string) {
	return value.replaceAll('_', ' ')
}

/** The delete confirmation, word for word (spec section 2): the dialog and the no-JavaScript page. */
export function deleteQuestion(title: string) {
	return `Are you sure you want to delete "${title}"? This action cannot be undone.`
}
