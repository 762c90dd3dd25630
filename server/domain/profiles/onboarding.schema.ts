import { z } from 'zod'
import { MAX_ONBOARDING_LINKS, ONBOARDING_LINK_KINDS } from './choices.ts'
import { City, Country, FullName, Interests, Mediums, OptionalUrl } from './profile.schema.ts'

/*
 * One schema per onboarding step (spec section 5): step 1 needs name, city and country; step 2 at
 * least one medium and one interest; steps 3 and 4 need nothing. Outputs are valid inputs again,
 * so the answers kept in profiles.onboarding_data are re-validated as they are at completion.
 */

export const OnboardingStep1Input = z.object({ fullName: FullName, city: City, country: Country })

export const OnboardingStep2Input = z.object({ mediums: Mediums, interests: Interests })

/** A link row; a blank URL is allowed (the row is kept while onboarding, never saved as a link). */
export const OnboardingLinkInput = z.object({
	kind: z.enum(ONBOARDING_LINK_KINDS, { error: 'Choose a link type' }).default('other'),
	url: OptionalUrl,
})

export const OnboardingStep3Input = z.object({
	websiteUrl: OptionalUrl,
	links: z
		.array(OnboardingLinkInput)
		.max(MAX_ONBOARDING_LINKS, `Add at most ${MAX_ONBOARDING_LINKS} links`)
		.default([]),
})

/** The steps that take form fields; step 4 takes only files. */
export const ONBOARDING_STEP_INPUTS = {
	1: OnboardingStep1Input,
	2: OnboardingStep2Input,
	3: OnboardingStep3Input,
} as const
export type OnboardingFieldStep = keyof typeof ONBOARDING_STEP_INPUTS

export const OnboardingAnswers = OnboardingStep1Input.extend(OnboardingStep2Input.shape).extend(
	OnboardingStep3Input.shape,
)
export type OnboardingAnswers = z.output<typeof OnboardingAnswers>

export const OnboardingStepNumber = z.coerce.number().int().min(1).max(4)
