/*
 * How an answer fits its question (spec section 5, "Answer limits"; PRODUCT.md, "Drafts"): the
 * counting the draft page shows, and the shaping of a drafter's text to the question's type.
 * Browser-safe: the page's counter uses the same functions as the server, so both agree on
 * "312 / 300 words".
 */
import { countChars } from '../text.ts'

export { countChars }

export type LimitType = 'words' | 'chars'

/** Words as the page counts them: runs of non-whitespace. */
export function countWords(text: string): number {
	const trimmed = text.trim()
	return trimmed ? trimmed.split(/\s+/).length : 0
}


export function countIn(limitType: LimitType, text: string): number {
	return limitType === 'words' ? countWords(text) : countChars(text)
}

export type LimitState = { count: number; limit: number; unit: 'words' | 'chars'; over: number }

/** The counter under an answer: "count / limit words|chars" and how far over; null without a limit. */
export function limitState(text: string, limitType: string | null | undefined, limitValue: number | null | undefined): LimitState | null {
	if ((limitType !== 'words' && limitType !== 'chars') || !limitValue || limitValue <= 0) return null
	const count = countIn(limitType, text)
	return { count, limit: limitValue, unit: limitType, over: Math.max(0, count - limitValue) }
}

const KNOWN_TYPES = ['short_text', 'long_text', 'multiple_choice', 'multi_select', 'url', 'number'] as const
export type AnswerType = (typeof KNOWN_TYPES)[number]

/** The type an answer is shaped to: unknown types read as long text (spec section 3). */
export function answerType(type: string): AnswerType {
	return (KNOWN_TYPES as readonly string[]).includes(type) ? (type as AnswerType) : 'long_text'
}

/** Whether the question's limit applies: limits are for free text only (spec section 5, "Question editor"). */
export function isLimitedType(type: string) {
	const shaped = answerType(type)
	return shaped === 'short_text' || shaped === 'long_text'
}

export const ANSWER_FORMAT_MESSAGES = {
	number: 'Not a number',
	url: 'Not a web address (https://…)',
} as const

/**
 * What is wrong with an edited answer's form, for a note beside it (never a refusal: an answer is
 * the artist's work in progress, saved as typed): a number answer that is no number ("12,000" and
 * "-3.5" are), a url answer that is no http(s) address. Null when it fits, or is empty.
 */
export function answerFormatProblem(type: string, text: string): string | null {
	const value = text.trim()
	if (!value) return null
	switch (answerType(type)) {
		case 'number':
			return /^[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/.test(value) ? null : ANSWER_FORMAT_MESSAGES.number
		case 'url':
			return /^https?:\/\/[^\s/.]+\.[^\s]+$/i.test(value) && URL.canParse(value) ? null : ANSWER_FORMAT_MESSAGES.url
		default:
			return null
	}
}

export type ShapeQuestion = {
	type: string
	label: string
	options: readonly string[]
}

export type ShapeProfile = {
	/** URLs an answer of type url may give: the profile's website and links. */
	urls: readonly string[]
}

/**
 * A drafter's raw text shaped to the question's type: multiple_choice exactly one option,
 * multi_select a JSON array of options, url one of the profile's URLs (or empty), number a number
 * (or empty when the text holds none), short_text one line, long text trimmed.
 */
export function shapeAnswer(question: ShapeQuestion, raw: string, profile: ShapeProfile): string {
	const text = stripWrapping(raw)
	switch (answerType(question.type)) {
		case 'multiple_choice':
			return pickOption(question.options, text) ?? ''
		case 'multi_select':
			return JSON.stringify(pickOptions(question.options, text))
		case 'url':
			return pickProfileUrl(profile.urls, text, question.label)
		case 'number':
			return firstNumber(text)
		case 'short_text':
			return text.replace(/\s+/g, ' ').trim()
		case 'long_text':
			return text
				.replace(/\r\n?/g, '\n')
				.replace(/[ \t]+\n/g, '\n')
				.replace(/\n{3,}/g, '\n\n')
				.trim()
	}
}

/** Drops what models wrap answers in: surrounding quotes, a code fence, a leading "Answer:". */
function stripWrapping(raw: string) {
	let text = raw.trim()
	const fenced = /^```[\w-]*\n([\s\S]*?)\n```$/.exec(text)
	if (fenced) text = fenced[1]!.trim()
	text = text.replace(/^(?:answer|response)\s*:\s*/i, '')
	const quoted = /^["“](.*)["”]$/s.exec(text)
	if (quoted && !/["“”]/.test(quoted[1]!)) text = quoted[1]!.trim()
	return text
}

const normalize = (value: string) => value.toLowerCase().replace(/\s+/g, ' ').trim()

function words(value: string) {
	return new Set(normalize(value).split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 2))
}

/** The option the text names: an exact match, else the longest option it contains, else the best word overlap. */
export function pickOption(options: readonly string[], text: string): string | null {
	if (!options.length) return null
	const wanted = normalize(text)
	const exact = options.find((option) => normalize(option) === wanted)
	if (exact) return exact
	const contained = options.filter((option) => normalize(option) && wanted.includes(normalize(option)))
	if (contained.length) return contained.reduce((best, option) => (option.length > best.length ? option : best))
	const textWords = words(text)
	let best: string | null = null
	let bestScore = 0
	for (const option of options) {
		const score = [...words(option)].filter((word) => textWords.has(word)).length
		if (score > bestScore) {
			best = option
			bestScore = score
		}
	}
	return best ?? options[0]!
}

/** The options the text names, in the question's order: a JSON array, else lines or commas, else mentions. */
export function pickOptions(options: readonly string[], text: string): string[] {
	const byName = new Map(options.map((option) => [normalize(option), option]))
	let items: string[] = []
	try {
		const parsed: unknown = JSON.parse(text)
		if (Array.isArray(parsed)) items = parsed.filter((item): item is string => typeof item === 'string')
	} catch {
		items = text.split(/\n|,|;/).map((item) => item.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, ''))
	}
	let chosen = new Set(items.map((item) => byName.get(normalize(item))).filter((option): option is string => Boolean(option)))
	if (!chosen.size) {
		const wanted = normalize(text)
		chosen = new Set(options.filter((option) => normalize(option) && wanted.includes(normalize(option))))
	}
	return options.filter((option) => chosen.has(option))
}

const URL_PATTERN = /https?:\/\/[^\s<>"'`)\]]+/gi

function comparableUrl(value: string) {
	try {
		const url = new URL(value)
		if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
		return `${url.host.toLowerCase().replace(/^www\./, '')}${url.pathname.replace(/\/+$/, '')}${url.search}`
	} catch {
		return null
	}
}

/**
 * A URL answer must be one the artist gave: the URL in the text when it is one of theirs, else the
 * one whose address the question names (an Instagram question gets the Instagram link), else
 * their website, else empty. A model never invents a link.
 */
export function pickProfileUrl(profileUrls: readonly string[], text: string, label: string): string {
	const valid = profileUrls.filter((url) => comparableUrl(url) !== null)
	const byKey = new Map(valid.map((url) => [comparableUrl(url)!, url]))
	for (const candidate of text.match(URL_PATTERN) ?? []) {
		const match = byKey.get(comparableUrl(candidate.replace(/[.,;:!?]+$/, '')) ?? '')
		if (match) return match
	}
	const labelWords = words(label)
	const named = valid.find((url) => [...labelWords].some((word) => new URL(url).host.toLowerCase().includes(word)))
	return named ?? valid[0] ?? ''
}

/** The first number in the text ("1,200" reads as 1200); empty when there is none. */
export function firstNumber(text: string): string {
	const match = /-?\d[\d,]*(?:\.\d+)?/.exec(text)
	if (!match) return ''
	const value = Number(match[0].replace(/,/g, ''))
	return Number.isFinite(value) ? String(value) : ''
}

/**
 * Cuts an over-limit text to fit: whole sentences while they fit; when not even the first
 * sentence fits, whole words. Never returns more than the limit.
 */
export function cutToLimit(text: string, limitType: LimitType, limitValue: number): string {
	if (countIn(limitType, text) <= limitValue) return text
	const sentences = text.match(/[^.!?…]+(?:[.!?…]+["”’)\]]*|$)\s*/gu) ?? [text]
	let kept = ''
	for (const sentence of sentences) {
		const next = kept + sentence
		if (countIn(limitType, next.trimEnd()) > limitValue) break
		kept = next
	}
	kept = kept.trimEnd()
	if (kept) return kept
	return cutWords(text, limitType, limitValue)
}

function cutWords(text: string, limitType: LimitType, limitValue: number) {
	const tokens = text.trim().split(/(\s+)/)
	let kept = ''
	for (const token of tokens) {
		const next = kept + token
		if (countIn(limitType, next.trimEnd()) > limitValue) break
		kept = next
	}
	kept = kept.trimEnd()
	// A single word longer than a character limit: its first characters.
	return kept || Array.from(text.trim()).slice(0, limitType === 'chars' ? limitValue : 0).join('')
}
