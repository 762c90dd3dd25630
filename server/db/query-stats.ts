import { AsyncLocalStorage } from 'node:async_hooks'
import type pg from 'pg'

/** The statements one request sent to PostgreSQL, and the time they took (overlapping ones add up). */
export type QueryStats = { count: number; ms: number }

const currentRequest = new AsyncLocalStorage<QueryStats>()

/** Runs `fn` with a fresh tally; every statement sent from within it (however deep) is counted. */
export function withQueryStats<T>(stats: QueryStats, fn: () => T): T {
	return currentRequest.run(stats, fn)
}

/**
 * Counts the statements sent through `pool`, for the request whose work sent them: each is one
 * round trip, including BEGIN and COMMIT. Clients checked out of the pool count too, so a
 * transaction's statements are seen. Counting costs a property read and an addition.
 */
export function countQueries(pool: pg.Pool) {
	const counted = new WeakSet<pg.PoolClient>()
	pool.on('connect', (client) => {
		if (counted.has(client)) return
		counted.add(client)
		const query = client.query.bind(client) as (...args: unknown[]) => unknown
		client.query = ((...args: unknown[]) => {
			const stats = currentRequest.getStore()
			if (!stats) return query(...args)
			stats.count += 1
			const started = performance.now()
			const done = () => {
				stats.ms += performance.now() - started
			}
			// pg-pool's own query() passes a callback; Prisma's transactions await a promise.
			const callback = args.at(-1)
			if (typeof callback === 'function') {
				args[args.length - 1] = (...results: unknown[]) => {
					done()
					return callback(...results)
				}
			}
			const result = query(...args)
			return result instanceof Promise ? result.finally(done) : result
		}) as typeof client.query
	})
	return pool
}
