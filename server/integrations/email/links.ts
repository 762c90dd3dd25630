export type TextSegment = { kind: 'text' | 'link'; value: string }

// Stops at whitespace and at characters that cannot appear unescaped in a URL
// but often surround one in prose ("<https://…>", quotes).
const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g
// Punctuation that ends a sentence rather than the URL ("Open https://…/x.").
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/

/** Splits plain text into text and http(s) links, in order, so a page can render the links as anchors. */
export function splitLinks(text: string): TextSegment[] {
	const segments: TextSegment[] = []
	let last = 0
	for (const match of text.matchAll(URL_PATTERN)) {
		const link = match[0].replace(TRAILING_PUNCTUATION, '')
		if (!link.includes('://') || link.endsWith('://')) continue
		if (match.index > last) segments.push({ kind: 'text', value: text.slice(last, match.index) })
		segments.push({ kind: 'link', value: link })
		last = match.index + link.length
	}
	if (last < text.length) segments.push({ kind: 'text', value: text.slice(last) })
	return segments
}

export function extractLinks(text: string): string[] {
	return splitLinks(text)
		.filter((segment) => segment.kind === 'link')
		.map((segment) => segment.value)
}
