import type { AppContext } from '#server/context.ts'
import type { Actor } from '#server/domain/actor.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import { existingId } from '#server/domain/ids.ts'
import { SaveOpportunityInput } from './saved.schema.ts'

type Ctx = Pick<AppContext, 'db'>

/*
 * Saved (bookmarked) opportunities: one row per artist and opportunity. The feed reads
 * `saved_opportunities` itself (its "Saved" filter and each card's flag); the deadline calendar
 * (server/domain/calendar) turns them into events. Every function acts for the actor only.
 */

function opportunityIdOf(input: unknown) {
	return existingId(parseInput(SaveOpportunityInput, input).opportunityId, 'Opportunity')
}

/**
 * Saves an opportunity for the actor. Saving one that is already saved changes nothing (a double
 * click, or the same form posted from two tabs). Only an active opportunity can be saved: a hidden
 * or unknown one is NOT_FOUND, as on its detail page.
 */
export async function saveOpportunity(ctx: Ctx, actor: Actor, input: unknown) {
	const opportunityId = opportunityIdOf(input)
	const opportunity = await ctx.db.opportunity.findFirst({
		where: { id: opportunityId, active: true },
		select: { id: true, title: true },
	})
	if (!opportunity) throw new DomainError('NOT_FOUND', `Opportunity ${JSON.stringify(opportunityId)} not found.`)
	await ctx.db.savedOpportunity.createMany({ data: [{ userId: actor.id, opportunityId }], skipDuplicates: true })
	return { opportunityId, title: opportunity.title, saved: true as const }
}

/**
 * Removes an opportunity from the actor's saved ones. Removing one that is not saved (or no longer
 * active) changes nothing: the artist's wish, "not saved", already holds.
 */
export async function unsaveOpportunity(ctx: Ctx, actor: Actor, input: unknown) {
	const opportunityId = opportunityIdOf(input)
	await ctx.db.savedOpportunity.deleteMany({ where: { userId: actor.id, opportunityId } })
	return { opportunityId, saved: false as const }
}
