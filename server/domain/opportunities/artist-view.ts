import type { AppContext } from '#server/context.ts'
import type { Actor } from '#server/domain/actor.ts'
import { DomainError } from '#server/domain/errors.ts'
import { existingId } from '#server/domain/ids.ts'
import { questionOrder, questionSelect } from '#server/domain/questions/questions.ts'

/**
 * One opportunity as an artist sees it (spec: Opportunity detail): only active ones exist for
 * artists; an inactive, deleted or malformed id is NOT_FOUND alike. Returns exactly what the
 * page shows, the questions in their order, and whether this artist saved it.
 */
export async function getOpportunityForArtist(ctx: Pick<AppContext, 'db'>, actor: Actor, input: { id: string }) {
	const id = existingId(input.id, 'Opportunity')
	const opportunity = await ctx.db.opportunity.findFirst({
		// The questions and the saved mark in the same statement (LATERAL joins), not three.
		relationLoadStrategy: 'join',
		where: { id, active: true },
		select: {
			id: true,
			title: true,
			organization: true,
			location: true,
			deadline: true,
			tags: true,
			category: true,
			description: true,
			url: true,
			questions: {
				orderBy: questionOrder,
				select: questionSelect,
			},
			savedBy: { where: { userId: actor.id }, select: { userId: true } },
		},
	})
	if (!opportunity) throw new DomainError('NOT_FOUND', `Opportunity ${id} not found.`)
	const { savedBy, deadline, ...rest } = opportunity
	return { ...rest, deadline: deadline ? deadline.toISOString().slice(0, 10) : null, saved: savedBy.length > 0 }
}
export type ArtistOpportunity = Awaited<ReturnType<typeof getOpportunityForArtist>>
