import pg from 'pg'
import type { Db } from './client.ts'

/*
 * PostgreSQL session-level advisory locks as a liveness signal between processes. A worker holds a
 * lock on its own connection for as long as it works on something; if the process dies, the
 * connection drops and PostgreSQL releases the lock at once. So "nobody holds the lock" means
 * "nobody is working on it", with no heartbeats or timeouts to tune. Keys are text, hashed to 64
 * bits by PostgreSQL (hashtextextended).
 */

export type HeldLock = { release(): Promise<void> }

/**
 * Takes the lock named `key` on a connection of its own, or returns null at once when another
 * session holds it. The caller must release it (which also closes the connection).
 */
export async function tryAdvisoryLock(databaseUrl: string, key: string): Promise<HeldLock | null> {
	const client = new pg.Client({ connectionString: databaseUrl, application_name: 'callboard-lock' })
	// A dropped connection means the lock is gone; the holder notices when it next writes.
	client.on('error', () => undefined)
	await client.connect()
	try {
		const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [key])
		if (!rows[0]?.locked) {
			await client.end()
			return null
		}
	} catch (error) {
		await client.end().catch(() => undefined)
		throw error
	}
	let released = false
	return {
		async release() {
			if (released) return
			released = true
			// Ending the session releases its locks.
			await client.end().catch(() => undefined)
		},
	}
}

/**
 * Which of `keys` no session holds right now. Each probe takes and releases the lock in one
 * statement (CASE fixes the order: release only what was taken), so it needs no connection of its
 * own and never keeps a lock.
 */
export async function unheldAdvisoryLocks(db: Db, keys: readonly string[]): Promise<string[]> {
	if (!keys.length) return []
	const rows = await db.$queryRaw<{ key: string }[]>`
		SELECT key FROM unnest(${keys}::text[]) AS key
		WHERE CASE WHEN pg_try_advisory_lock(hashtextextended(key, 0)) THEN pg_advisory_unlock(hashtextextended(key, 0)) ELSE false END`
	return rows.map((row) => row.key)
}
