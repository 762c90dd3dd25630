const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

/** A moment as the admin pages show it, formatted on the server (UTC) so the hydrated page matches. */
export function formatDateTime(date: Date) {
	return `${dateTimeFormat.format(date)} UTC`
}
