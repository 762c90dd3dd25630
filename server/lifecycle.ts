/*
 * Whether this process is stopping. A Ctrl-C in a terminal sends SIGINT to the whole process group,
 * the embedded PostgreSQL included, which then ends every connection while the app is still
 * closing its own: a lost connection is expected then, not an error (README: "Ctrl-C stops the
 * server and the database cleanly").
 */

let stopping = false

export const isStopping = () => stopping

/** Called on the first SIGINT or SIGTERM (server/boot.ts, onShutdownSignal). */
export function markStopping() {
	stopping = true
}
