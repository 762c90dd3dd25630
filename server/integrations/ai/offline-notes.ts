import type { DraftTone } from './types.ts'
import type { AnswerContext } from './types.ts'

/*
 * The artist's context for one question, turned into sentences the answer can carry: notes are
 * the artist's own words and take precedence over anything the profile suggests. Notes are often
 * jotted ("mention the river project", "kiln hire"), so instructions become first-person sentences
 * and fragments are gathered into one readable line instead of being pasted as they are.
 */

export type NoteItem = {
	text: string
	/** A line of a list (a budget item, an exhibition): shown on its own line in list-like answers. */
	list: boolean
}

const MENTION = /^(?:please\s+)?(?:mention|say|note|add|include|state|list|talk about|write about|refer to)\s+(?:(that)\s+)?(.+)$/i
const FOCUS =
	/^(?:please\s+)?(?:focus on|emphasi[sz]e|highlight|stress|underline|point out|explain|describe|centre on|center on)\s+(?:(that)\s+)?(.+)$/i
const FIRST_PERSON = /^(?:i|i'm|i’m|i've|i’ve|my|me|we|our|us)\b/i

/** Removes what would read as wrapping: bullets, "Answer:" prefixes, quotes around the whole line. */
export function tidyFragment(value: string): string {
	let text = value.replace(/\s+/g, ' ').trim()
	for (let pass = 0; pass < 3; pass += 1) {
		const before = text
		text = text
			.replace(/^(?:[-*•·–>]|\d+[.)])\s+/, '')
			.replace(/^(?:answer|response)\s*:\s*/i, '')
			.trim()
		const quoted = /^["“'‘](.*)["”'’]$/s.exec(text)
		if (quoted) text = quoted[1]!.trim()
		if (text === before) break
	}
	return text
}

export function capitalize(text: string): string {
	return text.replace(/^\p{Ll}/u, (letter) => letter.toUpperCase())
}

/** A full stop unless the text already ends a sentence. */
export function endSentence(text: string): string {
	return /[.!?…]["”’)\]]*$/.test(text) ? text : `${text.replace(/[,;:\s]+$/, '')}.`
}

function stripEnd(text: string) {
	return text.replace(/[.!?…,;:\s]+$/, '')
}

const WRAP_MENTION: Record<DraftTone, (x: string) => string> = {
	neutral: (x) => `I would also like to mention ${x}.`,
	warm: (x) => `I am glad to share ${x}.`,
	confident: (x) => `It is worth noting ${x}.`,
}
const WRAP_FOCUS: Record<DraftTone, (x: string) => string> = {
	neutral: (x) => `A central part of this is ${x}.`,
	warm: (x) => `What matters most to me here is ${x}.`,
	confident: (x) => `The focus is ${x}.`,
}
const WRAP_FRAGMENTS: Record<DraftTone, (x: string) => string> = {
	neutral: (x) => `Key elements: ${x}.`,
	warm: (x) => `The things I care about most here: ${x}.`,
	confident: (x) => `In short: ${x}.`,
}

function fragments(notes: readonly string[]): string[][] {
	return notes.map((note) =>
		note
			.replace(/\r\n?/g, '\n')
			.split(/\n|(?<=[.!?…])\s+(?=[\p{Lu}\p{N}"“(])/u)
			.map(tidyFragment)
			.filter((fragment) => /[\p{L}\p{N}]/u.test(fragment)),
	)
}

/**
 * The notes as sentences in the tone of the answer. In list-like answers (`listStyle`: budgets,
 * timelines, exhibition lists) short fragments stay lines of their own, as the artist wrote them.
 */
export function noteItems(notes: readonly string[], tone: DraftTone, listStyle: boolean): NoteItem[] {
	const items: NoteItem[] = []
	for (const note of fragments(notes)) {
		const loose: string[] = []
		for (const fragment of note) {
			const mention = MENTION.exec(fragment)
			const focus = mention ? null : FOCUS.exec(fragment)
			const instruction = mention ?? focus
			if (instruction) {
				const content = stripEnd(instruction[2]!)
				if (!content) continue
				const wrap = mention ? WRAP_MENTION[tone] : WRAP_FOCUS[tone]
				items.push({ text: instruction[1] ? endSentence(capitalize(content)) : wrap(content), list: false })
				continue
			}
			const words = fragment.split(' ')
			if (/^\p{L}{2,}ed$/u.test(words[0]!) && words.length > 1 && !FIRST_PERSON.test(fragment)) {
				items.push({ text: endSentence(`I ${fragment}`), list: false })
			} else if (words.length >= 5 || /[.!?…]$/.test(fragment) || FIRST_PERSON.test(fragment)) {
				items.push({ text: endSentence(capitalize(fragment)), list: false })
			} else if (listStyle) {
				items.push({ text: capitalize(stripEnd(fragment)), list: true })
			} else {
				loose.push(stripEnd(fragment))
			}
		}
		if (loose.length) items.push({ text: WRAP_FRAGMENTS[tone](loose.join('; ')), list: false })
	}
	const seen = new Set<string>()
	return items.filter((item) => {
		const key = item.text.toLowerCase()
		if (seen.has(key)) return false
		seen.add(key)
		return true
	})
}

/** Prose sentences from the PDFs attached to the question: the artist's own texts, quoted as they are. */
export function attachmentSentences(attachments: AnswerContext['attachments']): string[] {
	const sentences: string[] = []
	for (const attachment of attachments) {
		if (attachment.kind !== 'text') continue
		const found = attachment.text
			.replace(/\s+/g, ' ')
			.split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“(])/u)
			.map(tidyFragment)
			.filter((sentence) => {
				const words = sentence.split(' ').length
				return words >= 6 && words <= 45 && /[.!?]$/.test(sentence) && /\p{L}/u.test(sentence)
			})
		sentences.push(...found.slice(0, 3))
	}
	return [...new Set(sentences)].slice(0, 4)
}

/** The first line of the notes, as a one-line answer (a title, a date of birth). */
export function firstNoteLine(notes: readonly string[]): string | undefined {
	for (const note of fragments(notes)) {
		for (const fragment of note) {
			const line = tidyFragment(fragment.replace(/^(?:working\s+)?title\s*[:–-]\s*/i, ''))
			if (line) return line
		}
	}
	return undefined
}
