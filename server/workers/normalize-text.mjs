/*
 * Plain JavaScript, not TypeScript: the PDF reader child (pdf-text.mjs) runs it with plain
 * `node`, in development and from the production image alike, and server code imports it too.
 */

/**
 * Collapses runs of spaces and blank lines; keeps paragraph breaks.
 * @param {string} text
 * @returns {string}
 */
export function normalizeText(text) {
	return text
		.replace(/\r\n?/g, '\n')
		.replace(/[^\S\n]+/g, ' ')
		.replace(/ *\n */g, '\n')
		.replace(/\n{3,}/g, '\n\n')
		.trim()
}
