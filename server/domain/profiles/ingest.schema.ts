import { z } from 'zod'

/*
 * The body of POST /api/profile/ingest (spec section 7): the user's id and the onboarding form's
 * data. The ingest reads the profile from the database, which is the authority; profile_data is
 * checked for shape only, for callers written against the specification.
 */
const ProfileData = z
	.object({
		fullName: z.string().optional(),
		city: z.string().optional(),
		country: z.string().optional(),
		mediums: z.array(z.string()).optional(),
		interests: z.array(z.string()).optional(),
		websiteUrl: z.string().nullish(),
		links: z.array(z.object({ kind: z.string().optional(), url: z.string().nullish() })).optional(),
		assets: z.unknown().optional(),
		uploaded_assets: z.unknown().optional(),
	})
	.loose()

export const ProfileIngestRequest = z.object({
	user_id: z.uuid({ error: 'user_id must be a user id' }),
	profile_data: ProfileData,
})
export type ProfileIngestRequest = z.output<typeof ProfileIngestRequest>
