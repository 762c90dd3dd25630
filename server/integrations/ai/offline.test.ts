import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { countChars, countWords, shapeAnswer } from '#server/domain/drafting/answer-fit.ts'
import { surname } from './offline-prose.ts'
import { createOfflineDrafter } from './offline.ts'
import type { AnswerContext, AnswerRequest, DraftGrounding, DraftQuestion, DraftTone } from './types.ts'

const drafter = createOfflineDrafter()

function question(label: string, type = 'long_text', extra: Partial<DraftQuestion> = {}): DraftQuestion {
	return {
		slug: label.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
		label,
		helpText: null,
		type,
		required: true,
		options: [],
		limitType: null,
		limitValue: null,
		...extra,
	}
}

const ada: DraftGrounding['artist'] = {
	fullName: 'Ada Lovelace',
	city: 'Lisbon',
	country: 'Portugal',
	mediums: ['Painting', 'Installation'],
	interests: ['grants', 'residencies'],
	websiteUrl: 'https://ada.example.com',
	links: [{ kind: 'instagram', url: 'https://instagram.com/ada' }],
	brief: [
		'Artist: Ada Lovelace',
		'Based in: Lisbon, Portugal',
		'Mediums: Painting, Installation',
		'Website: https://ada.example.com',
		'',
		'CV:',
		'EXHIBITIONS',
		'2024 Solo show: Analytical Engines, Galeria Norte, Lisbon',
		'2023 Residency at Casa Tres, Porto',
		'2019 MFA, Faculdade de Belas-Artes, Lisbon',
	].join('\n'),
}

const northlight: DraftGrounding['opportunity'] = {
	title: 'Northlight Emerging Artist Grant',
	organization: 'Northlight Arts Foundation',
	location: 'Toronto, Canada',
	deadline: '2025-03-12',
	category: 'grant',
	description:
		'The grant is meant to buy time. The panel looks for a clear sense of direction in the work rather than a long exhibition history.',
	tags: ['grants', 'painting', 'drawing', 'emerging artists'],
	url: 'https://northlight.example.org',
}

const statement = question('Artist Statement', 'long_text', {
	helpText: 'What your work is about and how you make it.',
	limitType: 'words',
	limitValue: 300,
})

function grounding(overrides: Partial<DraftGrounding> = {}): DraftGrounding {
	return { tone: 'neutral', artist: ada, opportunity: northlight, questions: [statement], ...overrides }
}

const noContext: AnswerContext = { notes: [], attachments: [] }

async function answer(ground: DraftGrounding, questionIndex = 0, context: AnswerContext = noContext) {
	const result = await drafter.writeAnswer({ grounding: ground, questionIndex, context, tier: 'free' })
	return result.text
}

const firstSentence = (text: string) => /^[^.!?]*[.!?]/.exec(text)?.[0] ?? text

function expectReadable(text: string) {
	expect(text.trim()).not.toBe('')
	expect(text).not.toMatch(/undefined|null|NaN|\{|\}|\[|\]/)
	expect(text).not.toMatch(/ {2}| [,.;:]|\(\)|,,|\.\./)
	expect(text).toMatch(/^\p{Lu}/u)
	expect(text).toMatch(/[.!?”]$/)
}

describe('the offline drafter', () => {
	test('says what it is and uses no tokens', async () => {
		expect(drafter.kind).toBe('offline')
		expect(drafter.modelFor('free')).toBe('offline')
		expect(drafter.modelFor('pro')).toBe('offline')
		const result = await drafter.writeAnswer({ grounding: grounding(), questionIndex: 0, context: noContext, tier: 'pro' })
		expect(result).toMatchObject({ tokensUsed: 0, model: 'offline' })
	})

	test('an artist statement names the mediums, the city and the call, in the first person', async () => {
		const text = await answer(grounding())
		expectReadable(text)
		expect(text).toMatch(/painting/i)
		expect(text).toMatch(/installation/i)
		expect(text).toContain('Lisbon')
		expect(text).toContain('Northlight Emerging Artist Grant')
		expect(text).toMatch(/\b(?:I|my)\b/)
		expect(countWords(text)).toBeLessThanOrEqual(270)
		expect(countWords(text)).toBeGreaterThanOrEqual(120)
	})

	test('the notes for a question show up in its answer', async () => {
		const text = await answer(grounding(), 0, {
			notes: ['focus on the river project at the Tagus estuary', 'I collected salt from the riverbank for two years.'],
			attachments: [],
		})
		expect(text).toContain('the river project at the Tagus estuary')
		expect(text).toContain('I collected salt from the riverbank for two years.')
		expectReadable(text)
	})

	test('an attached PDF’s sentences are used', async () => {
		const text = await answer(grounding(), 0, {
			notes: [],
			attachments: [{ kind: 'text', name: 'proposal.pdf', text: 'Tide Lines maps the salt marshes of the estuary in twelve panels.' }],
		})
		expect(text).toContain('Tide Lines maps the salt marshes of the estuary in twelve panels.')
	})

	test('Regenerate words an answer differently from the one it replaces, and a second time too', async () => {
		const request = { grounding: grounding(), questionIndex: 0, context: noContext, tier: 'pro' as const }
		const first = (await drafter.writeAnswer(request)).text
		const second = (await drafter.writeAnswer({ ...request, replacing: first })).text
		const third = (await drafter.writeAnswer({ ...request, replacing: second })).text
		expect(second).not.toBe(first)
		expect(third).not.toBe(second)
		for (const text of [second, third]) {
			expectReadable(text)
			expect(text).toContain('Northlight Emerging Artist Grant')
		}
		// Replacing an artist's own text (not the drafter's), it is the planned answer.
		expect((await drafter.writeAnswer({ ...request, replacing: 'My own words.' })).text).toBe(first)
	})

	test('warm and confident read differently from neutral', async () => {
		const neutral = await answer(grounding({ tone: 'neutral' }))
		const warm = await answer(grounding({ tone: 'warm' }))
		const confident = await answer(grounding({ tone: 'confident' }))
		expect(new Set([neutral, warm, confident]).size).toBe(3)
		expect(firstSentence(warm)).not.toBe(firstSentence(neutral))
		expect(firstSentence(confident)).not.toBe(firstSentence(neutral))
	})

	test('the answers of one draft open differently and do not repeat sentences', async () => {
		const questions = [
			statement,
			question('Why this opportunity?', 'long_text', { limitType: 'words', limitValue: 250 }),
			question('Statement about the submitted works'),
			question('Project description', 'long_text', { limitType: 'words', limitValue: 500 }),
			question('Short Biography', 'long_text', { helpText: 'Written in the third person.', limitType: 'words', limitValue: 150 }),
			question('Anything else you would like to tell us?'),
		]
		const ground = grounding({ questions })
		const texts = await Promise.all(questions.map((_, index) => answer(ground, index)))
		const openings = texts.map(firstSentence)
		expect(new Set(openings).size).toBe(texts.length)
		const sentences = texts.flatMap((text) => text.match(/[^.!?]+[.!?]/g) ?? []).map((sentence) => sentence.trim())
		const repeated = sentences.filter((sentence, index) => sentences.indexOf(sentence) !== index)
		expect(repeated).toEqual([])
		// A biography asked for in the third person speaks of the artist by name.
		expect(texts[4]).toMatch(/^Ada Lovelace is an artist/)
		expect(texts[4]).not.toMatch(/\bI\b/)
	})

	test('missing facts (no name, no place, no mediums, no brief) still give readable text', async () => {
		const nobody: DraftGrounding['artist'] = {
			fullName: null,
			city: null,
			country: null,
			mediums: [],
			interests: [],
			websiteUrl: null,
			links: [],
			brief: null,
		}
		const questions = [
			statement,
			question('Biography'),
			question('Why this residency?'),
			question('Budget'),
			question('Anything else?', 'essay'),
		]
		const ground = grounding({
			artist: nobody,
			questions,
			opportunity: { ...northlight, location: null, deadline: null, tags: [], description: '' },
		})
		for (const [index] of questions.entries()) {
			const text = await answer(ground, index)
			expectReadable(text)
			expect(countWords(text)).toBeGreaterThan(10)
		}
	})

	test('a character limit is met with whole sentences', async () => {
		const limited = question('Project Summary', 'long_text', { limitType: 'chars', limitValue: 200 })
		const text = await answer(grounding({ questions: [limited] }))
		expect(countChars(text)).toBeLessThanOrEqual(180)
		expect(countChars(text)).toBeGreaterThanOrEqual(100)
		expect(text).toMatch(/[.!?]$/)
	})

	test('one-line questions get the fact they ask for', async () => {
		const questions = [
			question('Full name', 'short_text'),
			question('Where are you based?', 'short_text'),
			question('Project Title', 'short_text', { limitType: 'chars', limitValue: 120 }),
			question('Project Summary', 'short_text', { limitType: 'chars', limitValue: 280 }),
			question('Date of Birth', 'short_text'),
		]
		const ground = grounding({ questions })
		expect(await answer(ground, 0)).toBe('Ada Lovelace')
		expect(await answer(ground, 1)).toBe('Lisbon, Portugal')
		expect(await answer(ground, 2, { notes: ['Title: "Tide Lines"'], attachments: [] })).toBe('Tide Lines')
		expect(await answer(ground, 2)).toBe('Untitled (painting)')
		const summary = await answer(ground, 3)
		expect(summary).not.toContain('\n')
		expect(countChars(summary)).toBeLessThanOrEqual(280)
		expectReadable(summary)
		// The drafter cannot know a date of birth: empty rather than made up, unless the notes say it.
		expect(await answer(ground, 4)).toBe('')
		expect(await answer(ground, 4, { notes: ['12/03/1990'], attachments: [] })).toBe('12/03/1990')
	})

	test('choices follow the notes and the profile', async () => {
		const questions = [
			question('Preferred season', 'multiple_choice', { options: ['Winter', 'Spring', 'Summer', 'Flexible'] }),
			question('Career stage', 'multiple_choice', { options: ['Emerging', 'Mid-career', 'Established'] }),
			question('Mediums', 'multi_select', { options: ['Painting', 'Drawing', 'Sculpture', 'Installation', 'Video'] }),
			question('Technical requirements', 'multi_select', { options: ['Lighting', 'Speakers', 'Plinths'] }),
		]
		const ground = grounding({ questions })
		expect(await answer(ground, 0, { notes: ['I can only come in summer'], attachments: [] })).toBe('Summer')
		expect(await answer(ground, 0)).toBe('Flexible')
		expect(await answer(ground, 1)).toBe('Emerging')
		expect(JSON.parse(await answer(ground, 2))).toEqual(['Painting', 'Installation'])
		expect(JSON.parse(await answer(ground, 3))).toEqual(['Lighting'])
		expect(JSON.parse(await answer(ground, 3, { notes: ['needs speakers and plinths'], attachments: [] }))).toEqual([
			'Lighting',
			'Speakers',
			'Plinths',
		])
	})

	test('a url answer is the profile link the question names, or empty', async () => {
		const questions = [question('Instagram', 'url'), question('Portfolio Link', 'url')]
		expect(await answer(grounding({ questions }), 0)).toBe('https://instagram.com/ada')
		expect(await answer(grounding({ questions }), 1)).toBe('https://ada.example.com')
		const linkless = { ...ada, websiteUrl: null, links: [] }
		expect(await answer(grounding({ questions, artist: linkless }), 1)).toBe('')
	})

	test('a number answer comes from the notes or the call’s stated amount, or is left empty, never made up', async () => {
		const questions = [
			question('Number of works', 'number'),
			question('Amount requested (CAD)', 'number'),
			question('Years of practice', 'number'),
		]
		const ground = grounding({ questions, opportunity: { ...northlight, description: 'An unrestricted award of CAD 7,500.' } })
		expect(await answer(ground, 0, { notes: ['Budget 2,000 for materials; 12 works in total'], attachments: [] })).toBe('12')
		expect(await answer(ground, 1)).toBe('7500')
		expect(await answer(ground, 2)).toBe('')
	})

	test('refitting cuts an answer to its limit at a sentence boundary', async () => {
		const limited = question('Statement', 'long_text', { limitType: 'words', limitValue: 6 })
		const result = await drafter.refitAnswer({
			grounding: grounding({ questions: [limited] }),
			questionIndex: 0,
			context: noContext,
			tier: 'free',
			answer: 'I paint rivers. I build rooms of salt and light.',
			count: 11,
		})
		expect(result).toEqual({ text: 'I paint rivers.', tokensUsed: 0, model: 'offline' })
	})
})

// ───────────────────────────── properties ─────────────────────────────

const latin = 'abcdefghijklmnopqrstuvwxyzéèçñöøåß'
const greek = 'αβγδεζηθικλμνξοπρστυφχψω'
const cyrillic = 'абвгдеёжзийклмнопрстуфхцчшщыэюя'

const wordIn = (letters: string) =>
	fc.string({ unit: fc.constantFrom(...letters), minLength: 1, maxLength: 10 }).map((word) => word[0]!.toUpperCase() + word.slice(1))
const word = fc.oneof(wordIn(latin), wordIn(greek), wordIn(cyrillic))
const phrase = (max: number) => fc.array(word, { minLength: 1, maxLength: max }).map((words) => words.join(' '))
// Text as people type it: words, numbers, punctuation, line breaks, stray spaces.
const messy = fc
	.array(
		fc.oneof(
			word,
			fc.integer({ min: -50, max: 100_000 }).map(String),
			fc.constantFrom('.', ',', '\n', '  ', '- ', '"', 'Answer:', '€', '(', ')'),
		),
		{
			maxLength: 30,
		},
	)
	.map((parts) => parts.join(' '))
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null })

const url = fc.oneof(
	fc.webUrl(),
	fc.constantFrom('https://instagram.com/someone', 'https://vimeo.com/123', 'not a url', 'https://a.example/x"y'),
)

const artist: fc.Arbitrary<DraftGrounding['artist']> = fc.record({
	fullName: maybe(fc.oneof(phrase(3), fc.constantFrom('', '   '))),
	city: maybe(fc.oneof(phrase(2), fc.constant(''))),
	country: maybe(phrase(2)),
	mediums: fc.array(fc.oneof(fc.constantFrom('Painting', 'Video', 'Textiles', 'Digital Art', ' '), phrase(2)), { maxLength: 4 }),
	interests: fc.subarray(['grants', 'residencies', 'exhibitions', 'competitions']),
	websiteUrl: maybe(url),
	links: fc.array(fc.record({ kind: fc.constantFrom('instagram', 'press', 'portfolio', 'other'), url }), { maxLength: 3 }),
	brief: maybe(
		fc
			.tuple(phrase(3), fc.array(messy, { maxLength: 5 }))
			.map(([name, cv]) => `Artist: ${name}\nMediums: Sculpture\n\nCV:\n${cv.join('\n')}`),
	),
})

const opportunity: fc.Arbitrary<DraftGrounding['opportunity']> = fc.record({
	title: fc.oneof(phrase(5), fc.constant('')),
	organization: fc.oneof(phrase(3), fc.constant('')),
	location: maybe(fc.oneof(phrase(2), fc.constant('Online'))),
	deadline: maybe(fc.oneof(fc.constantFrom('2025-03-12', '2026-13-40', 'soon'))),
	category: maybe(fc.constantFrom('grant', 'residency', 'open_call', 'other')),
	description: messy,
	tags: fc.array(fc.oneof(fc.constantFrom('painting', 'grants', 'ecology', 'video'), phrase(2)), { maxLength: 5 }),
	url: maybe(fc.webUrl()),
})

const LABELS = [
	'Artist Statement',
	'Project Description',
	'Short Biography (third person)',
	'Why this residency?',
	'Selected Exhibitions',
	'Budget Breakdown',
	'Timeline',
	'Community Engagement',
	'Project Title',
	'Full name',
	'Where are you based?',
	'Instagram',
	'Amount Requested (GBP)',
	'Date of Birth',
	'Materials',
	'Technical Requirements',
	'Access Requirements',
]

const questionArb: fc.Arbitrary<DraftQuestion> = fc
	.record({
		label: fc.oneof(fc.constantFrom(...LABELS), phrase(6)),
		helpText: maybe(fc.oneof(phrase(10), fc.constant('Written in the third person.'))),
		type: fc.constantFrom('short_text', 'long_text', 'multiple_choice', 'multi_select', 'url', 'number', 'essay'),
		required: fc.boolean(),
		options: fc.uniqueArray(phrase(3), { minLength: 2, maxLength: 6, selector: (option) => option.toLowerCase() }),
		limit: maybe(fc.record({ type: fc.constantFrom('words' as const, 'chars' as const), value: fc.integer({ min: 1, max: 2000 }) })),
	})
	.map(({ limit, ...rest }) => ({
		...rest,
		slug: rest.label.toLowerCase().replace(/\s+/g, '-'),
		limitType: limit?.type ?? null,
		limitValue: limit?.value ?? null,
	}))

const request: fc.Arbitrary<AnswerRequest> = fc
	.record({
		tone: fc.constantFrom<DraftTone>('neutral', 'warm', 'confident'),
		artist,
		opportunity,
		questions: fc.array(questionArb, { minLength: 1, maxLength: 5 }),
		pick: fc.nat(),
		notes: fc.array(messy, { maxLength: 3 }),
		pdf: fc.array(messy, { maxLength: 1 }),
	})
	.map(({ tone, artist, opportunity, questions, pick, notes, pdf }) => ({
		grounding: { tone, artist, opportunity, questions },
		questionIndex: pick % questions.length,
		context: { notes, attachments: pdf.map((text) => ({ kind: 'text' as const, name: 'notes.pdf', text })) },
		tier: 'free' as const,
	}))

function profileUrls(ground: DraftGrounding) {
	return [ground.artist.websiteUrl, ...ground.artist.links.map((link) => link.url)].filter((value): value is string => Boolean(value))
}

describe('for any grounding, question and notes', () => {
	test('the answer is deterministic, has the question’s shape and fits its limit', async () => {
		await fc.assert(
			fc.asyncProperty(request, async (input) => {
				const text = (await drafter.writeAnswer(input)).text
				expect((await drafter.writeAnswer(structuredClone(input))).text).toBe(text)

				const question = input.grounding.questions[input.questionIndex]!
				const urls = profileUrls(input.grounding)
				expect(shapeAnswer(question, text, { urls })).toBe(text)
				expect(text).not.toMatch(/undefined|\bnull\b|NaN|\{\w+\}/)

				switch (question.type) {
					case 'multiple_choice':
						expect(question.options).toContain(text)
						break
					case 'multi_select': {
						const chosen: unknown = JSON.parse(text)
						expect(Array.isArray(chosen)).toBe(true)
						expect((chosen as string[]).length).toBeGreaterThan(0)
						for (const option of chosen as string[]) expect(question.options).toContain(option)
						break
					}
					case 'url':
						if (text !== '') expect(urls).toContain(text)
						break
					case 'number':
						// Empty when nothing gives the number (never made up).
						if (text !== '') expect(Number.isFinite(Number(text))).toBe(true)
						break
					default:
						if (question.type === 'short_text') expect(text).not.toMatch(/\n/)
						if (question.limitType === 'words') expect(countWords(text)).toBeLessThanOrEqual(question.limitValue!)
						if (question.limitType === 'chars') expect(countChars(text)).toBeLessThanOrEqual(question.limitValue!)
				}
			}),
			{ numRuns: 300 },
		)
	})

	test('a free-text answer fills most of a limit its profile has material for, and never more', async () => {
		// A list of exhibitions is as long as the CV, so it is left out here.
		const labels = [
			'Artist Statement',
			'Project Description',
			'Short Biography (third person)',
			'Why this residency?',
			'Budget Breakdown',
			'Timeline',
			'Community Engagement',
			'Technical Approach',
		]
		const limit = fc.oneof(
			fc.record({ type: fc.constant('words' as const), value: fc.integer({ min: 30, max: 100 }) }),
			fc.record({ type: fc.constant('chars' as const), value: fc.integer({ min: 240, max: 800 }) }),
		)
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(...labels),
				limit,
				fc.constantFrom<DraftTone>('neutral', 'warm', 'confident'),
				async (label, { type, value }, tone) => {
					const asked = question(label, 'long_text', { limitType: type, limitValue: value })
					const text = await answer(grounding({ tone, questions: [asked] }))
					const count = type === 'words' ? countWords(text) : countChars(text)
					expect(count).toBeLessThanOrEqual(value)
					expect(count).toBeGreaterThanOrEqual(Math.ceil(value * 0.55))
				},
			),
			{ numRuns: 80 },
		)
	})
})

describe("the surname a biography uses after a name's first mention", () => {
	test('is the last word that is a word', () => {
		expect(surname('Ada Lovelace')).toBe('Lovelace')
		expect(surname('Martin Luther King Jr.')).toBe('King')
		expect(surname('Alia Ñoño ✨')).toBe('Ñoño')
		expect(surname('李小龙')).toBe('李小龙')
		expect(surname('  Prince  ')).toBe('Prince')
	})
})
