/*
 * The child process that reads the text of one PDF (started by server/domain/files/pdf-text.ts).
 * Parsing an uploaded PDF can take gigabytes or minutes (a FlateDecode bomb inflates a few MB
 * into GB of ArrayBuffer memory, which no V8 heap flag caps), so it never happens in the web
 * process: the parent sends the bytes over IPC, watches this process's memory and time, and
 * kills it when either runs out. This process answers one message and exits.
 *
 * Plain JavaScript so that `node` runs it as it is, under tsx and vitest as in the production
 * image (which holds no TypeScript and no bundle of this file).
 */
import { normalizeText } from './normalize-text.mjs'

// The parent is gone (crashed or killed): nobody wants the answer any more.
process.on('disconnect', () => process.exit(0))

process.once('message', async (request) => {
	const answer = await readText(request).catch(describeFailure)
	process.send(answer, () => process.exit(0))
})

/**
 * @param {{ bytes: Uint8Array, maxPages: number, maxChars: number }} request
 */
async function readText({ bytes, maxPages, maxChars }) {
	// No worker, no eval, no fonts (not needed for text) and no network.
	const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
	const document = await getDocument({
		// pdfjs refuses Buffers, and IPC may deliver one.
		data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
		useSystemFonts: true,
		isEvalSupported: false,
		disableFontFace: true,
		verbosity: 0,
	}).promise
	try {
		const pages = []
		let length = 0
		const lastPage = Math.min(document.numPages, maxPages)
		while (pages.length < lastPage && length < maxChars) {
			const page = await document.getPage(pages.length + 1)
			const content = await page.getTextContent()
			let text = ''
			for (const item of content.items) {
				if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '')
			}
			page.cleanup()
			// Normalized per page, so that the count against maxChars is what the caller will get.
			const normalized = normalizeText(text)
			pages.push(normalized)
			length += normalized.length + 2
		}
		const text = normalizeText(pages.join('\n\n'))
		return {
			ok: true,
			text: text.slice(0, maxChars),
			pages: pages.length,
			truncated: pages.length < document.numPages || text.length > maxChars,
		}
	} finally {
		await document.destroy()
	}
}

/** pdfjs's own errors (not a PDF, encrypted, broken beyond repair) make the file 'invalid'. */
function describeFailure(error) {
	const message = error instanceof Error ? error.message : String(error)
	// A typed array too large to allocate: the memory limit, whatever the parent has yet seen.
	const reason = error instanceof RangeError && /allocation failed|out of memory/i.test(message) ? 'memory' : 'invalid'
	return { ok: false, reason, message: `${error?.name ?? 'Error'}: ${message}` }
}
