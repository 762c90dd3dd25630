/*
 * The draft as plain text (spec: "Copy All format: numbered questions, prompt and answer
 * separated by dashes"). Browser-safe: "Copy All" writes this to the clipboard without a request,
 * and the .txt download is the same text under a header.
 */
import { formatShortDate } from '#server/domain/dates.ts'
import { displayAnswer, type DraftDocument } from './document.ts'

const SEPARATOR = '-'.repeat(10)

/** Numbered questions, each prompt over a dashed line over its answer; questions a blank line apart. */
export function draftAsText(doc: DraftDocument): string {
	return doc.answers
		.map(({ number, prompt, type, answer }) => {
			const text = displayAnswer(type, answer).replace(/\r\n?/g, '\n').trim()
			return [`${number}. ${prompt.trim()}`, SEPARATOR, ...(text ? [text] : [])].join('\n')
		})
		.join('\n\n')
}

/** The .txt download: what the draft is for and when it is due, a blank line, then the Copy All text. */
export function draftAsDownloadText(doc: DraftDocument): string {
	const header = [
		doc.title,
		doc.opportunityTitle,
		doc.organization,
		doc.deadline ? `Deadline: ${formatShortDate(doc.deadline)}` : '',
	].filter((line) => line.trim() !== '')
	const body = draftAsText(doc)
	return `${[header.join('\n'), body].filter(Boolean).join('\n\n')}\n`
}
