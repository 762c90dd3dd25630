// npm run bench:cpu -- <page> [--connections 50] [--seconds 15] [--web-processes 2] [--grow 0]
//
// Where the whole machine's CPU goes while one page is loaded: the web processes, PostgreSQL, the
// load generator (autocannon, in this process) and the rest, in ms of CPU per request, read from
// /proc before and after the load (Linux only). It answers what a profile of one process cannot:
// how many requests per second the machine could serve at best if only the web processes got
// cheaper. Starts the built server as `npm start` does (one web process per core unless told).
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { startFakeAnthropic } from '../tests/fakes/anthropic-server.ts'
import { load, type Endpoint } from './measure.ts'
import { ROOT, startProductionServer } from './processes.ts'
import { PAGES, pageOrExit, pageTarget, seedForOnePage } from './targets.ts'

const USAGE = `npm run bench:cpu -- <page> [options]
  pages: ${PAGES.join(', ')}
  --connections <n>    autocannon connections (default 50)
  --seconds <n>        load for this long (default 15)
  --web-processes <n>  WEB_CONCURRENCY (default: one per core, as npm start)
  --grow <n>           add this many open calls first (default 0: the demo catalogue)
  --node-flags=<f>     node or V8 flags for the web processes, e.g. --node-flags="--single-threaded-gc --max-semi-space-size=32"`

const { values: options, positionals } = parseArgs({
	allowPositionals: true,
	options: {
		connections: { type: 'string', default: '50' },
		seconds: { type: 'string', default: '15' },
		'web-processes': { type: 'string', default: String(availableParallelism()) },
		grow: { type: 'string', default: '0' },
		'node-flags': { type: 'string', default: '' },
		help: { type: 'boolean', default: false },
	},
})
const page = pageOrExit(positionals[0], { help: options.help, usage: USAGE })
if (!existsSync('/proc/self/stat')) {
	console.error('bench:cpu reads /proc: it runs on Linux only')
	process.exit(2)
}

// Ports of their own (the bench's are 3290/25590, the profile's 3291/25591).
const PORT = 3292
const DATABASE_PORT = 25592
const APP: Endpoint & { origin: string } = { url: `http://127.0.0.1:${PORT}`, host: `localhost:${PORT}`, origin: `http://localhost:${PORT}` }
const CLOCK_TICK_MS = 10 // USER_HZ is 100 on Linux
const KINDS = ['web processes (node)', 'PostgreSQL', 'load generator (this process)', 'everything else'] as const

const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const runDir = path.join(ROOT, 'data', 'bench', `cpu-run-${stamp}`)
const model = await startFakeAnthropic({ latencyMs: 1_000 })
const server = await startProductionServer({
	port: PORT,
	databasePort: DATABASE_PORT,
	dataDir: runDir,
	modelUrl: model.url,
	logFile: path.join(ROOT, 'data', 'bench', `cpu-${stamp}.log`),
	noBuild: true,
	nodeFlags: options['node-flags'].split(' ').filter(Boolean),
	env: { WEB_CONCURRENCY: options['web-processes'] },
})
try {
	const target = pageTarget(page, await seedForOnePage(server.databaseUrl, Number(options.grow)), APP.origin)
	const connections = Number(options.connections)
	await load(APP, [target], { connections, seconds: 3 })
	const before = cpuByKind()
	const started = performance.now()
	const result = await load(APP, [target], { connections, seconds: Number(options.seconds) })
	const wallMs = performance.now() - started
	const after = cpuByKind()

	console.log(
		`${page}: ${result.rps.toFixed(0)} req/s at ${connections} connections with ${options['web-processes']} web process(es), p50 ${result.latencyMs.p50} ms, p97.5 ${result.latencyMs.p97_5} ms, statuses ${JSON.stringify(result.status)}\n`,
	)
	const cores = availableParallelism()
	let totalMs = 0
	for (const kind of KINDS) {
		const ms = (after.get(kind) ?? 0) - (before.get(kind) ?? 0)
		totalMs += ms
		console.log(`  ${kind.padEnd(30)} ${(ms / result.requests).toFixed(2).padStart(6)} ms per request  ${((ms / wallMs) * 100).toFixed(0).padStart(4)} % of a core`)
	}
	const perRequest = totalMs / result.requests
	console.log(`  ${'all'.padEnd(30)} ${perRequest.toFixed(2).padStart(6)} ms per request  ${((totalMs / wallMs) * 100).toFixed(0).padStart(4)} % of a core (${cores} cores: ${cores * 100} %)`)
	console.log(`\n  at this CPU per request, ${cores} cores serve at most ${((cores * 1000) / perRequest).toFixed(0)} requests per second`)
} finally {
	await server.stop()
	await model.close()
	rmSync(runDir, { recursive: true, force: true })
}

/** CPU time (user + system, ms) used so far by every process on the machine, by kind. */
function cpuByKind() {
	const byKind = new Map<(typeof KINDS)[number], number>()
	for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
		let stat: string, commandLine: string
		try {
			stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
			commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
		} catch {
			continue // it ended meanwhile
		}
		// "pid (comm) state ppid …": comm may hold spaces; utime and stime are fields 14 and 15.
		const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
		const ms = (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS
		const kind =
			Number(pid) === process.pid
				? 'load generator (this process)'
				: comm.startsWith('postgres')
					? 'PostgreSQL'
					: commandLine.includes('server-build/index.js')
						? 'web processes (node)'
						: 'everything else'
		byKind.set(kind, (byKind.get(kind) ?? 0) + ms)
	}
	return byKind
}
