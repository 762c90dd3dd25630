import { describe, expect, test } from 'vitest'
import { buildAnswerMessage, buildRefitMessage, buildSystemBlocks, formatRules, maxTokensFor } from './anthropic-prompt.ts'
import type { AnswerRequest, DraftGrounding, DraftQuestion } from './types.ts'

function question(overrides: Partial<DraftQuestion> = {}): DraftQuestion {
	return { slug: 'q', label: 'Question', helpText: null, type: 'long_text', required: true, options: [], limitType: null, limitValue: null, ...overrides }
}

const grounding: DraftGrounding = {
	tone: 'neutral',
	artist: { fullName: 'Ana Lima', city: null, country: 'Portugal', mediums: [], interests: [], websiteUrl: null, links: [], brief: null },
	opportunity: {
		title: 'Open Call',
		organization: 'Gallery',
		location: null,
		deadline: null,
		category: null,
		description: 'An open call.',
		tags: [],
		url: null,
	},
	questions: [
		question({ slug: 'bio', label: 'Short bio', helpText: 'Third person is fine.', limitType: 'chars', limitValue: 500 }),
		question({ slug: 'medium', label: 'Main medium', type: 'multiple_choice', options: ['Painting', 'Sculpture'], limitType: 'words', limitValue: 5 }),
	],
}

const request = (questionIndex: number, overrides: Partial<AnswerRequest> = {}): AnswerRequest => ({
	grounding,
	questionIndex,
	context: { notes: [], attachments: [] },
	tier: 'free',
	...overrides,
})

const text = (blocks: { type: string }[]) => blocks.map((block) => ('text' in block ? block.text : '')).join('\n')

describe('system blocks', () => {
	test('depend on the grounding alone and list every question with its type, options and limit', () => {
		const blocks = buildSystemBlocks(grounding)
		expect(buildSystemBlocks(structuredClone(grounding))).toEqual(blocks)
		const grounded = blocks[1]!.text
		expect(grounded).toContain('1. Short bio\n   Type: long text; required; at most 500 characters\n   Help text: Third person is fine.')
		expect(grounded).toContain('2. Main medium\n   Type: multiple choice (one option); required\n   Options:\n   - Painting\n   - Sculpture')
		expect(grounded).toContain('Location: Portugal')
		// Empty fields are left out rather than sent as blanks.
		expect(grounded).not.toMatch(/Website:|Deadline:|Brief/)
	})

	test('a different tone is a different prefix; the instructions are the same for every draft', () => {
		const warm = buildSystemBlocks({ ...grounding, tone: 'warm' })
		const neutral = buildSystemBlocks(grounding)
		expect(warm[0]).toEqual(neutral[0])
		expect(warm[1]!.text).toContain('Tone of every answer: warm')
		expect(neutral[1]!.text).toContain('Tone of every answer: neutral')
	})
})

describe('format rules', () => {
	test.each([
		[{ type: 'multiple_choice', options: ['Yes', 'No'] }, /exactly one of these options, copied verbatim, and nothing else:\n- Yes\n- No/],
		[{ type: 'multi_select', options: ['Yes', 'No'] }, /JSON array of the options.*\n- Yes\n- No/],
		[{ type: 'url' }, /only one URL, copied from the artist's website or links/],
		[{ type: 'number' }, /only a number/],
		[{ type: 'short_text' }, /single line/],
		[{ type: 'long_text' }, /separate paragraphs with one blank line/],
		[{ type: 'essay' }, /separate paragraphs with one blank line/],
	])('%o', (overrides, rule) => {
		expect(formatRules(question(overrides)).join('\n')).toMatch(rule)
	})

	test('a limit asks for at most that many words or characters, aiming a little under', () => {
		expect(formatRules(question({ limitType: 'words', limitValue: 200 })).join('\n')).toContain(
			'at most 200 words (words are counted by splitting on whitespace); aim for about 180 words',
		)
		expect(formatRules(question({ type: 'short_text', limitType: 'chars', limitValue: 80 })).join('\n')).toContain('at most 80 characters')
	})

	test('a limit on a choice question does not apply, as the domain does not count it', () => {
		expect(formatRules(question({ type: 'multiple_choice', options: ['A'], limitType: 'words', limitValue: 3 })).join('\n')).not.toContain('at most')
	})
})

describe('max_tokens', () => {
	test.each([
		[{ limitType: 'words', limitValue: 300 }, 600],
		[{ limitType: 'words', limitValue: 5000 }, 4096],
		[{ limitType: 'chars', limitValue: 2000 }, 800],
		[{ limitType: 'chars', limitValue: 280 }, 256],
		[{}, 1500],
		[{ type: 'something-new' }, 1500],
		[{ type: 'short_text' }, 200],
		[{ type: 'url' }, 200],
		[{ type: 'multiple_choice', options: ['A', 'B'], limitType: 'words', limitValue: 1000 }, 200],
	] as const)('%o → %i', (overrides, tokens) => {
		expect(maxTokensFor(question(overrides as Partial<DraftQuestion>))).toBe(tokens)
	})

	test('a multi-select question with many long options has room to list them all', () => {
		const options = Array.from({ length: 40 }, (_, i) => `A rather long option number ${i}`)
		expect(maxTokensFor(question({ type: 'multi_select', options }))).toBeGreaterThan(JSON.stringify(options).length / 4)
		expect(maxTokensFor(question({ type: 'multi_select', options: ['A', 'B'] }))).toBe(200)
	})
})

describe('user turn', () => {
	test('files come first, then the question, its help text, notes and rules', () => {
		const blocks = buildAnswerMessage(
			request(0, {
				context: {
					notes: ['Mention the prize.'],
					attachments: [
						{ kind: 'text', name: 'cv.pdf', text: 'CV text' },
						{ kind: 'image', name: 'work.jpg', mediaType: 'image/jpeg', data: '/9j/' },
					],
				},
			}),
		)
		expect(blocks.map((block) => block.type)).toEqual(['document', 'text', 'image', 'text'])
		const last = text(blocks.slice(-1))
		expect(last).toMatch(/^Write the answer to question 1 of 2: "Short bio"\.\nHelp text: Third person is fine\./)
		expect(last).toContain('- Mention the prize.')
		expect(last).toContain('at most 500 characters')
	})

	test('a question the grounding does not have is an error', () => {
		expect(() => buildAnswerMessage(request(5))).toThrow(/no question at index 5/)
	})

	test('refit asks for a rewrite within the limit, keeping the facts', () => {
		const message = text(buildRefitMessage({ ...request(0), answer: 'A long bio.', count: 612 }))
		expect(message).toContain('has 612 characters; the question allows at most 500 characters')
		expect(message).toContain('<answer>\nA long bio.\n</answer>')
		expect(message).toMatch(/Keep its facts/)
	})
})
