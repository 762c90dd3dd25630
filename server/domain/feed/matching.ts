/*
 * How an opportunity's tags meet an artist's practice. Tags are stored lowercased, so a medium
 * or interest matches a tag when their lowercase forms are equal ("Digital Art" ↔ "digital art").
 * Browser-safe: plain functions over strings.
 */

export type Practice = { mediums: readonly string[]; interests: readonly string[] }

/** A profile choice as the tag it matches. */
export function asTag(value: string): string {
	return value.trim().toLowerCase()
}

/** The artist's mediums and interests that the tags match, in the artist's own wording. */
export function matchReasons(tags: readonly string[], practice: Practice) {
	const tagSet = new Set(tags)
	return {
		mediums: practice.mediums.filter((medium) => tagSet.has(asTag(medium))),
		interests: practice.interests.filter((interest) => tagSet.has(asTag(interest))),
	}
}
export type MatchReasons = ReturnType<typeof matchReasons>

/** A few words on why a card is in the feed: "Matches your Painting, Drawing · Grants"; null when nothing matches. */
export function describeMatch({ mediums, interests }: MatchReasons, interestLabel: (interest: string) => string) {
	const parts = [mediums.join(', '), interests.map(interestLabel).join(', ')].filter(Boolean)
	return parts.length ? `Matches your ${parts.join(' · ')}` : null
}

/**
 * The filter options of one category: each of the artist's choices that some open opportunity is
 * tagged with, as `{ value: tag, label: the artist's wording }`, in the artist's order.
 */
export function optionsFor(choices: readonly string[], presentTags: ReadonlySet<string>) {
	const seen = new Set<string>()
	const options: { value: string; label: string }[] = []
	for (const label of choices) {
		const value = asTag(label)
		if (!presentTags.has(value) || seen.has(value)) continue
		seen.add(value)
		options.push({ value, label })
	}
	return options
}
