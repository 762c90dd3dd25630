import type { AppContext } from '#server/context.ts'

/** What the portal header and the out-of-credits banner show. A missing profile counts as 0 credits on the Free plan. */
export async function getCreditSummary(ctx: Pick<AppContext, 'db'>, userId: string) {
	const profile = await ctx.db.profile.findUnique({ where: { userId }, select: { creditsRemaining: true, plan: true } })
	return { creditsRemaining: profile?.creditsRemaining ?? 0, plan: profile?.plan ?? 'free' }
}
