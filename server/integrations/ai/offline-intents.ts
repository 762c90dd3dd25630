import { answerType } from '#server/domain/drafting/answer-fit.ts'
import { hash } from './offline-facts.ts'
import type { DraftQuestion } from './types.ts'

/*
 * What a question asks, read from its label and help text by keyword, the way a person skims a
 * form. The offline drafter has one composition per intent; anything unrecognised gets the generic
 * one, which still speaks from the artist's profile.
 */

export type ProseIntent =
	| 'statement'
	| 'proposal'
	| 'bio'
	| 'motivation'
	| 'place'
	| 'history'
	| 'budget'
	| 'timeline'
	| 'community'
	| 'process'
	| 'access'
	| 'generic'

/** One-line answers that are a single fact rather than prose. */
export type FactIntent = 'title' | 'name' | 'location' | 'website' | 'mediums' | 'personal'

export type Intent = ProseIntent | FactIntent

/**
 * Keywords, "|"-separated, each matched from the start of a word ("budget" also finds "budgeting").
 * A keyword may hold its own alternatives in parentheses: only top-level bars separate keywords.
 */
function keywords(source: string): RegExp[] {
	const parts: string[] = []
	let depth = 0
	let current = ''
	for (const char of source) {
		if (char === '(') depth += 1
		if (char === ')') depth -= 1
		if (char === '|' && depth === 0) {
			parts.push(current)
			current = ''
		} else {
			current += char
		}
	}
	parts.push(current)
	return parts.map((keyword) => new RegExp(`\\b${keyword}`))
}

// In order of precedence: on a tie the earlier intent wins ("Project Budget" is about the budget).
const PROSE_PATTERNS: [ProseIntent, RegExp[]][] = [
	[
		'budget',
		keywords(
			String.raw`budget|funds?\b|funding\b|costs?\b|expenses?\b|spend|money\b|financ|pay for\b|buy\b|use (?:of )?the (?:grant|award|funds?)\b`,
		),
	],
	['timeline', keywords(String.raw`timeline|schedule|time ?frame|milestones?\b|month by month\b|stages\b|phases?\b|work ?plan\b`)],
	['access', keywords(String.raw`access\b|accessibility needs\b|caring\b|disabilit|dietary\b|health\b|visa\b`)],
	[
		'process',
		keywords(
			String.raw`process|technical\b|techniques?\b|methods?\b|materials?\b|fabricat|how (?:do|will|would) you make\b|tools?\b|equipment\b|rider\b|fixings?\b|software\b|requirements\b`,
		),
	],
	[
		'history',
		keywords(
			String.raw`exhibitions?\b|experience\b|cv\b|curriculum\b|résumé|resume\b|track record\b|history\b|previous (?:work|projects?|exhibitions?)\b|past (?:work|projects?)\b|achievements?\b|awards?\b|education\b|training\b|list of works\b`,
		),
	],
	['community', keywords(String.raw`communit|audiences?\b|public\b|impact\b|engag|outreach\b|participa|workshops?\b|collaborat`)],
	['bio', keywords(String.raw`bio\b|biography\b|about (?:you|yourself)\b|introduce yourself\b|who are you\b|background\b`)],
	['place', keywords(String.raw`relationship to (?:the )?place\b|place\b|draws? you to\b|where are you going\b|site-?specific\b`)],
	[
		'motivation',
		keywords(
			String.raw`why\b|motivat|interest(?:ed)? in (?:this|the)\b|fit\b|benefit|goals?\b|change your practice\b|get from\b|applying\b|intent\b|make possible\b|hope to\b`,
		),
	],
	[
		'proposal',
		keywords(
			String.raw`proposal\b|propos|project\b|concept\b|idea\b|plan\b|synopsis\b|summary\b|description\b|describe the (?:work|project)\b|what (?:will|would) you (?:make|do|create)\b`,
		),
	],
	['statement', keywords(String.raw`statement\b|practice\b|your work\b|artistic\b|themes?\b|approach\b|research\b|interests\b`)],
]

const FACT_PATTERNS: [FactIntent, RegExp[]][] = [
	['title', keywords(String.raw`titles?\b|name of (?:the|your) (?:work|project|piece)\b|project name\b`)],
	['name', keywords(String.raw`name\b`)],
	['mediums', keywords(String.raw`mediums?\b|media\b|materials?\b|disciplines?\b|techniques?\b`)],
	[
		'location',
		keywords(String.raw`where are you based\b|based\b|city\b|location\b|country\b|where do you live\b|home ?town\b|address\b|residence\b`),
	],
	// A password is never the artist's link ("Password for the Link"), whatever else the label names.
	['personal', keywords(String.raw`password\b|passcode\b`)],
	['website', keywords(String.raw`website\b|portfolio link\b|url\b|instagram\b|link\b`)],
	// Facts about the person the offline drafter cannot know: answered from the notes, or left empty.
	[
		'personal',
		keywords(
			String.raw`birth|nationality\b|citizenship\b|passport\b|phone\b|e-?mail\b|password\b|time ?zone\b|languages?\b|dimensions?\b|size\b|weight\b|dates?\b|month\b|age\b|pronouns?\b|gender\b|family\b|visa\b|space required\b`,
		),
	],
]

function best<T extends string>(patterns: [T, RegExp[]][], label: string, help: string): T | null {
	let winner: T | null = null
	let top = 0
	for (const [intent, regexes] of patterns) {
		const score = regexes.reduce((sum, regex) => sum + (regex.test(label) ? 2 : 0) + (regex.test(help) ? 1 : 0), 0)
		if (score > top) {
			winner = intent
			top = score
		}
	}
	return winner
}

/** The intent of a question; short-text questions may be single facts. */
export function classifyQuestion(question: Pick<DraftQuestion, 'label' | 'helpText' | 'type'>): Intent {
	const label = question.label.toLowerCase()
	const help = (question.helpText ?? '').toLowerCase()
	if (answerType(question.type) === 'short_text') {
		const fact = best(FACT_PATTERNS, label, '')
		if (fact) return fact
	}
	return best(PROSE_PATTERNS, label, help) ?? 'generic'
}

/** Whether the question asks for a biography in the third person ("Biography (third person)"). */
export function wantsThirdPerson(question: Pick<DraftQuestion, 'label' | 'helpText'>): boolean {
	return /\bthird[- ]person\b/i.test(`${question.label} ${question.helpText ?? ''}`)
}

export type AnswerPlan = {
	intent: Intent
	/** Which opening of its intent this answer uses: different for each answer of the same intent. */
	variant: number
	/** Position among the draft's prose answers: rotates closings and which CV line is quoted. */
	slot: number
}

export const VARIANTS = 3

/**
 * Plans every answer of the draft at once, from the questions alone (each request carries only its
 * own notes), so that answers to similar questions open differently and quote different facts.
 */
export function planDraft(questions: readonly DraftQuestion[]): AnswerPlan[] {
	const used = new Map<Intent, Set<number>>()
	let slot = 0
	return questions.map((question, position) => {
		const intent = classifyQuestion(question)
		const taken = used.get(intent) ?? new Set<number>()
		const start = hash(`${question.slug}:${position}`) % VARIANTS
		let variant = start
		for (let step = 0; step < VARIANTS && taken.has(variant); step += 1) variant = (start + step + 1) % VARIANTS
		taken.add(variant)
		used.set(intent, taken)
		const plan = { intent, variant, slot }
		if (answerType(question.type) === 'long_text') slot += 1
		return plan
	})
}

const FACT_INTENTS = new Set<Intent>(FACT_PATTERNS.map(([intent]) => intent))

export function isProseIntent(intent: Intent): intent is ProseIntent {
	return !FACT_INTENTS.has(intent)
}
