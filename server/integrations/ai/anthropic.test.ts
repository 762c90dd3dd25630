import { APIConnectionTimeoutError, APIUserAbortError, BadRequestError } from '@anthropic-ai/sdk'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { countWords } from '#server/domain/drafting/answer-fit.ts'
import { startFakeAnthropic, type FakeAnthropic, type MessagesBody } from '#tests/fakes/anthropic-server.ts'
import { createAnthropicDrafter, type AnthropicDrafterOptions } from './anthropic.ts'
import type { AnswerRequest, DraftGrounding, DraftQuestion } from './types.ts'

const API_KEY = 'sk-ant-test'
const MODEL = 'claude-haiku-4-5'
const MODEL_PRO = 'claude-sonnet-4-6'

let fake: FakeAnthropic
beforeAll(async () => {
	fake = await startFakeAnthropic({ apiKey: API_KEY })
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

function drafter(options: Partial<AnthropicDrafterOptions> = {}) {
	return createAnthropicDrafter({ apiKey: API_KEY, baseURL: fake.url, model: MODEL, modelPro: MODEL_PRO, ...options })
}

function question(overrides: Partial<DraftQuestion> & Pick<DraftQuestion, 'slug' | 'label'>): DraftQuestion {
	return { helpText: null, type: 'long_text', required: true, options: [], limitType: null, limitValue: null, ...overrides }
}

const grounding: DraftGrounding = {
	tone: 'warm',
	artist: {
		fullName: 'Ana Lima',
		city: 'Lisbon',
		country: 'Portugal',
		mediums: ['Painting', 'Video'],
		interests: ['residencies'],
		websiteUrl: 'https://analima.example',
		links: [{ kind: 'instagram', url: 'https://instagram.com/analima' }],
		brief: 'Ana Lima paints tide pools.\nCV: 2023 solo show "Low Water", Galeria Azul, Porto.',
	},
	opportunity: {
		title: 'Coastal Studio Residency',
		organization: 'Fundação Mar',
		location: 'Sines, Portugal',
		deadline: '2026-09-30',
		category: 'residency',
		description: 'Two months by the sea for artists working with water.',
		tags: ['painting', 'ecology'],
		url: 'https://fundacaomar.example/residency',
	},
	questions: [
		question({ slug: 'statement', label: 'Artist statement', helpText: 'Describe your practice.', limitType: 'words', limitValue: 300 }),
		question({ slug: 'plan', label: 'What would you do during the residency?', limitType: 'chars', limitValue: 2000 }),
		question({ slug: 'format', label: 'Preferred format', type: 'multiple_choice', options: ['In person', 'Remote'] }),
	],
}

function request(questionIndex: number, overrides: Partial<AnswerRequest> = {}): AnswerRequest {
	return { grounding, questionIndex, context: { notes: [], attachments: [] }, tier: 'free', ...overrides }
}

/** The user turn's blocks of a recorded request. */
function userContent(body: MessagesBody) {
	const content = body.messages![0]!.content
	return Array.isArray(content) ? content : [{ type: 'text', text: content }]
}

function userText(body: MessagesBody) {
	return userContent(body)
		.map((block) => block.text ?? '')
		.join('\n')
}

describe('Anthropic drafter (real SDK against a local fake)', () => {
	test('writes with the tier\'s model and returns the reply, the tokens and the model that answered', async () => {
		const ai = drafter()
		expect(ai.kind).toBe('anthropic')
		expect(ai.modelFor('free')).toBe(MODEL)
		expect(ai.modelFor('pro')).toBe(MODEL_PRO)

		const free = await ai.writeAnswer(request(0))
		const pro = await ai.writeAnswer(request(0, { tier: 'pro' }))

		const [freeBody, proBody] = fake.messages()
		expect(freeBody!.model).toBe(MODEL)
		expect(proBody!.model).toBe(MODEL_PRO)
		expect(free.model).toBe(MODEL)
		expect(pro.model).toBe(MODEL_PRO)
		expect(free.text).toContain('Artist statement')
		expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`)
		expect(fake.requests[0]!.headers['anthropic-version']).toBeTruthy()
	})

	test('every answer of a draft sends the same system blocks, cached at the last one, with the whole grounding', async () => {
		const ai = drafter()
		await ai.writeAnswer(request(0))
		await ai.writeAnswer(request(1, { tier: 'pro', context: { notes: ['Mention the boat.'], attachments: [] } }))

		const [first, second] = fake.messages()
		expect(JSON.stringify(second!.system)).toBe(JSON.stringify(first!.system))
		const system = first!.system as { type: string; text: string; cache_control?: unknown }[]
		expect(system).toHaveLength(2)
		expect(system.every((block) => block.type === 'text')).toBe(true)
		expect(system[0]!.cache_control).toBeUndefined()
		expect(system.at(-1)!.cache_control).toEqual({ type: 'ephemeral' })

		const text = system.map((block) => block.text).join('\n')
		for (const fact of ['Ana Lima', 'Lisbon, Portugal', 'https://instagram.com/analima', 'Low Water', 'Coastal Studio Residency', 'Fundação Mar', '2026-09-30']) {
			expect(text).toContain(fact)
		}
		// The full list of questions, not only the one being answered.
		expect(text).toMatch(/1\. Artist statement[\s\S]*2\. What would you do during the residency\?[\s\S]*3\. Preferred format/)
		expect(text).toContain('Tone of every answer: warm')
		expect(text).not.toContain('Mention the boat.')
	})

	test('the user turn carries the question, its notes, an image and a PDF\'s text as a document', async () => {
		await drafter().writeAnswer(
			request(1, {
				context: {
					notes: ['I would build a floating studio.'],
					attachments: [
						{ kind: 'image', name: 'raft.png', mediaType: 'image/png', data: 'iVBORw0KGgo=' },
						{ kind: 'text', name: 'budget.pdf', text: 'Timber: 1,200 EUR' },
						{ kind: 'omitted', name: 'film.mov', reason: 'the file is larger than 10 MB' },
					],
				},
			}),
		)

		const [body] = fake.messages()
		expect(body!.messages).toHaveLength(1)
		expect(body!.messages![0]!.role).toBe('user')
		const content = userContent(body!)
		expect(content).toContainEqual({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } })
		expect(content).toContainEqual(
			expect.objectContaining({ type: 'document', title: 'budget.pdf', source: { type: 'text', media_type: 'text/plain', data: 'Timber: 1,200 EUR' } }),
		)
		const text = userText(body!)
		expect(text).toContain('question 2 of 3: "What would you do during the residency?"')
		expect(text).toContain('I would build a floating studio.')
		expect(text).toMatch(/film\.mov.*larger than 10 MB/)
		expect(text).toContain('at most 2000 characters')
	})

	test('max_tokens follows the question\'s limit', async () => {
		const ai = drafter()
		await ai.writeAnswer(request(0))
		await ai.writeAnswer(request(1))
		await ai.writeAnswer(request(2))
		expect(fake.messages().map((body) => body.max_tokens)).toEqual([600, 800, 200])
	})

	test('tokensUsed adds input, output, cache write and cache read tokens', async () => {
		fake.setResponder(() => ({
			text: 'I paint tide pools.',
			model: 'claude-haiku-4-5-20251001',
			usage: { input_tokens: 120, output_tokens: 45, cache_creation_input_tokens: 0, cache_read_input_tokens: 2100 },
		}))
		await expect(drafter().writeAnswer(request(0))).resolves.toEqual({
			text: 'I paint tide pools.',
			tokensUsed: 120 + 45 + 2100,
			model: 'claude-haiku-4-5-20251001',
		})
	})

	test('an overloaded API is retried by the SDK until it answers', async () => {
		fake.setResponder((_body, index) => (index < 2 ? { status: 529, retryAfterMs: 5 } : { text: 'I paint tide pools.' }))
		await expect(drafter().writeAnswer(request(0))).resolves.toMatchObject({ text: 'I paint tide pools.' })
		expect(fake.messages()).toHaveLength(3)
	})

	test('a rejected request fails at once, without retries', async () => {
		fake.setResponder(() => ({ status: 400, text: 'messages.0.content.0.image.source: invalid base64 data' }))
		const failure = drafter().writeAnswer(request(0))
		await expect(failure).rejects.toBeInstanceOf(BadRequestError)
		await expect(failure).rejects.toThrow(/invalid base64 data/)
		expect(fake.messages()).toHaveLength(1)
	})

	test('retries that run out reject with the last error', async () => {
		fake.setResponder(() => ({ status: 529, retryAfterMs: 1 }))
		await expect(drafter({ maxRetries: 2 }).writeAnswer(request(0))).rejects.toMatchObject({ status: 529 })
		expect(fake.messages()).toHaveLength(3)
	})

	test('a reply slower than the timeout rejects', async () => {
		fake.setResponder(() => ({ delayMs: 5_000 }))
		await expect(drafter({ timeoutMs: 100, maxRetries: 0 }).writeAnswer(request(0))).rejects.toBeInstanceOf(APIConnectionTimeoutError)
	})

	test('an aborted request rejects', async () => {
		fake.setResponder(() => ({ delayMs: 5_000 }))
		const controller = new AbortController()
		const answer = drafter().writeAnswer(request(0, { signal: controller.signal }))
		setTimeout(() => controller.abort(), 50)
		await expect(answer).rejects.toBeInstanceOf(APIUserAbortError)
	})

	test('an empty reply is a failure, not an empty answer', async () => {
		fake.setResponder(() => ({ text: '', stopReason: 'refusal' }))
		await expect(drafter().writeAnswer(request(0))).rejects.toThrow(/no text for question "statement"/)
	})

	test('refit sends the over-limit answer with its count and the limit, under the same system prefix', async () => {
		const ai = drafter()
		await ai.writeAnswer(request(0))
		const long = Array.from({ length: 340 }, (_, i) => `word${i}`).join(' ')
		const refit = await ai.refitAnswer({ ...request(0), answer: long, count: 340 })

		const [answer, refitBody] = fake.messages()
		expect(JSON.stringify(refitBody!.system)).toBe(JSON.stringify(answer!.system))
		const text = userText(refitBody!)
		expect(text).toContain(long)
		expect(text).toContain('has 340 words')
		expect(text).toContain('at most 300 words')
		expect(refitBody!.max_tokens).toBe(600)
		expect(countWords(refit.text)).toBeLessThanOrEqual(300)
	})

	test('with the fake\'s default replies, answers keep to their limits and formats', async () => {
		const ai = drafter()
		const statement = await ai.writeAnswer(request(0))
		const format = await ai.writeAnswer(request(2))
		expect(countWords(statement.text)).toBeLessThanOrEqual(300)
		expect(format.text).toBe('In person')
	})

	test('a wrong key is refused', async () => {
		await expect(drafter({ apiKey: 'sk-ant-wrong', maxRetries: 0 }).writeAnswer(request(0))).rejects.toMatchObject({ status: 401 })
	})
})
