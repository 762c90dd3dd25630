/**
 * Search text for a LIKE (Prisma's `contains`, or an ILIKE written out): its own `%`, `_` and `\`
 * are matched as themselves, not as wildcards. A search for "%" finds what has a "%" in it, not
 * everything.
 */
export function literalLike(text: string) {
	return text.replace(/[\\%_]/g, '\\$&')
}
