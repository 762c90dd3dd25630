// npm run bench:profile -- <page> [--seconds 10] [--connections 10] [--grow 0]
//
// Where one web process spends its CPU on one page: starts the built server (no build check) with
// WEB_CONCURRENCY=1 under `node --cpu-prof`, seeds artists as the bench does, loads the page with
// autocannon, stops the server (which writes the profile) and prints the time by package, self and
// inclusive, and the hottest functions. The .cpuprofile is kept under data/bench/profiles/ for
// Chrome DevTools or speedscope. Build first (`npm run build`) when the sources changed.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { startFakeAnthropic } from '../tests/fakes/anthropic-server.ts'
import { load, type Endpoint } from './measure.ts'
import { ROOT, startProductionServer } from './processes.ts'
import { PAGES, pageOrExit, pageTarget, seedForOnePage } from './targets.ts'

const USAGE = `npm run bench:profile -- <page> [options]
  pages: ${PAGES.join(', ')}
  --seconds <n>      load for this long (default 10)
  --connections <n>  autocannon connections (default 10)
  --grow <n>         add this many open calls first (default 0: the demo catalogue)
  --top <n>          functions listed (default 25)`

const { values: options, positionals } = parseArgs({
	allowPositionals: true,
	options: {
		seconds: { type: 'string', default: '10' },
		connections: { type: 'string', default: '10' },
		grow: { type: 'string', default: '0' },
		top: { type: 'string', default: '25' },
		help: { type: 'boolean', default: false },
	},
})
const page = pageOrExit(positionals[0], { help: options.help, usage: USAGE })

// Not the bench's ports, so a profile can run while nothing else does (2 cores: run them apart).
const PORT = 3291
const DATABASE_PORT = 25591
const APP: Endpoint & { origin: string } = { url: `http://127.0.0.1:${PORT}`, host: `localhost:${PORT}`, origin: `http://localhost:${PORT}` }

const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const profileDir = path.join(ROOT, 'data', 'bench', 'profiles', `${page}-${stamp}`)
const runDir = path.join(ROOT, 'data', 'bench', `profile-run-${stamp}`)
mkdirSync(profileDir, { recursive: true })

const model = await startFakeAnthropic({ latencyMs: 1_000 })
/** The measured load's window, in ms since the server was spawned: only its samples are counted. */
const spawnedAt = performance.now()
const window = { from: 0, to: Infinity, requests: 0 }
const server = await startProductionServer({
	port: PORT,
	databasePort: DATABASE_PORT,
	dataDir: runDir,
	modelUrl: model.url,
	logFile: path.join(profileDir, 'server.log'),
	noBuild: true,
	nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
	env: { WEB_CONCURRENCY: '1' },
})
try {
	const target = pageTarget(page, await seedForOnePage(server.databaseUrl, Number(options.grow)), APP.origin)
	const connections = Number(options.connections)
	await load(APP, [target], { connections, seconds: 2 })
	window.from = performance.now() - spawnedAt
	const result = await load(APP, [target], { connections, seconds: Number(options.seconds) })
	window.to = performance.now() - spawnedAt
	window.requests = result.requests
	console.log(`${page}: ${result.rps.toFixed(0)} req/s at ${connections} connections, p50 ${result.latencyMs.p50} ms, p97.5 ${result.latencyMs.p97_5} ms, statuses ${JSON.stringify(result.status)}`)
} finally {
	await server.stop()
	await model.close()
	rmSync(runDir, { recursive: true, force: true })
}

const profiles = readdirSync(profileDir).filter((file) => file.endsWith('.cpuprofile'))
if (profiles.length !== 1) throw new Error(`expected one profile in ${profileDir}, found ${profiles.length}`)
summarize(path.join(profileDir, profiles[0]!), Number(options.top), window)

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

/** The package a frame belongs to: node_modules/<package>, the app's builds, node itself, or V8's pseudo-frames. */
function owner({ url, functionName }: ProfileNode['callFrame']) {
	if (!url) return functionName.startsWith('(') ? functionName : '(native)'
	const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
	if (modules) return modules[1]!
	if (url.startsWith('node:')) return 'node'
	if (url.includes('/build/server/')) return 'app (build/server)'
	if (url.includes('/server-build/')) return 'server (server-build)'
	return url.replace(/^file:\/\//, '')
}

/**
 * Time by package over the samples taken in `window` (ms since spawn; the profile starts when the
 * process does, a few ms after the spawn, so start-up and seeding are left out).
 */
function summarize(file: string, top: number, window: { from: number; to: number; requests: number }) {
	const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
	const byId = new Map(profile.nodes.map((node) => [node.id, node]))
	const parent = new Map<number, number>()
	for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)

	const self = new Map<string, number>()
	const inclusive = new Map<string, number>()
	const functions = new Map<string, number>()
	let total = 0
	let elapsedMicros = 0
	profile.samples.forEach((id, index) => {
		const delta = profile.timeDeltas[index] ?? 0
		elapsedMicros += delta
		if (elapsedMicros < window.from * 1000 || elapsedMicros > window.to * 1000) return
		const node = byId.get(id)!
		if (node.callFrame.functionName === '(idle)') return
		total += delta
		// Node's and V8's own code (a socket write, a RegExp, JSON) counts to the package that called it.
		let selfOwner = owner(node.callFrame)
		for (let at = parent.get(id); (selfOwner === 'node' || selfOwner === '(native)') && at !== undefined; at = parent.get(at)) {
			const caller = owner(byId.get(at)!.callFrame)
			if (caller !== '(root)') selfOwner = caller
		}
		self.set(selfOwner, (self.get(selfOwner) ?? 0) + delta)
		const { functionName, url, lineNumber } = node.callFrame
		const where = url ? `${functionName || '(anonymous)'} ${owner(node.callFrame)}:${lineNumber + 1}` : functionName
		functions.set(where, (functions.get(where) ?? 0) + delta)
		const seen = new Set<string>()
		for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
			const name = owner(byId.get(at)!.callFrame)
			if (name === '(root)' || seen.has(name)) continue
			seen.add(name)
			inclusive.set(name, (inclusive.get(name) ?? 0) + delta)
		}
	})
	const percent = (micros: number) => `${((micros / total) * 100).toFixed(1).padStart(5)} %`
	const rows = (map: Map<string, number>, count: number) =>
		[...map]
			.sort((a, b) => b[1] - a[1])
			.slice(0, count)
			.map(([name, micros]) => `  ${percent(micros)}  ${name}`)
			.join('\n')
	const seconds = (window.to - window.from) / 1000
	const perRequest = window.requests ? `, ${(total / 1000 / window.requests).toFixed(1)} ms per request` : ''
	console.log(`\nbusy CPU while loaded: ${(total / 1e6).toFixed(1)} s of ${seconds.toFixed(1)} s${perRequest}; profile: ${path.relative(process.cwd(), file)}`)
	console.log(`\nself time by package (node's and V8's built-ins counted to their caller)\n${rows(self, 20)}`)
	console.log(`\ninclusive time by package (a package counted once per sample)\n${rows(inclusive, 20)}`)
	console.log(`\nhottest functions (self)\n${rows(functions, top)}`)
}
