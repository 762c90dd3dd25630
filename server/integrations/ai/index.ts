import type { Env } from '#server/env.ts'
import { createAnthropicDrafter } from './anthropic.ts'
import { createOfflineDrafter } from './offline.ts'
import type { Drafter } from './types.ts'

/** The Anthropic Messages API when ANTHROPIC_API_KEY is set; otherwise the offline drafter, so a fresh install drafts without a network. */
export function createDrafter(env: Pick<Env, 'ANTHROPIC_API_KEY' | 'ANTHROPIC_BASE_URL' | 'ANTHROPIC_MODEL' | 'ANTHROPIC_MODEL_PRO'>): Drafter {
	if (env.ANTHROPIC_API_KEY) {
		return createAnthropicDrafter({
			apiKey: env.ANTHROPIC_API_KEY,
			baseURL: env.ANTHROPIC_BASE_URL,
			model: env.ANTHROPIC_MODEL,
			modelPro: env.ANTHROPIC_MODEL_PRO,
		})
	}
	return createOfflineDrafter()
}
