/** Merges header sets; repeated Set-Cookie headers are all kept. */
export function combineHeaders(...sources: Array<HeadersInit | null | undefined>): Headers {
	const combined = new Headers()
	for (const source of sources) {
		if (!source) continue
		new Headers(source).forEach((value, key) => combined.append(key, value))
	}
	return combined
}
