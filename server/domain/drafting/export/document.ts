/*
 * What every draft export takes: the draft as it reads on the page, with nothing left to look up.
 * Browser-safe: "Copy All" builds its text in the browser from the same document the server
 * renders the PDF and Word files from.
 */
import { isLimitedType, limitState, countWords } from '#server/domain/drafting/answer-fit.ts'

export type DraftAnswer = {
	/** 1-based, as the draft page numbers its questions. */
	number: number
	prompt: string
	helpText: string | null
	limitType: 'words' | 'chars' | null
	limitValue: number | null
	/** short_text, long_text, multiple_choice, multi_select, url or number; unknown types read as long text. */
	type: string
	/** The text to export; '' when not written. A multi_select answer is a JSON array string, '["A","B"]'. */
	answer: string
}

export type DraftDocument = {
	/** The draft's name, e.g. "Spring Residency 2027 · Nov 23, 2026". */
	title: string
	opportunityTitle: string
	/** '' when the opportunity names none. */
	organization: string
	/** `yyyy-MM-dd`. */
	deadline: string | null
	opportunityUrl: string | null
	/** ISO timestamp. */
	createdAt: string
	answers: DraftAnswer[]
}

/** A draft as the draft page holds it (`DraftView`): only what an export reads. */
export type DraftSource<A extends DraftSourceAnswer = DraftSourceAnswer> = Pick<
	DraftDocument,
	'title' | 'opportunityTitle' | 'organization' | 'deadline' | 'opportunityUrl' | 'createdAt'
> & { answers: readonly A[] }

export type DraftSourceAnswer = Pick<DraftAnswer, 'prompt' | 'helpText' | 'limitType' | 'limitValue'> & {
	questionType: string
	/** Only a written answer is exported; one still pending or failed exports as unwritten. */
	status: string
	text: string
}

/**
 * The export document of a draft. `textOf` gives an answer's text where the page holds a newer
 * one than the draft it loaded (Copy All copies what the artist sees, saved or not); undefined
 * falls back to the loaded text.
 */
export function draftDocument<A extends DraftSourceAnswer>(draft: DraftSource<A>, textOf?: (answer: A) => string | undefined): DraftDocument {
	return {
		title: draft.title,
		opportunityTitle: draft.opportunityTitle,
		organization: draft.organization,
		deadline: draft.deadline,
		opportunityUrl: draft.opportunityUrl,
		createdAt: draft.createdAt,
		answers: draft.answers.map((answer, index) => ({
			number: index + 1,
			prompt: answer.prompt,
			helpText: answer.helpText,
			limitType: answer.limitType,
			limitValue: answer.limitValue,
			type: answer.questionType,
			answer: textOf?.(answer) ?? (answer.status === 'written' ? answer.text : ''),
		})),
	}
}

/** An answer as a person reads it: a multi_select's JSON array as "A, B"; anything else (and invalid JSON) as is. */
export function displayAnswer(type: string, answer: string): string {
	if (type !== 'multi_select') return answer
	try {
		const parsed: unknown = JSON.parse(answer)
		return Array.isArray(parsed) ? parsed.map(String).join(', ') : answer
	} catch {
		return answer
	}
}

/**
 * The download's file name (spec: "named from the title lowercased with non-alphanumerics replaced
 * by underscore"): every character but a-z and 0-9 becomes an underscore. A title with none of
 * those (empty, or written only in another script) would give bare underscores, so it is "draft".
 */
export function downloadFileName(title: string, extension: string): string {
	const base = title.toLowerCase().replace(/[^a-z0-9]/g, '_')
	return `${/[a-z0-9]/.test(base) ? base : 'draft'}.${extension}`
}

/** "Spring Residency 2027 · Harbour Arts Council": the opportunity and who offers it, when known. */
export function opportunityLine(doc: DraftDocument): string {
	return [doc.opportunityTitle, doc.organization].filter((part) => part.trim()).join(' · ')
}

/** The answer's paragraphs: blank lines separate them; single line breaks stay inside one. */
export function answerParagraphs(text: string): string[] {
	return text
		.replace(/\r\n?/g, '\n')
		.trim()
		.split(/\n[^\S\n]*\n\s*/)
		.map((paragraph) => paragraph.trimEnd())
		.filter((paragraph) => paragraph.trim() !== '')
}

const numberFormat = new Intl.NumberFormat('en-US')

export type AnswerCount = {
	/** "212 / 300 words", "1,204 / 1,500 chars", or "212 words" without a limit. */
	label: string
	/** "12 over limit"; null when the answer fits. */
	over: string | null
}

/**
 * The counter the draft page shows under an answer, for the exports to print. Only free-text
 * answers are counted (limits apply to them alone), and an unwritten answer has nothing to count.
 */
export function answerCount(answer: DraftAnswer): AnswerCount | null {
	if (!isLimitedType(answer.type) || !answer.answer.trim()) return null
	const state = limitState(answer.answer, answer.limitType, answer.limitValue)
	if (!state) {
		const words = countWords(answer.answer)
		return { label: `${numberFormat.format(words)} ${words === 1 ? 'word' : 'words'}`, over: null }
	}
	return {
		label: `${numberFormat.format(state.count)} / ${numberFormat.format(state.limit)} ${state.unit}`,
		over: state.over > 0 ? `${numberFormat.format(state.over)} over limit` : null,
	}
}

const RIGHT_TO_LEFT_LETTER =
	/[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Hanifi_Rohingya}\p{Script=Yezidi}\p{Script=Imperial_Aramaic}\p{Script=Mende_Kikakui}\p{Script=Old_South_Arabian}\p{Script=Nabataean}\p{Script=Phoenician}]/u

/**
 * Whether a paragraph reads right to left: its first letter is Hebrew, Arabic or another
 * right-to-left script, the rule of the Unicode bidirectional algorithm (and of the page's
 * `dir="auto"`). "Shalom, and then English" is right to left; "English, then שלום" is not.
 */
export function startsRightToLeft(text: string): boolean {
	const letter = /\p{L}/u.exec(text)?.[0]
	return letter !== undefined && RIGHT_TO_LEFT_LETTER.test(letter)
}

/** Whether a URL may become a clickable link in a file: only the web's own schemes, never `javascript:` or `file:`. */
export function isWebUrl(value: string): boolean {
	try {
		const { protocol } = new URL(value)
		return protocol === 'http:' || protocol === 'https:'
	} catch {
		return false
	}
}

/**
 * What the PDF's font (DejaVu Sans, ADR 020) has no glyphs for: CJK scripts (with their punctuation
 * and full-width forms) and emoji. The PDF leaves them out, with the variation selectors and joiners
 * that build an emoji (drawn, they were empty boxes, wider than the font said, that ran past the
 * margin); the draft page says so.
 */
export const PDF_CANNOT_SHOW = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3000-\u303F\uFF00-\uFFEF\p{Emoji_Presentation}]/u

const PDF_LEAVES_OUT = new RegExp(`${PDF_CANNOT_SHOW.source}|[\\u200D\\uFE0F]`, 'gu')

/** `text` as the PDF prints it: without what its font cannot show. */
export function pdfPrintable(text: string) {
	return text.replace(PDF_LEAVES_OUT, '')
}
