import type { AnswerRequest, AnswerResult, Drafter, RefitRequest } from '#server/integrations/ai/types.ts'

type Script = (request: AnswerRequest) => string | Error | Promise<string | Error>

/**
 * A drafter for domain tests that need answers the offline drafter would never give (too long,
 * failing, slow): each call is answered by `write` (and `refit`), and recorded.
 */
export class ScriptedDrafter implements Drafter {
	readonly kind = 'anthropic' as const
	readonly writes: AnswerRequest[] = []
	readonly refits: RefitRequest[] = []

	constructor(
		private readonly write: Script,
		private readonly refit: (request: RefitRequest) => string | Error = (request) => request.answer,
	) {}

	modelFor(tier: 'free' | 'pro') {
		return tier === 'pro' ? 'scripted-pro' : 'scripted'
	}

	async writeAnswer(request: AnswerRequest): Promise<AnswerResult> {
		this.writes.push(request)
		return this.#result(await this.write(request))
	}

	async refitAnswer(request: RefitRequest): Promise<AnswerResult> {
		this.refits.push(request)
		return this.#result(this.refit(request))
	}

	#result(outcome: string | Error): AnswerResult {
		if (outcome instanceof Error) throw outcome
		return { text: outcome, tokensUsed: 10, model: 'scripted' }
	}
}

/** The slug of the question a request asks for. */
export const slugOf = (request: AnswerRequest) => request.grounding.questions[request.questionIndex]!.slug
