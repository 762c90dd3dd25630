/**
 * The raw value of cookie `name` in a Cookie header, or null. For cookies that are not Remix
 * `createCookie` cookies (those parse themselves): the session token and the browser's time-zone
 * hint. The caller validates the value.
 */
export function cookieValue(header: string | null | undefined, name: string): string | null {
	if (!header) return null
	for (const part of header.split(';')) {
		const [key, ...rest] = part.trim().split('=')
		if (key === name) return rest.join('=')
	}
	return null
}

/** The names of the cookies in a Cookie header, in order. */
export function cookieNames(header: string | null | undefined): string[] {
	if (!header) return []
	return header
		.split(';')
		.map((part) => part.split('=')[0]!.trim())
		.filter(Boolean)
}
