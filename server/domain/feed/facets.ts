import type { AppContext } from '#server/context.ts'
import { catalogueCache } from '#server/domain/opportunities/catalogue-cache.ts'
import type { feedQueries } from './feed.ts'

/**
 * The feed's filter options, kept per process while the catalogue and the day stay the same: the
 * page's own statement reads the catalogue's version, so a change shows on the next page, and the
 * options cost no statement in between. Which tags are present is kept tag by tag, as artists
 * bring different practices.
 */
const kept = catalogueCache<boolean | string[]>()

type FacetRequest = {
	version: string
	today: string
	tags: string[]
	queries: ReturnType<typeof feedQueries>
}

export async function feedFacets(ctx: Pick<AppContext, 'db'>, { version, today, tags, queries }: FacetRequest) {
	const values = kept.at(ctx.db, version)
	const tagKey = (tag: string) => `${today}\0tag\0${tag}`
	const locationsKey = `${today}\0locations`
	const unknownTags = tags.filter((tag) => !values.has(tagKey(tag)))
	const [present, locations] = await Promise.all([
		unknownTags.length ? ctx.db.$queryRaw<{ tag: string }[]>(queries.presentTags(unknownTags)) : null,
		values.has(locationsKey) ? null : ctx.db.$queryRaw<{ location: string }[]>(queries.locations),
	])
	if (present) {
		const found = new Set(present.map((row) => row.tag))
		for (const tag of unknownTags) values.set(tagKey(tag), found.has(tag))
	}
	if (locations) values.set(locationsKey, locations.map((row) => row.location))
	return {
		presentTags: new Set(tags.filter((tag) => values.get(tagKey(tag)) === true)),
		locations: (values.get(locationsKey) as string[] | undefined) ?? [],
	}
}
