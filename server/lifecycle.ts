/*
 * Whether this process is stopping. A Ctrl-C in a terminal sends SIGINT to the whole process group,
 * the embedded PostgreSQL included, which then ends every connection while the app is still
 * closing its own: a lost connection is expected then, not an error (README: "Ctrl-C stops the
 * server and the database cleanly").
 */

let stopping = false

export const isStopping = () => stopping

/**
 * Called on the first SIGINT or SIGTERM (server/boot.ts, onShutdownSignal), before the process's
 * own stop: from then on /readyz answers 503 and no web process is started again (server/index.ts).
 */
export function markStopping() {
	stopping = true
}

/**
 * How long a lost connection waits before it is judged: a Ctrl-C reaches the database and this
 * process at once, and the database's word can come before this process has handled its signal.
 */
const SIGNAL_GRACE_MS = 1_000

/**
 * Reports a lost database connection: `quiet` when this process is stopping (at once, or within a
 * moment, as the signal may not have been handled yet), else `report`.
 */
export function unlessStopping(report: () => void, quiet: () => void) {
	if (stopping) return quiet()
	setTimeout(() => (stopping ? quiet() : report()), SIGNAL_GRACE_MS).unref()
}
