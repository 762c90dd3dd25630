/**
 * Plain text of a PDF, page by page, with pdfjs (no worker, no eval, no network: fonts are not
 * needed to read text). Loaded on first use, so only the process that ingests pays for it.
 */
export async function extractPdfText(data: Uint8Array, { maxPages = 50 }: { maxPages?: number } = {}) {
	const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
	const document = await getDocument({
		// pdfjs takes ownership of (detaches) the buffer it is given.
		data: new Uint8Array(data),
		useSystemFonts: true,
		isEvalSupported: false,
		disableFontFace: true,
		verbosity: 0,
	}).promise
	try {
		const pages: string[] = []
		for (let number = 1; number <= Math.min(document.numPages, maxPages); number++) {
			const page = await document.getPage(number)
			const content = await page.getTextContent()
			let text = ''
			for (const item of content.items) {
				if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '')
			}
			pages.push(text)
			page.cleanup()
		}
		return normalizeText(pages.join('\n\n'))
	} finally {
		await document.destroy()
	}
}

/** Collapses runs of spaces and blank lines; keeps paragraph breaks. */
export function normalizeText(text: string) {
	return text
		.replace(/\r\n?/g, '\n')
		.replace(/[^\S\n]+/g, ' ')
		.replace(/ *\n */g, '\n')
		.replace(/\n{3,}/g, '\n\n')
		.trim()
}
