import type { AppContext } from '#server/context.ts'

const PREVIEW_SIZE = 24

/** Today's calendar date as stored in a DATE column (midnight UTC). */
function startOfUtcDay(now: Date) {
	return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
}

/**
 * The open opportunities, soonest deadline first (spec: active, deadline today
 * or later). A stand-in for the full, filtered feed of a later issue.
 */
export async function listFeedPreview(ctx: Pick<AppContext, 'db'>, { now = new Date() }: { now?: Date } = {}) {
	return ctx.db.opportunity.findMany({
		where: { active: true, deadline: { gte: startOfUtcDay(now) } },
		orderBy: [{ deadline: 'asc' }, { title: 'asc' }],
		take: PREVIEW_SIZE,
		select: { id: true, title: true, organization: true, location: true, deadline: true },
	})
}
