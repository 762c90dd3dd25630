import { answerType, cutToLimit } from '#server/domain/drafting/answer-fit.ts'
import { type Facts, listPhrase, proseCase } from './offline-facts.ts'
import { budgetFor, compose, fill, render, type Unit, type Vars } from './offline-fit.ts'
import { type AnswerPlan, type FactIntent, isProseIntent, type ProseIntent, wantsThirdPerson } from './offline-intents.ts'
import { attachmentSentences, capitalize, endSentence, firstNoteLine, noteItems } from './offline-notes.ts'
import { ANY_MEDIUM, BIO_THIRD, CLOSINGS, HISTORY_WITHOUT_LIST, MEDIUM_SENTENCES, OPENINGS, SAY, type Toned } from './offline-phrasing.ts'
import type { AnswerContext, DraftQuestion, DraftTone } from './types.ts'

/*
 * Composes free-text answers: the notes first, then an opening for what the question asks, then
 * supporting sentences from the profile and the call, fitted to the question's limit (or to a
 * natural length) before they are returned, so the domain never needs to cut them.
 *
 * Supporting sentences that state a shared fact (a CV line, the website, what a medium gives the
 * work) are handed out across the whole draft, so two answers never say the same thing.
 */

/** Long answers without a limit: about what a panel reads in a minute. */
const NATURAL_LONG_WORDS = 220
/** Short answers without a limit: one line. */
const NATURAL_SHORT_WORDS = 40

const NO_CONTEXT: AnswerContext = { notes: [], attachments: [] }

export type ProseRequest = {
	facts: Facts
	tone: DraftTone
	/** Every question of the draft and its plan: the answers share out the facts between them. */
	questions: readonly DraftQuestion[]
	plans: readonly AnswerPlan[]
	questionIndex: number
	context: AnswerContext
}

/**
 * A unit that may state shared facts (`keys`). Of the pieces of one `group`, an answer keeps at
 * most `take`; an answer that `own`s a fact (a biography its CV lines) claims it before the others.
 */
type Piece = Unit & { keys?: string[]; group?: string; take?: number; own?: boolean }

// Answers that read as lists: the artist's short note lines stay lines (a budget item, an exhibition).
const LIST_INTENTS = new Set<ProseIntent>(['history', 'budget', 'timeline'])
// Answers that end with a closing sentence; a biography or a budget does not.
const CLOSED_INTENTS = new Set<ProseIntent>(['statement', 'proposal', 'motivation', 'place', 'community', 'generic'])

const SUFFIXES = new Set(['jr', 'jr.', 'sr', 'sr.', 'ii', 'iii', 'iv'])

/**
 * The last word of a name that is a word (not an emoji, not "Jr."), or the whole name when it
 * is one word or has none: "Ada Lovelace" is "Lovelace", "Martin Luther King Jr." is "King",
 * "Alia Ñoño ✨" is "Ñoño", "李小龙" stays whole.
 */
export function surname(name: string) {
	const words = name.trim().split(/\s+/).filter((word) => /\p{L}/u.test(word))
	while (words.length > 1 && SUFFIXES.has(words.at(-1)!.toLowerCase())) words.pop()
	return words.length > 1 ? words.at(-1)! : name.trim()
}

function varsFor(facts: Facts, slot: number): Vars {
	const call = facts.opportunity
	const themes = rotate(call.themes, slot).slice(0, 2)
	const matches = call.matches.slice(0, 2)
	const location = call.location?.toLowerCase() ?? ''
	const local = facts.city && location.includes(facts.city.toLowerCase()) ? facts.city : undefined
	// A residency's place is where the artist would stay and work, an open call's where the work
	// would be shown; a grant's is only where the funder is, so it says nothing about the work.
	const away = local ? undefined : call.location
	const stay = call.kind === 'residency' ? away : undefined
	const venue = call.kind === 'open call' ? away : undefined
	return {
		name: facts.name,
		// After the first mention a biography uses the surname, as a press release does.
		short: facts.name ? surname(facts.name) : undefined,
		city: facts.city,
		place: facts.place,
		m: facts.mediumPhrase,
		opp: call.title ?? `this ${call.kind}`,
		org: call.organization,
		stay,
		venue,
		site: stay ?? venue,
		local,
		deadline: call.deadline,
		kind: call.kind,
		match: listPhrase(matches),
		theme: listPhrase(themes),
		focus: listPhrase(matches.length ? matches : themes),
		website: facts.website,
		interests: listPhrase(facts.interests),
		amount: call.amount,
	}
}

function rotate<T>(items: readonly T[], by: number): T[] {
	if (!items.length) return []
	const start = by % items.length
	return [...items.slice(start), ...items.slice(0, start)]
}

/** CV lines carry their own commas, so a list of them is separated by semicolons. */
function cvList(lines: readonly string[]) {
	if (lines.length <= 1) return lines[0] ?? ''
	return `${lines.slice(0, -1).join('; ')}; and ${lines[lines.length - 1]}`
}

/** What a medium gives the practice (0) or how the artist works in it (1). */
function mediumSentence(medium: string, which: 0 | 1): string | null {
	const known = MEDIUM_SENTENCES[medium.toLowerCase()]
	return known ? known[which] : fill(ANY_MEDIUM[which], { medium: proseCase(medium) })
}

type BuildInput = {
	facts: Facts
	tone: DraftTone
	plan: AnswerPlan & { intent: ProseIntent }
	question: DraftQuestion
	context: AnswerContext
}

function buildPieces({ facts, tone, plan, question, context }: BuildInput): Piece[] {
	const { intent, variant, slot } = plan
	const oneLine = answerType(question.type) === 'short_text'
	const vars = varsFor(facts, slot)
	const pieces: Piece[] = []
	const say = (toned: Toned, index = 0, extra: Vars = {}) => {
		const chains = toned[tone]
		return render(chains[index % chains.length]!, { ...vars, ...extra })
	}
	const add = (
		priority: number,
		paragraph: number,
		order: number,
		text: string | string[] | null | undefined,
		extra: Partial<Piece> = {},
	) => {
		const options = typeof text === 'string' ? [text] : text ?? []
		if (options.length) pieces.push({ priority, paragraph, order, options, ...extra })
	}
	// One of several facts of a kind (a medium, a CV line): each candidate is its own keyed piece.
	type Candidate = [key: string, text: string | string[] | null]
	const oneOf = (group: string, take: number, priority: number, paragraph: number, order: number, candidates: Candidate[], own = false) => {
		candidates.forEach(([key, text], index) =>
			add(priority + index / 1000, paragraph, order + index / 1000, text, { keys: [key], group, take, own }),
		)
	}
	const mediumsA = (take: number, priority: number, paragraph: number, order: number, own = false) =>
		oneOf(
			'medium-a',
			take,
			priority,
			paragraph,
			order,
			rotate(facts.mediums, slot).map((medium) => [`medium-a:${medium}`, mediumSentence(medium, 0)]),
			own,
		)
	const mediumsB = (priority: number, paragraph: number, order: number, own = false) =>
		oneOf(
			'medium-b',
			1,
			priority,
			paragraph,
			order,
			rotate(facts.mediums, slot).map((medium) => [`medium-b:${medium}`, mediumSentence(medium, 1)]),
			own,
		)
	const cvLine = (toned: Toned, priority: number, paragraph: number, order: number) =>
		oneOf(
			'cv',
			1,
			priority,
			paragraph,
			order,
			rotate(facts.cv, slot).map((line) => [`cv:${line}`, say(toned, 0, { cv: line })]),
		)
	const callQuote = (priority: number, paragraph: number, order: number, own = false) =>
		oneOf(
			'call',
			1,
			priority,
			paragraph,
			order,
			facts.opportunity.asks.map((quote) => [`call:${quote}`, say(SAY.callQuote, 0, { quote })]),
			own,
		)

	const thirdPerson = intent === 'bio' && Boolean(facts.name) && wantsThirdPerson(question)
	const opening = thirdPerson ? BIO_THIRD : intent === 'history' && !facts.cv.length ? HISTORY_WITHOUT_LIST : OPENINGS[intent]
	add(1, 0, 0, say(opening, variant))

	const notes = noteItems(context.notes, tone, LIST_INTENTS.has(intent) && !oneLine)
	notes.forEach((item, index) => {
		// The artist's own list gets a paragraph of its own, between the opening and the rest.
		if (item.list) add(index / 100, 0.5, index / 100, item.text, { list: true })
		else add(index / 100, 0, 1 + index / 100, item.text)
	})
	const listed = notes.some((item) => item.list)
	attachmentSentences(context.attachments).forEach((sentence, index) => add(2 + index / 100, 1, 0.2 + index / 100, sentence))

	switch (intent) {
		case 'statement':
			add(1.5, 0, 2, say(SAY.practiceWhy), { keys: ['practice-why'], own: true })
			add(3, 1, 4, say(SAY.place), { keys: ['place'] })
			mediumsA(2, 3.2, 1, 1, true)
			add(3.5, 2, 2, say(SAY.oppFurther), { keys: ['opp-next'] })
			add(4, 2, 1, say(SAY.matchFocus) ?? say(SAY.themeFocus), { keys: ['focus'] })
			add(4.3, 1, 3, say(SAY.developing), { keys: ['developing'], own: true })
			cvLine(SAY.cv, 5, 1, 5)
			callQuote(5.5, 2, 0)
			add(6, 2, 3, say(SAY.website), { keys: ['website'] })
			break
		case 'proposal':
			add(2.5, 0, 2, say(SAY.whyNow), { keys: ['why-now'] })
			add(3, 1, 1, say(SAY.stages), { keys: ['stages'] })
			add(3.5, 1, 2, say(SAY.studies), { keys: ['studies'] })
			mediumsB(3.7, 1, 3)
			add(4, 1, 4, say(SAY.setting) ?? say(SAY.venue), { keys: ['site'] })
			add(4.5, 1, 5, say(SAY.answersMatch) ?? say(SAY.answersTheme), { keys: ['focus'] })
			callQuote(4.6, 1, 4.5)
			add(4.7, 2, 1, say(SAY.scope), { keys: ['scope'] })
			cvLine(SAY.buildsOn, 5, 2, 2)
			add(5.5, 2, 3, say(SAY.outcome), { keys: ['outcome'] })
			add(5.7, 2, 4, say(SAY.documentProcess), { keys: ['documentation'] })
			mediumsA(1, 6, 1, 3.5)
			add(6.2, 1, 6, say(SAY.place), { keys: ['place'] })
			break
		case 'bio': {
			// A long CV gives the biography three lines; a short one leaves some for the other answers.
			const lines = facts.cv.slice(0, facts.cv.length >= 5 ? 3 : 2)
			const options = lines
				.map((_, index) => say(thirdPerson ? SAY.cvListThird : SAY.cvList, 0, { list: cvList(lines.slice(0, lines.length - index)) })?.[0])
				.filter((text): text is string => Boolean(text))
			if (options.length) pieces.push({ priority: 2, paragraph: 0, order: 2, options, keys: lines.map((line) => `cv:${line}`), own: true })
			if (thirdPerson) {
				add(3, 0, 1, say(SAY.practiceWhyThird), { keys: ['practice-why-third'] })
				add(4.5, 1, 0, say(SAY.developingThird), { keys: ['developing-third'] })
			} else {
				mediumsA(1, 3, 0, 1)
				add(6, 1, 3, say(SAY.practiceWhy), { keys: ['practice-why'] })
				add(6.2, 1, 4, say(SAY.developing), { keys: ['developing'] })
				add(6.4, 1, 5, say(SAY.values), { keys: ['values'] })
			}
			add(4, 1, 1, say(thirdPerson ? SAY.interestsThird : SAY.interests), { keys: ['interests'], own: true })
			add(5, 1, 2, say(thirdPerson ? SAY.websiteThird : SAY.websiteBio), { keys: ['website'], own: true })
			break
		}
		case 'motivation':
			add(2, 0, 2, say(SAY.match), { keys: ['focus'] })
			add(2.5, 1, 1, say(SAY.stage), { keys: ['stage'] })
			callQuote(2.7, 1, 0, true)
			add(3, 1, 2, say(SAY.theme), { keys: ['theme'] })
			add(3.2, 1, 3, say(SAY.time), { keys: ['time'] })
			add(3.5, 1, 4, say(SAY.pushFurther), { keys: ['push'] })
			add(4, 1, 5, say(SAY.elsewhere), { keys: ['site'] })
			add(4.5, 2, 1, say(SAY.org), { keys: ['org'] })
			cvLine(SAY.nextStep, 5, 1, 6)
			add(5.5, 2, 2, say(SAY.commit), { keys: ['commit'] })
			add(6, 1, 7, say(SAY.place), { keys: ['place'] })
			add(6.2, 1, 8, say(SAY.developing), { keys: ['developing'] })
			mediumsA(1, 6.4, 1, 9)
			break
		case 'place':
			add(2.5, 1, 1, say(SAY.lookClosely), { keys: ['site'], own: true })
			add(2.7, 0, 2, say(SAY.roots), { keys: ['roots'] })
			add(3, 1, 2, vars.stay ? say(SAY.respondThrough) : null, { keys: ['respond'] })
			add(4, 1, 4, say(SAY.attention), { keys: ['attention'] })
			mediumsA(1, 5, 1, 3)
			add(5.2, 0, 3, say(SAY.practiceWhy), { keys: ['practice-why'] })
			break
		case 'history':
			// The list of CV lines is this answer's point: it repeats lines other answers quote.
			facts.cv.forEach((line, index) => add(1.5 + index / 100, 1, 1 + index / 100, oneLine ? endSentence(line) : line, { list: !oneLine }))
			if (facts.cv.length > 1) add(3.5, 2, 0, say(SAY.together))
			if (!facts.cv.length) add(3, 1, 5, say(SAY.noList), { keys: ['interests'] })
			add(4, 2, 1, say(SAY.fullRecord), { keys: ['website'] })
			break
		case 'budget':
			// The artist's own cost lines replace the general ones.
			add(2.5, 1, 3, listed ? null : say(SAY.costs))
			add(3, 1, 4, say(SAY.amount))
			add(3.5, 1, 5, listed ? null : say(SAY.travel))
			add(3.7, 1, 6, say(SAY.fees))
			add(3.9, 1, 7, say(SAY.docShare), { keys: ['documentation'] })
			add(4, 2, 1, say(SAY.partial))
			add(4.5, 2, 2, say(SAY.contingency))
			break
		case 'timeline':
			add(2.5, 1, 1, say(SAY.research), { keys: ['stages'], own: true })
			add(2.6, 1, 2, say(SAY.production), { keys: ['stages'], own: true })
			add(2.7, 1, 3, say(SAY.presentation), { keys: ['stages'], own: true })
			add(3.5, 2, 1, say(SAY.buffer))
			add(3.7, 2, 2, say(SAY.docAlong), { keys: ['documentation'] })
			add(4, 2, 3, say(SAY.review))
			add(4.5, 2, 4, say(SAY.milestones))
			break
		case 'community':
			add(3, 1, 2, say(SAY.invite))
			add(3.2, 0, 2, say(SAY.listening))
			add(3.5, 1, 3, say(SAY.physical))
			add(4, 1, 4, say(SAY.reflects), { keys: ['focus'] })
			callQuote(4.1, 1, 3.5)
			add(4.3, 2, 1, say(SAY.shareBack))
			add(4.5, 2, 2, say(SAY.accessible))
			add(5, 1, 5, say(SAY.place), { keys: ['place'] })
			mediumsA(1, 5.2, 1, 3.5)
			break
		case 'process':
			mediumsB(2.5, 0, 2, true)
			add(3, 1, 2, say(SAY.planStages), { keys: ['studies'] })
			add(3.2, 1, 3, say(SAY.materials))
			add(3.5, 1, 4, say(SAY.document), { keys: ['documentation'] })
			add(3.7, 2, 1, say(SAY.adapt))
			add(4, 2, 2, say(SAY.confirm))
			add(4.5, 1, 5, say(SAY.tools))
			mediumsA(1, 5, 1, 1)
			break
		case 'access':
			break
		case 'generic':
			add(2.5, 0, 2, say(SAY.values), { keys: ['values'] })
			mediumsA(1, 3, 1, 1)
			cvLine(SAY.cv, 3.5, 1, 2)
			callQuote(3.7, 1, 2.5)
			add(4, 1, 3, say(SAY.oppMatters), { keys: ['opp-next'] })
			add(5, 0, 3, say(SAY.practiceWhy), { keys: ['practice-why'] })
			add(5.2, 1, 1.5, say(SAY.developing), { keys: ['developing'] })
			add(5.4, 1, 1.7, say(SAY.place), { keys: ['place'] })
			add(5.6, 2, 1, say(SAY.website), { keys: ['website'] })
			break
	}
	if (CLOSED_INTENTS.has(intent)) {
		const closings = rotate(
			CLOSINGS[tone].map((_, index) => index),
			slot,
		)
		oneOf(
			'closing',
			1,
			8,
			2,
			99,
			closings.map((index) => [`closing:${index}`, say(CLOSINGS, index)]),
		)
	}
	return pieces
}

/** A one-line answer: the notes, the opening and the strongest supporting sentence, nothing more. */
function shortPieces(pieces: readonly Piece[]): Piece[] {
	const notes = pieces.filter((piece) => piece.priority < 1)
	const opening = pieces.filter((piece) => piece.priority === 1)
	const support = pieces
		.filter((piece) => piece.priority > 1 && piece.priority < 8)
		.sort((a, b) => a.priority - b.priority)
		.slice(0, 1)
	return [...notes, ...opening, ...support].map((piece) => ({ ...piece, paragraph: 0, list: false }))
}

// Keyed pieces do not depend on the notes, so this names the same piece with or without them.
const signature = (piece: Piece) => `${piece.priority}|${(piece.keys ?? []).join('|')}`

/**
 * Which keyed pieces each answer keeps: owners claim their facts first, then every answer in
 * question order takes the facts nobody has claimed. One-line answers take but never claim.
 */
function shareOut(drafts: (Piece[] | null)[], questions: readonly DraftQuestion[]): Set<string>[] {
	const owner = new Map<string, number>()
	const kept = drafts.map(() => new Set<string>())
	const takenPerAnswer = drafts.map(() => new Map<string, number>())
	for (const ownersPass of [true, false]) {
		drafts.forEach((pieces, index) => {
			if (!pieces) return
			const claims = answerType(questions[index]!.type) === 'long_text'
			const taken = takenPerAnswer[index]!
			for (const piece of [...pieces].sort((a, b) => a.priority - b.priority)) {
				if (!piece.keys?.length || Boolean(piece.own) !== ownersPass) continue
				const group = piece.group ?? signature(piece)
				const count = taken.get(group) ?? 0
				if (count >= (piece.take ?? 1) || kept[index]!.has(signature(piece))) continue
				if (piece.keys.some((key) => (owner.get(key) ?? index) !== index)) continue
				if (claims) for (const key of piece.keys) owner.set(key, index)
				kept[index]!.add(signature(piece))
				taken.set(group, count + 1)
			}
		})
	}
	return kept
}

export function writeProse(request: ProseRequest): string {
	const { facts, tone, questions, plans, questionIndex, context } = request
	const question = questions[questionIndex]!
	const build = (index: number, withContext: AnswerContext) => {
		const plan = plans[index]!
		if (!isProseIntent(plan.intent)) return null
		const candidate = questions[index]!
		if (answerType(candidate.type) !== 'long_text' && answerType(candidate.type) !== 'short_text') return null
		return buildPieces({ facts, tone, plan: { ...plan, intent: plan.intent }, question: candidate, context: withContext })
	}
	const kept = shareOut(
		questions.map((_, index) => build(index, NO_CONTEXT)),
		questions,
	)[questionIndex]!
	const oneLine = answerType(question.type) === 'short_text'
	const shared = (build(questionIndex, context) ?? []).filter((piece) => !piece.keys?.length || kept.has(signature(piece)))
	const pieces = oneLine ? shortPieces(shared) : shared
	const budget = budgetFor(question.limitType, question.limitValue, oneLine ? NATURAL_SHORT_WORDS : NATURAL_LONG_WORDS)
	// For limits too small for any sentence: a few words that are still true and whole.
	const fallbacks = [facts.mediumPhrase, facts.mediums[0], facts.name, 'I make art', 'Art']
		.filter((text): text is string => Boolean(text))
		.map((text) => endSentence(capitalize(text)))
	return compose(pieces, budget, { oneLine, fallbacks })
}

/** A one-line fact: the notes' first line when the artist wrote one, else the profile's, else nothing. */
export function writeFact(intent: FactIntent, request: { facts: Facts; question: DraftQuestion; context: AnswerContext }): string {
	const { facts, question, context } = request
	const noted = firstNoteLine(context.notes)
	const fromProfile = {
		title: facts.mediums[0] ? `Untitled (${proseCase(facts.mediums[0])})` : 'Untitled',
		name: facts.name,
		location: facts.place,
		website: facts.website ?? facts.urls[0],
		mediums: facts.mediums.length ? capitalize(listPhrase(facts.mediums.map(proseCase))!) : undefined,
		personal: undefined,
	}[intent]
	const useNotes = intent === 'title' || intent === 'mediums' || intent === 'personal' || !fromProfile
	const text = ((useNotes ? noted : undefined) ?? fromProfile ?? '').replace(/\s+/g, ' ').trim()
	const { limitType, limitValue } = question
	return limitType && limitValue && limitValue > 0 ? cutToLimit(text, limitType, limitValue) : text
}
