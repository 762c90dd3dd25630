/** The name and raw value of each cookie in a Cookie header, in order. */
function* cookies(header: string | null | undefined): Generator<[name: string, value: string]> {
	if (!header) return
	for (const part of header.split(';')) {
		const [name = '', ...rest] = part.trim().split('=')
		if (name) yield [name, rest.join('=')]
	}
}

/**
 * The raw value of cookie `name` in a Cookie header, or null. For cookies that are not Remix
 * `createCookie` cookies (those parse themselves): the session token and the browser's time-zone
 * hint. The caller validates the value.
 */
export function cookieValue(header: string | null | undefined, name: string): string | null {
	for (const [key, value] of cookies(header)) if (key === name) return value
	return null
}

/** The names of the cookies in a Cookie header, in order. */
export function cookieNames(header: string | null | undefined): string[] {
	return [...cookies(header)].map(([name]) => name)
}
