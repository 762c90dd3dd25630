/**
 * The specification's slug rules (section 5), shared by the admin forms, the
 * question editor and the demo seed so every writer produces the same slugs.
 */

/** Opportunity slug: the lowercased title, runs of non-alphanumerics as one hyphen, no hyphen at either end. */
export function slugifyTitle(title: string): string {
	return title
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
}

/**
 * Question slug: lowercase, non-alphanumerics removed, spaces turned into
 * hyphens. Hyphens already in the label are kept, and runs of them collapse, so
 * "Follow-up  plans" and "Follow-up plans" give the same "follow-up-plans".
 * May return "" for a label without letters or digits; the editor then asks for a slug.
 */
export function slugifyQuestionLabel(label: string): string {
	return label
		.toLowerCase()
		.replace(/[^a-z0-9\s-]/g, '')
		.trim()
		.replace(/[\s-]+/g, '-')
		.replace(/^-+|-+$/g, '')
}

/** `base` if free, otherwise `base-2`, `base-3`, … : the first one not in `taken`. */
export function uniqueSlug(base: string, taken: Iterable<string>): string {
	const used = new Set(taken)
	if (!used.has(base)) return base
	let n = 2
	while (used.has(`${base}-${n}`)) n++
	return `${base}-${n}`
}
