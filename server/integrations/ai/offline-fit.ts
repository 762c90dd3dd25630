import { countIn, cutToLimit, type LimitType } from '#server/domain/drafting/answer-fit.ts'
import { capitalize } from './offline-notes.ts'

/*
 * Sentence templates and the fitting of sentences to a limit. A template names the facts it needs
 * as {fact}; a part in [brackets] is dropped when a fact inside it is missing, and a template whose
 * required facts are missing renders as nothing, so an answer never shows a gap or "undefined".
 */

export type Vars = Partial<Record<string, string>>

function fillStrict(template: string, vars: Vars): string | null {
	let missing = false
	// A replacer function: a fact's own text (a title with "{" or "$&") is never read as a template.
	const text = template.replace(/\{(\w+)\}/g, (_, key: string) => {
		const value = vars[key]
		if (value === undefined) missing = true
		return value ?? ''
	})
	return missing ? null : text
}

/** The template with its facts filled in, or null when it needs a fact that is missing. */
export function fill(template: string, vars: Vars): string | null {
	let result = ''
	for (const part of template.split(/(\[[^\]]*\])/)) {
		if (part.startsWith('[') && part.endsWith(']')) {
			result += fillStrict(part.slice(1, -1), vars) ?? ''
			continue
		}
		const filled = fillStrict(part, vars)
		if (filled === null) return null
		result += filled
	}
	const text = result
		.replace(/\s+/g, ' ')
		.replace(/\s+([,.;:])/g, '$1')
		.trim()
	return text ? capitalize(text) : null
}

/** A template and its fallbacks, tried in order. */
export type Chain = string | readonly string[]

/**
 * The first template of the chain that can be filled, in its full form and, when it has optional
 * parts, a shorter form without them (for tight limits); null when none can be filled.
 */
export function render(chain: Chain, vars: Vars): string[] | null {
	for (const template of typeof chain === 'string' ? [chain] : chain) {
		const text = fill(template, vars)
		if (!text) continue
		const short = fill(template.replace(/\[[^\]]*\]/g, ''), vars)
		return short && short !== text ? [text, short] : [text]
	}
	return null
}

/**
 * One piece of an answer. Pieces are chosen by priority (lower first) while they fit, and shown in
 * reading order (paragraph, then order), so that under a tight limit the notes and the opening
 * survive and the supporting sentences go first.
 */
export type Unit = {
	priority: number
	paragraph: number
	order: number
	/** Ways to say it, longest first: the longest that still fits is used. */
	options: string[]
	/** A list line (an exhibition, a budget item): on a line of its own. */
	list?: boolean
}

/** Fill up to `max`; when that leaves the answer under `min`, up to the `hard` limit itself. */
export type Budget = { unit: LimitType; min: number; max: number; hard: number }

/** The chosen units as text: paragraphs separated by a blank line, list lines on lines of their own. */
function layout(chosen: readonly { unit: Unit; text: string }[], oneLine: boolean): string {
	if (oneLine) {
		return [...chosen]
			.sort((a, b) => a.unit.paragraph - b.unit.paragraph || a.unit.order - b.unit.order)
			.map((entry) => entry.text)
			.join(' ')
	}
	const paragraphs = new Map<number, { unit: Unit; text: string }[]>()
	for (const entry of chosen) paragraphs.set(entry.unit.paragraph, [...(paragraphs.get(entry.unit.paragraph) ?? []), entry])
	return [...paragraphs.entries()]
		.sort(([a], [b]) => a - b)
		.map(([, entries]) => {
			const sorted = entries.sort((a, b) => a.unit.order - b.unit.order)
			let text = ''
			sorted.forEach((entry, index) => {
				if (index > 0) text += entry.unit.list || sorted[index - 1]!.unit.list ? '\n' : ' '
				text += entry.text
			})
			return text
		})
		.join('\n\n')
}

/**
 * Chooses units in priority order while the text stays within the budget's soft maximum (or, when
 * that leaves it short, its hard limit). When not even one sentence fits, the first fallback that
 * fits, else the last fallback (or the first sentence) cut to whole words.
 */
export function compose(units: readonly Unit[], budget: Budget, options: { oneLine?: boolean; fallbacks?: string[] } = {}): string {
	const oneLine = options.oneLine ?? false
	const usable = units.filter((unit) => unit.options.length > 0)
	const ranked = [...usable].sort((a, b) => a.priority - b.priority)
	const fillTo = (max: number) => {
		const chosen: { unit: Unit; text: string }[] = []
		for (const unit of ranked) {
			for (const option of unit.options) {
				const trial = [...chosen, { unit, text: option }]
				if (countIn(budget.unit, layout(trial, oneLine)) <= max) {
					chosen.push({ unit, text: option })
					break
				}
			}
		}
		return layout(chosen, oneLine)
	}
	let text = fillTo(budget.max)
	// Whole sentences do not always pack into 90%: a short answer may use the rest of the limit.
	if (countIn(budget.unit, text) < budget.min && budget.hard > budget.max) {
		const fuller = fillTo(budget.hard)
		if (countIn(budget.unit, fuller) > countIn(budget.unit, text)) text = fuller
	}
	if (text) return text
	for (const fallback of options.fallbacks ?? []) {
		if (fallback && countIn(budget.unit, fallback) <= budget.hard) return fallback
	}
	const last = options.fallbacks?.at(-1) ?? ranked[0]?.options.at(-1) ?? ''
	return cutWhole(last, budget.unit, budget.hard)
}

/** Whole words that fit, ending with a full stop when there is room for one. */
export function cutWhole(text: string, unit: LimitType, limit: number): string {
	if (countIn(unit, text) <= limit) return text
	const cut = cutToLimit(text, unit, limit).replace(/[,;:\s]+$/, '')
	const stopped = /[.!?…]$/.test(cut) ? cut : `${cut}.`
	return cut && countIn(unit, stopped) <= limit ? stopped : cut
}

/** The soft and hard limits for an answer: 60–90% of a set limit, or a natural length without one. */
export function budgetFor(limitType: LimitType | null, limitValue: number | null, natural: number): Budget {
	if (limitType && limitValue && limitValue > 0) {
		return { unit: limitType, min: Math.ceil(limitValue * 0.6), max: Math.max(1, Math.floor(limitValue * 0.9)), hard: limitValue }
	}
	return { unit: 'words', min: 0, max: natural, hard: natural }
}
