import type { AppContext } from '#server/context.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import { requestProfileIngestQuietly } from './ingest.ts'
import { ProfileBasicsInput } from './profile.schema.ts'

type Ctx = Pick<AppContext, 'db'>

/** What the profile page edits, plus the ingest status. */
export async function getProfileBasics(ctx: Ctx, userId: string) {
	const profile = await ctx.db.profile.findUnique({
		where: { userId },
		select: {
			fullName: true,
			city: true,
			country: true,
			mediums: true,
			interests: true,
			websiteUrl: true,
			timeZone: true,
			ingestedAt: true,
			artistBrief: true,
			cvReadError: true,
		},
	})
	if (!profile) throw new DomainError('NOT_FOUND', `Profile of user ${userId} not found.`)
	return profile
}

/** Saves the basics (spec: "profile fields plus updated_at"; Prisma sets updated_at). */
export async function updateProfileBasics(ctx: Pick<AppContext, 'db' | 'jobs' | 'logger'>, userId: string, input: unknown) {
	const basics = parseInput(ProfileBasicsInput, input)
	const { count } = await ctx.db.profile.updateMany({ where: { userId }, data: basics })
	if (count === 0) throw new DomainError('NOT_FOUND', `Profile of user ${userId} not found.`)
	// The basics are part of the artist brief.
	await requestProfileIngestQuietly(ctx, userId)
	return basics
}
