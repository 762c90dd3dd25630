// The processes the bench drives: the production server (started as `npm start` starts it) and the
// bare node:http baseline. Each start returns a handle whose stop() the driver calls on the way out.
import { fork, spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { connect } from 'node:net'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'

export const ROOT = path.resolve(import.meta.dirname, '..')

/** The most lines of the server's output kept for an error message. */
const KEPT_LINES = 40

export type ProductionServerOptions = {
	port: number
	databasePort: number
	/** A fresh directory for the embedded database, uploads and the outbox. */
	dataDir: string
	modelUrl: string
	/** Where the server's output goes once it is ready (during start-up it is shown too). */
	logFile: string
	/**
	 * Skip the build check: run the built server directly instead of through scripts/start.mjs,
	 * which would rebuild when the sources are newer than the build (useful while others are
	 * mid-edit and the last build is the one to measure).
	 */
	noBuild: boolean
	/** Extra flags for node (the web process when WEB_CONCURRENCY=1), e.g. --cpu-prof; needs noBuild. */
	nodeFlags?: string[]
	/** Overrides of the server's environment (e.g. WEB_CONCURRENCY). */
	env?: Record<string, string>
}

export type ProductionServer = Awaited<ReturnType<typeof startProductionServer>>

/**
 * Starts the production server the way `npm start` does: `node scripts/start.mjs`, which builds
 * first when the build is missing or older than the sources, then runs server-build/index.js (one
 * web process per core through node:cluster, or WEB_CONCURRENCY, passed through from our own
 * environment). Resolves once /readyz answers 200.
 */
export async function startProductionServer(options: ProductionServerOptions) {
	const { port, databasePort, dataDir, modelUrl, logFile, noBuild, nodeFlags = [], env = {} } = options
	if (nodeFlags.length && !noBuild) throw new Error('node flags reach the server only with noBuild (scripts/start.mjs does not pass them on)')
	const url = `http://localhost:${port}`
	// Fail early and clearly rather than measure someone else's server.
	for (const busy of [port, databasePort]) {
		if (await isPortOpen(busy)) throw new Error(`port ${busy} is already in use: is another bench running? (the bench needs ${port} and ${databasePort})`)
	}
	const entry = noBuild ? [...nodeFlags, '--enable-source-maps', path.join(ROOT, 'server-build/index.js')] : [path.join(ROOT, 'scripts/start.mjs')]
	const child = spawn(process.execPath, entry, {
		cwd: ROOT,
		stdio: ['ignore', 'pipe', 'pipe'],
		env: {
			...process.env,
			NODE_ENV: 'production',
			PORT: String(port),
			APP_URL: url,
			DATA_DIR: dataDir,
			DATABASE_URL: '',
			EMBEDDED_DATABASE_PORT: String(databasePort),
			SEED_DEMO_DATA: 'true',
			SESSION_SECRET: 'bench-secret-that-is-long-enough-0123456789',
			LOG_LEVEL: 'warn',
			ANTHROPIC_API_KEY: 'bench-key',
			ANTHROPIC_BASE_URL: modelUrl,
			...env,
		},
	})

	// Start-up (and a build, if start.mjs runs one) is shown as it happens; once the server is
	// ready its output only goes to the log file, counted, so a flood of warnings under load
	// does not bury the tables.
	const log = createWriteStream(logFile)
	const lastLines: string[] = []
	let ready = false
	let loggedLines = 0
	const onOutput = (chunk: Buffer) => {
		log.write(chunk)
		for (const line of chunk.toString().split('\n')) {
			if (!line.trim()) continue
			loggedLines += 1
			lastLines.push(line)
			if (lastLines.length > KEPT_LINES) lastLines.shift()
			if (!ready) console.error(`  server| ${line}`)
		}
	}
	child.stdout.on('data', onOutput)
	child.stderr.on('data', onOutput)
	const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
		child.once('exit', (code, signal) => resolve({ code, signal })),
	)

	const started = performance.now()
	try {
		await waitUntilReady(url, child, lastLines)
	} catch (error) {
		await stopChild(child, exited)
		log.end()
		console.error(`The server's whole output: ${logFile}`)
		throw error
	}
	ready = true
	const readySeconds = (performance.now() - started) / 1000
	const loggedBeforeReady = loggedLines

	return {
		url,
		databaseUrl: `postgresql://postgres:postgres@127.0.0.1:${databasePort}/callboard`,
		readySeconds,
		/** Lines the server wrote after it was ready (warnings and errors: LOG_LEVEL=warn). */
		linesLoggedUnderLoad: () => loggedLines - loggedBeforeReady,
		lastLines: () => [...lastLines],
		alive: () => child.exitCode === null && child.signalCode === null,
		async stop() {
			const result = await stopChild(child, exited)
			await new Promise((resolve) => log.end(resolve))
			return result
		},
	}
}

async function waitUntilReady(url: string, child: ChildProcess, lastLines: string[]) {
	// A build on this machine takes a minute or two; a start without one a few seconds.
	const deadline = Date.now() + 10 * 60_000
	while (Date.now() < deadline) {
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new Error(`the server exited before it was ready (${child.exitCode ?? child.signalCode}):\n${lastLines.join('\n')}`)
		}
		if (await fetch(`${url}/readyz`).then((response) => response.ok, () => false)) return
		await delay(250)
	}
	throw new Error(`the server was not ready after 10 minutes:\n${lastLines.join('\n')}`)
}

/**
 * SIGTERM, as a supervisor would send: start.mjs passes it on and the server stops its embedded
 * database. SIGKILL only as a last resort, since it can leave an orphaned postmaster on the port.
 */
async function stopChild(child: ChildProcess, exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>) {
	if (child.exitCode !== null || child.signalCode !== null) return exited
	child.kill('SIGTERM')
	const timeout = delay(60_000, null, { ref: false })
	const result = await Promise.race([exited, timeout])
	if (result) return result
	console.error(`the server did not stop within 60 s of SIGTERM: killing it (its embedded database may be left running)`)
	child.kill('SIGKILL')
	return exited
}

function isPortOpen(port: number) {
	return new Promise<boolean>((resolve) => {
		const socket = connect({ port, host: '127.0.0.1' })
		socket.once('connect', () => {
			socket.destroy()
			resolve(true)
		})
		socket.once('error', () => resolve(false))
	})
}

export type Baseline = Awaited<ReturnType<typeof startBaseline>>

/** The bare node:http server (bench/baseline-server.mjs) in a child process of its own. */
export function startBaseline() {
	return startChildServer('the baseline server', path.join(import.meta.dirname, 'baseline-server.mjs'))
}

/**
 * The stack's floor (bench/floor-server.tsx): Express, Remix, React, tRPC, zod and Prisma with nothing
 * of Callboard's, one web process per core as the app runs, on the app's own database.
 */
export function startFloorServer(databaseUrl: string) {
	return startChildServer('the floor server', path.join(import.meta.dirname, 'floor-server.tsx'), {
		execArgv: ['--import', 'tsx'],
		env: { ...process.env, NODE_ENV: 'production', FLOOR_DATABASE_URL: databaseUrl },
	})
}

/** How long a child server may take to listen (the floor compiles its TypeScript first). */
const CHILD_START_TIMEOUT_MS = 60_000

/** A server in a child process that sends `{ port }` over IPC once it listens on 127.0.0.1. */
async function startChildServer(what: string, modulePath: string, options: { execArgv?: string[]; env?: NodeJS.ProcessEnv } = {}) {
	const child = fork(modulePath, [], { ...options, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
	const exited = new Promise((resolve) => child.once('exit', resolve))
	let timer: NodeJS.Timeout | undefined
	const port = await new Promise<number>((resolve, reject) => {
		child.once('message', (message) => resolve((message as { port: number }).port))
		child.once('exit', (code) => reject(new Error(`${what} exited (${code}) before it listened`)))
		timer = setTimeout(() => reject(new Error(`${what} did not listen within ${CHILD_START_TIMEOUT_MS / 1000} s`)), CHILD_START_TIMEOUT_MS)
	}).catch(async (error: unknown) => {
		child.kill('SIGTERM')
		await exited
		throw error
	}).finally(() => clearTimeout(timer))
	return {
		url: `http://127.0.0.1:${port}`,
		async stop() {
			if (child.exitCode !== null || child.signalCode !== null) return
			child.kill('SIGTERM')
			await exited
		},
	}
}
