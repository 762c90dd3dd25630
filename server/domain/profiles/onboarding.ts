import { z } from 'zod'
import type { AppContext } from '#server/context.ts'
import { Prisma } from '#server/db/generated/client.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import { ONBOARDING_STEPS } from './choices.ts'
import { requestProfileIngestQuietly } from './ingest.ts'
import {
	OnboardingAnswers,
	ONBOARDING_STEP_INPUTS,
	OnboardingStepNumber,
	type OnboardingFieldStep,
} from './onboarding.schema.ts'

/*
 * The four-step onboarding (spec sections 2, 4 and 5). Progress and answers live on the server
 * (profiles.onboarding_step and onboarding_data), so every step is a plain form post that works
 * without JavaScript, and a reload or another device never loses what was entered.
 */

type Ctx = Pick<AppContext, 'db' | 'logger' | 'jobs'>

/** The answers as the form shows them: plain strings, blanks allowed. */
export type OnboardingFormValues = {
	fullName: string
	city: string
	country: string
	mediums: string[]
	interests: string[]
	websiteUrl: string
	links: { kind: 'instagram' | 'press' | 'other'; url: string }[]
}

// onboarding_data is our own JSON, but read defensively: a field that does not parse is treated as
// not answered yet instead of breaking the page.
const text = z.string().optional().catch(undefined)
const StoredAnswers = z
	.object({
		fullName: text,
		city: text,
		country: text,
		mediums: z.array(z.string()).optional().catch(undefined),
		interests: z.array(z.string()).optional().catch(undefined),
		websiteUrl: z.string().nullish().catch(undefined),
		links: z
			.array(z.object({ kind: z.enum(['instagram', 'press', 'other']).catch('other'), url: z.string().nullish() }))
			.optional()
			.catch(undefined),
	})
	.catch({})
type StoredAnswers = z.output<typeof StoredAnswers>

const stepOf = (value: number | undefined) => Math.min(Math.max(value ?? 1, 1), ONBOARDING_STEPS)

async function readProgress(ctx: Ctx, userId: string) {
	const profile = await ctx.db.profile.findUnique({
		where: { userId },
		select: {
			onboardingCompleted: true,
			onboardingStep: true,
			onboardingData: true,
			fullName: true,
			city: true,
			country: true,
			mediums: true,
			interests: true,
			websiteUrl: true,
		},
	})
	return { profile, stored: StoredAnswers.parse(profile?.onboardingData ?? {}) }
}

/** The current step and the answers so far; fields not answered yet start from the profile. */
export async function getOnboarding(ctx: Ctx, userId: string) {
	const { profile, stored } = await readProgress(ctx, userId)
	const values: OnboardingFormValues = {
		fullName: stored.fullName ?? profile?.fullName ?? '',
		city: stored.city ?? profile?.city ?? '',
		country: stored.country ?? profile?.country ?? '',
		mediums: stored.mediums ?? profile?.mediums ?? [],
		interests: stored.interests ?? profile?.interests ?? [],
		websiteUrl: (stored.websiteUrl === undefined ? profile?.websiteUrl : stored.websiteUrl) ?? '',
		links: (stored.links ?? []).map((link) => ({ kind: link.kind, url: link.url ?? '' })),
	}
	return { completed: profile?.onboardingCompleted ?? false, step: stepOf(profile?.onboardingStep), values }
}

export type SaveStepOptions = {
	/** The step the form was for (its hidden `step` field). */
	step: unknown
	values: unknown
	/** next: validate, save and advance; stay: validate and save; previous: save if valid, go back. */
	move: 'next' | 'stay' | 'previous'
}

/**
 * Saves one step's answers and moves. A step may be re-submitted once reached (the browser's back
 * button without JavaScript), but never skipped ahead. Returns the step to show next.
 */
export async function saveOnboardingStep(ctx: Ctx, userId: string, { step: rawStep, values, move }: SaveStepOptions) {
	const step = parseInput(OnboardingStepNumber, rawStep)
	const { profile, stored } = await readProgress(ctx, userId)
	if (profile?.onboardingCompleted) throw new DomainError('CONFLICT', 'Onboarding is already completed.')
	const reached = stepOf(profile?.onboardingStep)
	if (step > reached) return reached

	let answers: Partial<OnboardingAnswers> | null = null
	if (step in ONBOARDING_STEP_INPUTS) {
		const schema: z.ZodType<Partial<OnboardingAnswers>> = ONBOARDING_STEP_INPUTS[step as OnboardingFieldStep]
		if (move === 'previous') {
			// Going back never fails: what is valid is kept, the rest is entered again later.
			const result = schema.safeParse(values)
			answers = result.success ? result.data : null
		} else {
			answers = parseInput(schema, values)
		}
	} else if (move !== 'previous') {
		throw new DomainError('INVALID', 'Use “Complete” to finish the last step.')
	}

	const nextStep = move === 'next' ? step + 1 : move === 'previous' ? Math.max(1, step - 1) : step
	const data = { ...stored, ...answers }
	await ctx.db.profile.upsert({
		where: { userId },
		create: { userId, onboardingStep: nextStep, onboardingData: data },
		update: { onboardingStep: nextStep, onboardingData: data },
	})
	return nextStep
}

/**
 * Checks that every step is answered and the last step is reached, before any file of the last
 * step is received. A missing answer sends the user back to its step.
 */
export async function assertReadyToComplete(ctx: Ctx, userId: string): Promise<OnboardingAnswers> {
	const { profile, stored } = await readProgress(ctx, userId)
	if (profile?.onboardingCompleted) throw new DomainError('CONFLICT', 'Onboarding is already completed.')
	for (const [step, schema] of Object.entries(ONBOARDING_STEP_INPUTS)) {
		if (!schema.safeParse(stored).success) {
			await ctx.db.profile.update({ where: { userId }, data: { onboardingStep: Number(step) } })
			throw new DomainError('INVALID', `Step ${step} is not complete yet.`)
		}
	}
	if (stepOf(profile?.onboardingStep) < ONBOARDING_STEPS) {
		throw new DomainError('INVALID', `Step ${stepOf(profile?.onboardingStep)} is not complete yet.`)
	}
	return OnboardingAnswers.parse(stored)
}

/**
 * Finishes onboarding: writes the answers to the profile (upsert, as the spec's table operation),
 * saves the non-blank links, clears the kept answers and queues the profile ingest. Files are
 * stored by the caller before this (assets.ts); a failed file never blocks completion. Safe to
 * submit twice: the second call changes nothing.
 */
export async function completeOnboarding(ctx: Ctx, userId: string) {
	const answers = await assertReadyToComplete(ctx, userId)
	const completed = await ctx.db.$transaction(async (tx) => {
		await tx.profile.upsert({ where: { userId }, create: { userId }, update: {} })
		const { count } = await tx.profile.updateMany({
			where: { userId, onboardingCompleted: false },
			data: {
				fullName: answers.fullName,
				city: answers.city,
				country: answers.country,
				mediums: answers.mediums,
				interests: answers.interests,
				websiteUrl: answers.websiteUrl,
				onboardingCompleted: true,
				onboardingStep: ONBOARDING_STEPS,
				onboardingData: Prisma.DbNull,
			},
		})
		if (count === 0) return false
		const links = answers.links.flatMap((link) => (link.url ? [{ userId, kind: link.kind, url: link.url }] : []))
		if (links.length) await tx.userLink.createMany({ data: links })
		return true
	})
	if (completed) await requestProfileIngestQuietly(ctx, userId)
	return { completed }
}
