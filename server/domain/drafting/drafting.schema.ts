import { z } from 'zod'

/** Draft tones (spec section 9): neutral is the default. Browser-safe. */
export const TONES = ['neutral', 'warm', 'confident'] as const
export type Tone = (typeof TONES)[number]

export const TONE_CHOICES: { value: Tone; label: string; hint: string }[] = [
	{ value: 'neutral', label: 'Neutral', hint: 'Clear and measured.' },
	{ value: 'warm', label: 'Warm', hint: 'Personal and inviting.' },
	{ value: 'confident', label: 'Confident', hint: 'Direct and assured.' },
]

/** The spec's generate-draft request: which opportunity, in which tone. */
export const GenerateDraftInput = z.object({
	opportunityId: z.string().trim().min(1, 'Choose an opportunity'),
	tone: z.enum(TONES, { message: 'Choose a tone: neutral, warm or confident' }).default('neutral'),
})
export type GenerateDraftInput = z.input<typeof GenerateDraftInput>
