import { firstNumber, pickOptions, pickProfileUrl, shapeAnswer } from '#server/domain/drafting/answer-fit.ts'
import { type Facts, offeredAmount, wordSet } from './offline-facts.ts'
import type { DraftGrounding, DraftQuestion } from './types.ts'

/*
 * Answers that are picked rather than written: options, a profile URL, a number. Each comes out in
 * exactly the form the domain's shaping keeps (answer-fit.ts), chosen by overlap with what the
 * artist wrote and chose, never invented.
 */

// Words a medium brings with it, so "Video" can pick "Projector" and "Ceramics" can pick "Kiln".
const RELATED: Record<string, string> = {
	painting: 'paint oil acrylic watercolour canvas wall',
	drawing: 'paper pencil ink charcoal illustration',
	sculpture: 'sculptural carving casting plinths welding fabrication outdoor three-dimensional',
	photography: 'photo photograph photographic camera images',
	'digital art': 'digital browser generative software internet online',
	video: 'moving film projector speakers animation screening screens',
	installation: 'site-specific space lighting power',
	performance: 'live performer durational',
	ceramics: 'clay kiln glaze firing stoneware porcelain',
	textiles: 'textile fabric weaving loom thread soft cloth',
	printmaking: 'print relief intaglio lithography etching',
	'mixed media': 'collage assemblage found',
}

// Options that commit to nothing, the honest pick when nothing the artist gave points elsewhere.
const OPEN_OPTION = /^(?:any|flexible|both|either|all|no preference|not sure|other)\b/i

const normalize = (value: string) => value.toLowerCase().replace(/\s+/g, ' ').trim()

function escapeRegExp(value: string) {
	return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** How strongly the notes and the profile point to an option: a phrase in the notes beats shared words. */
function scoreOption(option: string, notes: string, noteWords: Set<string>, profileWords: Set<string>): number {
	const phrase = normalize(option)
	let score = 0
	if (phrase && new RegExp(`(?:^|[^\\p{L}\\p{N}])${escapeRegExp(phrase)}(?:$|[^\\p{L}\\p{N}])`, 'u').test(normalize(notes))) score += 10
	for (const word of wordSet(option)) {
		if (noteWords.has(word)) score += 3
		if (profileWords.has(word)) score += 1
	}
	return score
}

function mediumWords(facts: Facts): string[] {
	return facts.mediums.flatMap((medium) => [medium, RELATED[medium.toLowerCase()] ?? ''])
}

/** One option, verbatim: the best match for the notes and profile, else an open option, else the first. */
export function chooseOne(question: DraftQuestion, facts: Facts, notes: string, brief: string): string {
	// Only options the domain's shaping keeps as they are (two options that differ only in case would not).
	const stable = question.options.filter((option) => shapeAnswer(question, option, { urls: facts.urls }) === option)
	const options = stable.length ? stable : question.options
	const noteWords = wordSet(notes)
	const profileWords = wordSet([...mediumWords(facts), ...facts.interests, facts.place ?? '', brief].join(' '))
	let best: string | undefined
	let top = 0
	for (const option of options) {
		const score = scoreOption(option, notes, noteWords, profileWords)
		if (score > top) {
			best = option
			top = score
		}
	}
	return best ?? options.find((option) => OPEN_OPTION.test(option.trim())) ?? options[0] ?? ''
}

/** A JSON array of the options the notes, mediums and interests point to; never empty when there are options. */
export function chooseMany(question: DraftQuestion, facts: Facts, notes: string): string {
	const noteWords = wordSet(notes)
	const profileWords = wordSet([...mediumWords(facts), ...facts.interests].join(' '))
	let chosen = question.options.filter((option) => scoreOption(option, notes, noteWords, profileWords) > 0)
	if (!chosen.length) {
		const open = question.options.find((option) => OPEN_OPTION.test(option.trim()))
		chosen = question.options.filter((option) => option === (open ?? question.options.find((candidate) => candidate.trim())))
	}
	// Through the domain's own reading, so options that read alike come out as it keeps them.
	return JSON.stringify(pickOptions(question.options, JSON.stringify(chosen)))
}

const URL_HINTS: [RegExp, RegExp][] = [
	[/instagram/i, /instagram/i],
	[/video|footage|film|screener|documentation|performance|rough cut/i, /vimeo|youtube|youtu\.be/i],
	[/press|review|article/i, /press/i],
]

/**
 * One of the artist's URLs, as the question names it (an Instagram question gets the Instagram link,
 * a video question a video link), else the website, else the first link; empty without any.
 */
export function chooseUrl(question: DraftQuestion, facts: Facts): string {
	const label = `${question.label} ${question.helpText ?? ''}`
	const preferred: string[] = []
	for (const [asks, fits] of URL_HINTS) {
		if (!asks.test(label)) continue
		preferred.push(...facts.links.filter((link) => fits.test(link.kind) || fits.test(link.url)).map((link) => link.url))
	}
	if (/portfolio/i.test(label)) preferred.push(...facts.links.filter((link) => link.kind === 'portfolio').map((link) => link.url))
	const candidates = [...preferred, ...(facts.website ? [facts.website] : []), ...facts.urls]
	// The domain keeps a URL answer only when it reads back as the same URL of the profile.
	const kept = candidates.find((url) => pickProfileUrl(facts.urls, url, question.label) === url)
	return kept ?? pickProfileUrl(facts.urls, '', question.label)
}

const AMOUNT_LABEL = /\bamount\b|\brequest|\bbudget\b|\bhow much\b|\bfunding\b/i

/**
 * A number: the one in the notes that the label's words sit next to (or the notes' only one), the
 * call's stated amount for an amount question, else empty (for the artist to fill in).
 */
export function chooseNumber(question: DraftQuestion, grounding: DraftGrounding, notes: string): string {
	const labelWords = wordSet(`${question.label} ${question.helpText ?? ''}`)
	let best: string | undefined
	let top = -1
	for (const match of notes.matchAll(/-?\d[\d,]*(?:\.\d+)?/g)) {
		const before = notes.slice(Math.max(0, match.index - 60), match.index)
		const after = notes.slice(match.index + match[0].length, match.index + match[0].length + 30)
		const near = wordSet(`${before.split(/[\n;.]/).at(-1)} ${after.split(/[\n;.]/)[0]}`)
		const score = [...near].filter((word) => labelWords.has(word)).length
		if (score > top) {
			best = match[0]
			top = score
		}
	}
	const candidates = [best]
	if (AMOUNT_LABEL.test(question.label)) {
		const currency = /\b([A-Z]{3})\b/.exec(question.label)?.[1]
		const help = question.helpText ?? ''
		const cap = /\b(?:up to|maximum(?: of)?|max\.?)\s*[$£€]?\s?(\d[\d,]*(?:\.\d+)?)/i.exec(help)?.[1]
		candidates.push(cap, offeredAmount(help, currency)?.value, offeredAmount(grounding.opportunity.description, currency)?.value)
	}
	for (const candidate of candidates) {
		const value = candidate === undefined ? '' : firstNumber(candidate)
		// "1e+21" would read back as 1: only numbers that survive the domain's reading are given.
		if (value && firstNumber(value) === value) return value
	}
	// Nothing gives it: left for the artist, as the model is told to do ("unknown"), never made up.
	return ''
}
