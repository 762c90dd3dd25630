import type { Db } from '#server/db/client.ts'
import { Prisma } from '#server/db/generated/client.ts'

/**
 * The catalogue's version: a trigger bumps it on every statement that changes opportunities
 * (migration 20261123121936_catalogue_version). A page selects it with its own rows, at no extra
 * round trip, and what was derived from the catalogue (filter options, counts) is kept until it moves.
 */
export const catalogueVersion = Prisma.sql`(SELECT version::text FROM catalogue_version WHERE id = 1)`

const MAX_KEPT = 2000

/**
 * Values derived from the catalogue, kept in this process while its version stays the same: `at`
 * gives the values of `version`, empty when the version moved since; `latest` the last version's. Per database (tests open
 * several); at most MAX_KEPT values, since keys may come from what visitors ask for.
 */
export function catalogueCache<T>() {
	const byDb = new WeakMap<Db, { version: string; values: Map<string, T> }>()
	return {
		at(db: Db, version: string): Map<string, T> {
			let kept = byDb.get(db)
			if (!kept || kept.version !== version || !version || kept.values.size >= MAX_KEPT) {
				kept = { version, values: new Map() }
				byDb.set(db, kept)
			}
			return kept.values
		},
		/**
		 * The values kept for the version this cache saw last, with that version: what probably
		 * applies before a page's statement tells the current version (a wrong guess costs a second
		 * statement, never a wrong answer). Reading it changes nothing.
		 */
		latest(db: Db): { version: string; values: ReadonlyMap<string, T> } | undefined {
			return byDb.get(db)
		},
	}
}
