import Anthropic from '@anthropic-ai/sdk'
import type { ContentBlockParam, Usage } from '@anthropic-ai/sdk/resources/messages'
import { buildAnswerMessage, buildRefitMessage, buildSystemBlocks, maxTokensFor } from './anthropic-prompt.ts'
import type { AnswerRequest, AnswerResult, Drafter, DraftTier } from './types.ts'

export type AnthropicDrafterOptions = {
	apiKey: string
	/** Another host speaking the Messages API (ANTHROPIC_BASE_URL: a gateway, or the local fake in tests). */
	baseURL?: string
	/** The free plan's model. */
	model: string
	/** The Pro plan's model. */
	modelPro: string
	/** Retries of 408, 409, 429, 5xx, 529 and timeouts, with backoff and retry-after honoured (SDK default 2). */
	maxRetries?: number
	/** Per attempt, in milliseconds. */
	timeoutMs?: number
}

/**
 * Answers written by Anthropic's Messages API, one request per answer. The draft's grounding is
 * the cached system prefix (./anthropic-prompt.ts), so a draft of many questions pays for it about
 * once. Failures that outlast the SDK's retries are thrown for the domain to mark the answer failed.
 */
export function createAnthropicDrafter(options: AnthropicDrafterOptions): Drafter {
	const client = new Anthropic({
		apiKey: options.apiKey,
		// null, not undefined: the SDK would otherwise read ANTHROPIC_BASE_URL itself, and only
		// server/env.ts reads the environment.
		baseURL: options.baseURL ?? null,
		maxRetries: options.maxRetries ?? 4,
		timeout: options.timeoutMs ?? 60_000,
	})

	const modelFor = (tier: DraftTier) => (tier === 'pro' ? options.modelPro : options.model)

	async function send(request: AnswerRequest, content: ContentBlockParam[]): Promise<AnswerResult> {
		const question = request.grounding.questions[request.questionIndex]!
		const model = modelFor(request.tier)
		const message = await client.messages.create(
			{
				model,
				max_tokens: maxTokensFor(question),
				system: buildSystemBlocks(request.grounding),
				messages: [{ role: 'user', content }],
			},
			{ signal: request.signal },
		)
		const text = message.content.map((block) => (block.type === 'text' ? block.text : '')).join('')
		if (!text.trim()) {
			throw new Error(`Anthropic returned no text for question "${question.slug}" (stop reason ${message.stop_reason ?? 'none'})`)
		}
		return { text, tokensUsed: tokensUsed(message.usage), model: message.model || model }
	}

	return {
		kind: 'anthropic',
		modelFor,
		// The builders run first: they throw on a question index the grounding does not have.
		writeAnswer: (request) => send(request, buildAnswerMessage(request)),
		refitAnswer: (request) => send(request, buildRefitMessage(request)),
	}
}

/** Every token the call was billed for: cache writes and reads are input tokens too. */
export function tokensUsed(usage: Pick<Usage, 'input_tokens' | 'output_tokens' | 'cache_creation_input_tokens' | 'cache_read_input_tokens'>) {
	return usage.input_tokens + usage.output_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0)
}
