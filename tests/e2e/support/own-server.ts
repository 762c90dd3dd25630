import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '..', '..', '..')

/**
 * A test server's embedded database listens on its port + this (scripts/e2e-server.mjs too):
 * below Linux's ephemeral range (32768–60999), where a client connection of the suite could
 * hold the port the database is about to listen on.
 */
export const DATABASE_PORT_OFFSET = 20000

/**
 * A production server of a test's own (its own port and embedded database),
 * for tests that need its log or its process: the shared e2e server's are
 * out of reach.
 */
export class OwnServer {
	readonly url: string
	readonly dataDir: string
	process: ChildProcess | undefined
	output = ''

	constructor(
		readonly port: number,
		name: string,
	) {
		this.url = `http://localhost:${port}`
		this.dataDir = path.join(ROOT, 'data', `e2e-${name}`)
	}

	/** `ownGroup`: in a process group of its own, as a terminal runs it (see `interrupt`). */
	start(extraEnv: Record<string, string> = {}, { ownGroup = false } = {}) {
		this.output = ''
		this.process = spawn(process.execPath, [path.join(ROOT, 'server-build/index.js')], {
			cwd: ROOT,
			detached: ownGroup,
			stdio: ['ignore', 'pipe', 'pipe'],
			env: {
				...process.env,
				NODE_ENV: 'production',
				PORT: String(this.port),
				APP_URL: this.url,
				DATA_DIR: this.dataDir,
				DATABASE_URL: '',
				EMBEDDED_DATABASE_PORT: String(this.port + DATABASE_PORT_OFFSET),
				SESSION_SECRET: 'own-server-secret-that-is-long-enough-0123456789',
				LOG_LEVEL: 'info',
				...extraEnv,
			},
		})
		this.process.stdout?.on('data', (chunk) => (this.output += chunk))
		this.process.stderr?.on('data', (chunk) => (this.output += chunk))
		return this.process
	}

	async waitUntilReady() {
		const child = this.process
		if (!child) throw new Error('not started')
		const deadline = Date.now() + 90_000
		while (Date.now() < deadline) {
			if (child.exitCode !== null || child.signalCode !== null) {
				// 'exit' can come before the last of its output: wait for the streams to close, so the
				// error says why it stopped.
				if (child.stdout && !child.stdout.closed) await new Promise((resolve) => child.once('close', resolve))
				throw new Error(`server exited early (${child.exitCode ?? child.signalCode}):\n${this.output || '(no output)'}`)
			}
			const ready = await fetch(`${this.url}/readyz`).then((r) => r.ok, () => false)
			if (ready) return
			await new Promise((resolve) => setTimeout(resolve, 200))
		}
		throw new Error(`server did not become ready:\n${this.output}`)
	}

	exited() {
		const child = this.process
		if (!child) throw new Error('not started')
		return new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
			child.once('exit', (code, signal) => resolve({ code, signal })),
		)
	}

	async stop(signal: NodeJS.Signals = 'SIGTERM') {
		if (!this.process || this.process.exitCode !== null) return
		const exit = this.exited()
		this.process.kill(signal)
		return exit
	}

	/**
	 * A Ctrl-C in a terminal: SIGINT to the server's whole process group (started with `ownGroup`),
	 * its embedded database included. Resolves with the exit once its output is all read.
	 */
	async interrupt() {
		const child = this.process
		if (!child?.pid) throw new Error('not started')
		const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)))
		process.kill(-child.pid, 'SIGINT')
		return closed
	}

	/** The embedded database's URL, for a second server pointed at it with DATABASE_URL. */
	get databaseUrl() {
		return `postgresql://postgres:postgres@127.0.0.1:${this.port + DATABASE_PORT_OFFSET}/callboard`
	}

	postmasterPid() {
		const file = path.join(this.dataDir, 'postgres', 'postmaster.pid')
		return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : null
	}

	setupLink() {
		return /"setupUrl":"([^"]+)"/.exec(this.output)?.[1] ?? null
	}
}

export function isAlive(pid: number) {
	try {
		process.kill(pid, 0)
		return true
	} catch {
		return false
	}
}
