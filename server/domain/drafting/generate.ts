import { formatShortDate } from '#server/domain/dates.ts'
import type { AppContext } from '#server/context.ts'
import type { Actor } from '#server/domain/actor.ts'
import { changeCredits } from '#server/domain/credits/ledger.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import { getOpportunityForArtist } from '#server/domain/opportunities/artist-view.ts'
import { questionOrder, questionSelect } from '#server/domain/questions/questions.ts'
import { getArtistToday } from '#server/domain/time-zone.ts'
import { DRAFT_LIMIT_MESSAGE, GenerateDraftInput, NO_QUESTIONS_MESSAGE } from './drafting.schema.ts'

type Ctx = Pick<AppContext, 'db' | 'jobs' | 'drafter'>

// Twenty simultaneous presses queue on the profile's row lock; each waits its turn for a
// connection and the lock instead of failing after Prisma's default two seconds.
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 20_000 }

/** An opportunity without questions has nothing to draft: said of the field the form posts. */
const noQuestions = () => new DomainError('INVALID', NO_QUESTIONS_MESSAGE, { fieldErrors: { opportunityId: [NO_QUESTIONS_MESSAGE] } })

/**
 * generate-draft (spec section 7): starts a draft of every question of an active opportunity, in
 * the chosen tone, and returns its id at once; the `draft.generate` job writes the answers.
 *
 * One transaction decides and records everything (PRODUCT.md, "Plans, credits and limits"): it
 * locks the artist's profile row, checks the plan and the balance, spends one credit through the
 * ledger unless the plan is Pro, counts the draft, creates it with one answer row per question (a
 * snapshot of each question, so the draft outlives edits to the opportunity) and queues the job.
 * Concurrent requests from one artist take turns on the row lock, so a single credit makes a
 * single draft; and a crash can never leave a paid draft without its job, or a job without its
 * credit.
 */
export async function generateDraft(
	ctx: Ctx,
	actor: Actor,
	input: GenerateDraftInput,
	{ browserTimeZone = null, now = new Date() }: { browserTimeZone?: string | null; now?: Date } = {},
): Promise<{ draftId: string }> {
	const { opportunityId, tone } = parseInput(GenerateDraftInput, input)
	const opportunity = await getOpportunityForArtist(ctx, actor, { id: opportunityId })
	if (!opportunity.questions.length) throw noQuestions()
	const today = await getArtistToday(ctx, actor.id, { browserTimeZone, now })

	return ctx.db.$transaction(async (tx) => {
		const [profile] = await tx.$queryRaw<{ plan: 'free' | 'pro'; credits_remaining: number }[]>`
			UPDATE profiles SET drafts_used = drafts_used + 1, updated_at = now()
			WHERE user_id = ${actor.id}::uuid
			RETURNING plan, credits_remaining`
		if (!profile) throw new DomainError('NOT_FOUND', `User ${actor.id} has no profile.`)
		const pro = profile.plan === 'pro'
		if (!pro && profile.credits_remaining < 1) throw new DomainError('LIMIT_EXCEEDED', DRAFT_LIMIT_MESSAGE)
		// The questions as they are now, with the opportunity's row held as an admin's question
		// writes hold it: one renamed or deleted since the page was read moves its artists' answers
		// and context (question-slugs.ts), and this draft's answers must be among them.
		// (KEY SHARE: it waits for those, FOR UPDATE, and not for an edit of the call's own fields.)
		const [still] = await tx.$queryRaw<{ active: boolean }[]>`SELECT active FROM opportunities WHERE id = ${opportunity.id}::uuid FOR KEY SHARE`
		if (!still?.active) throw new DomainError('NOT_FOUND', `Opportunity ${opportunity.id} not found.`)
		const questions = await tx.opportunityQuestion.findMany({
			where: { opportunityId: opportunity.id },
			orderBy: questionOrder,
			select: questionSelect,
		})
		if (!questions.length) throw noQuestions()

		const draft = await tx.draft.create({
			data: {
				userId: actor.id,
				opportunityId: opportunity.id,
				opportunityTitle: opportunity.title,
				organization: opportunity.organization,
				deadline: opportunity.deadline ? new Date(`${opportunity.deadline}T00:00:00Z`) : null,
				opportunityUrl: opportunity.url || null,
				title: `${opportunity.title} · ${formatShortDate(today)}`,
				tone,
				model: ctx.drafter.modelFor(pro ? 'pro' : 'free'),
				creditSpent: !pro,
				answers: {
					create: questions.map((question, index) => ({
						idx: index,
						slug: question.slug,
						prompt: question.label,
						questionType: question.type,
						required: question.required,
						helpText: question.helpText,
						options: question.options,
						limitType: question.limitType,
						limitValue: question.limitValue,
						charLimit: question.limitType === 'chars' ? question.limitValue : null,
					})),
				},
			},
			select: { id: true },
		})
		if (!pro) await changeCredits(tx, { userId: actor.id, delta: -1, reason: 'draft_generated', draftId: draft.id })
		await ctx.jobs.send('draft.generate', { draftId: draft.id }, { tx })
		return { draftId: draft.id }
	}, TRANSACTION_OPTIONS)
}
