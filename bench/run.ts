// npm run bench [-- --quick] [-- --no-build] [-- --json <path>]
//
// The performance goals of issue #13, measured on this machine against the production server
// started as `npm start` starts it, with its own embedded database seeded to scale (100,000 open
// calls, 2,000 signed-in artists). Figures on a shared 2-core machine are noisy, so every rate is
// read as a fraction of a bare node:http server's, measured in the same run right before it.
// Prints a table per section with each goal and PASS/MISS, and writes every figure to JSON.
// Exits 0 whatever the figures (it is a measurement); non-zero only when the bench itself failed.
//
// This file is the driver; bench/processes.ts starts the servers, bench/seed.ts fills the
// database, bench/measure.ts measures and bench/report.ts holds the goals and prints.
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { startFakeAnthropic } from '../tests/fakes/anthropic-server.ts'
import {
	cacheability,
	load,
	measureDrafting,
	measurePage,
	pageScripts,
	pageWeight,
	rotation,
	type DraftingResult,
	type Durations,
	type Endpoint,
	type LoadResult,
	type PageResult,
	type PageWeight,
	type ScriptWeight,
	type Target,
} from './measure.ts'
import { ROOT, startBaseline, startFloorServer, startProductionServer } from './processes.ts'
import { asVisitors, autosaves, draftPages, FEEDS, floorSaves } from './targets.ts'
import {
	autosaveRows,
	draftingRow,
	flatRow,
	floorRows,
	formatRate,
	formatShare,
	mixCheck,
	pageRow,
	printTable,
	verdict,
	weightChecks,
	type Check,
	type FlatResult,
	type PageKind,
	type PageOutcome,
} from './report.ts'
import {
	countOpen,
	growCatalogue,
	opportunityWithQuestions,
	sampleOpenOpportunities,
	seedArtists,
	seedDrafts,
	vacuumAnalyze,
	type DraftFixture,
} from './seed.ts'

const USAGE = `npm run bench [-- options]
  --quick        about 2 s per measurement, fewer page variants, a 10 s mix: about 2 minutes (CI)
  --no-build     measure the existing build: run server-build/index.js directly instead of
                 scripts/start.mjs, which rebuilds when the sources are newer than the build
  --json <path>  where to write the figures (default data/bench/results-<timestamp>.json)`

function parseOptions() {
	try {
		return parseArgs({
			options: {
				quick: { type: 'boolean', default: false },
				'no-build': { type: 'boolean', default: false },
				json: { type: 'string' },
				help: { type: 'boolean', default: false },
			},
		}).values
	} catch (error) {
		console.error(`${error instanceof Error ? error.message : error}\n\n${USAGE}`)
		process.exit(2)
	}
}
const args = parseOptions()
if (args.help) {
	console.log(USAGE)
	process.exit(0)
}

// Ports of the bench's own (the old bench's): never the dev server's, the e2e servers' or the tests'.
const PORT = 3290
const DATABASE_PORT = 25590
/** Connect by address; the app expects the Host its APP_URL names (it checks Origin against it). */
const APP: Endpoint & { origin: string } = { url: `http://127.0.0.1:${PORT}`, host: `localhost:${PORT}`, origin: `http://localhost:${PORT}` }

const QUICK = args.quick
const DURATIONS: Durations = QUICK ? { warmupSeconds: 1, seconds: 2 } : { warmupSeconds: 2, seconds: 8 }
const MIX_SECONDS = QUICK ? 10 : 60
const MIX_CONNECTIONS = 200
/** The model answers every request after exactly this long, so drafting reads as a ratio to it. */
const MODEL_LATENCY_MS = 1_000
const DRAFT_QUESTIONS = 10
const DRAFTING_RUNS = QUICK ? 3 : 5
const ARTISTS = 2_000
const ADMINS = 10
/** Artists with a ten-answer draft: the draft page and autosave rotate over them. */
const DRAFT_OWNERS = 50
const GROWTH = 100_000
/** The opportunity page rotates over this many open calls. */
const OPPORTUNITY_SAMPLE = 500

const startedAt = new Date()
const stamp = startedAt.toISOString().replace(/[:.]/g, '-')
const benchDir = path.join(ROOT, 'data', 'bench')
const runDir = path.join(benchDir, `run-${stamp}`)
const logFile = path.join(benchDir, `server-${stamp}.log`)
const jsonPath = path.resolve(args.json ?? path.join(benchDir, `results-${stamp}.json`))

/** Undone in reverse order on the way out, whatever happened (and on Ctrl-C). */
const cleanups: { what: string; run: () => Promise<unknown> | unknown }[] = []
async function cleanUp() {
	for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) {
		try {
			await cleanup.run()
		} catch (error) {
			console.error(`cleaning up (${cleanup.what}) failed:`, error)
		}
	}
}
process.once('SIGINT', () => {
	console.error('\ninterrupted: stopping the server…')
	void cleanUp().finally(() => process.exit(130))
})

function git(...gitArgs: string[]) {
	try {
		return execFileSync('git', gitArgs, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
	} catch {
		return null
	}
}

function progress(message: string) {
	const elapsed = ((performance.now() - started) / 1000).toFixed(0).padStart(4)
	console.error(`[${elapsed} s] ${message}`)
}

const started = performance.now()
const results = {
	completed: false,
	error: null as string | null,
	startedAt: startedAt.toISOString(),
	finishedAt: null as string | null,
	wallSeconds: null as number | null,
	commit: git('rev-parse', 'HEAD'),
	/** The working tree differed from the commit (others' uncommitted edits were measured too). */
	localChanges: git('status', '--porcelain', '--untracked-files=no') ? true : false,
	node: process.version,
	cpus: availableParallelism(),
	cpuModel: cpus()[0]?.model ?? null,
	options: {
		quick: QUICK,
		noBuild: args['no-build'],
		json: jsonPath,
		...DURATIONS,
		mixSeconds: MIX_SECONDS,
		mixConnections: MIX_CONNECTIONS,
		webConcurrency: process.env.WEB_CONCURRENCY ?? null,
	},
	server: {
		readySeconds: null as number | null,
		/** WEB_CONCURRENCY, else the server's production default: one per core. */
		webProcesses: Number(process.env.WEB_CONCURRENCY) || availableParallelism(),
		/** Warnings and errors the server logged while it was measured (see logFile). */
		linesLoggedUnderLoad: null as number | null,
		logFile: null as string | null,
	},
	catalogue: { demoOpen: null as number | null, grownOpen: null as number | null, artists: ARTISTS, admins: ADMINS, drafts: DRAFT_OWNERS },
	pages: [] as PageOutcome[],
	flatWithSize: [] as FlatResult[],
	weight: null as { feed: PageWeight; landing: PageWeight; scripts: ScriptWeight } | null,
	autosave: null as { at10: LoadResult; at50: LoadResult } | null,
	/** The stack's floor in this run (bench/floor-server.tsx): what the goals above it are read against. */
	floor: null as { document: PageResult; mutation: PageResult } | null,
	floorError: null as string | null,
	drafting: null as DraftingResult | null,
	mix: null as LoadResult | null,
	checks: [] as Check[],
}

async function main() {
	console.log(`Callboard bench${QUICK ? ' (quick)' : ''}: commit ${results.commit?.slice(0, 10) ?? 'unknown'}${results.localChanges ? ' with local changes' : ''}, node ${results.node}, ${results.cpus} CPUs`)
	console.log(`Each page: warm-up ${DURATIONS.warmupSeconds} s, then bare node:http and the page for ${DURATIONS.seconds} s each at 10 connections, then both at 50.`)

	mkdirSync(benchDir, { recursive: true })
	const baseline = await startBaseline()
	cleanups.push({ what: 'the baseline server', run: () => baseline.stop() })
	const model = await startFakeAnthropic({ latencyMs: MODEL_LATENCY_MS })
	cleanups.push({ what: 'the fake model', run: () => model.close() })
	mkdirSync(runDir, { recursive: true })
	cleanups.push({ what: `removing ${runDir}`, run: () => rmSync(runDir, { recursive: true, force: true }) })

	progress(args['no-build'] ? 'starting server-build/index.js (no build check)…' : 'starting the server with scripts/start.mjs (it builds first if the build is stale)…')
	const server = await startProductionServer({
		port: PORT,
		databasePort: DATABASE_PORT,
		dataDir: runDir,
		modelUrl: model.url,
		logFile,
		noBuild: args['no-build'],
	})
	cleanups.push({
		what: 'the server',
		run: async () => {
			results.server.linesLoggedUnderLoad = server.linesLoggedUnderLoad()
			await server.stop()
			// Kept beside the results only when the server had something to say while measured.
			if (results.server.linesLoggedUnderLoad === 0) rmSync(logFile, { force: true })
			else results.server.logFile = logFile
		},
	})
	results.server.readySeconds = server.readySeconds
	progress(`ready in ${server.readySeconds.toFixed(1)} s, ${results.server.webProcesses} web processes (WEB_CONCURRENCY ${process.env.WEB_CONCURRENCY ?? 'unset'})`)

	const db = new pg.Client({ connectionString: server.databaseUrl })
	await db.connect()
	cleanups.push({ what: 'the database connection', run: () => db.end() })

	progress(`seeding ${ARTISTS.toLocaleString('en')} artists with sessions and ${DRAFT_OWNERS} drafts…`)
	const { artists, admins } = await seedArtists(db, { count: ARTISTS, admins: ADMINS })
	const drafts = await seedDrafts(db, artists.slice(0, DRAFT_OWNERS))
	const draftingOpportunity = await opportunityWithQuestions(db, DRAFT_QUESTIONS)
	await vacuumAnalyze(db)
	results.catalogue.demoOpen = await countOpen(db)

	const measured = async (kind: PageKind, stage: string | null, target: Target) => {
		const { name } = target
		const outcome: PageOutcome = { name, kind, stage }
		try {
			outcome.result = await measurePage(APP, baseline, target, DURATIONS)
			const { at10, at50, ratio50 } = outcome.result
			progress(`${name}${stage ? ` (${stage})` : ''}: ${formatRate(at10.rps)} req/s @10 (p97.5 ${at10.latencyMs.p97_5} ms), ${formatRate(at50.rps)} req/s @50 = ${formatShare(ratio50)} of bare`)
		} catch (error) {
			outcome.error = error instanceof Error ? error.message : String(error)
			progress(`${name}${stage ? ` (${stage})` : ''}: ${outcome.error}`)
			if (!server.alive()) throw new Error(`the server died:\n${server.lastLines().join('\n')}`)
		}
		results.pages.push(outcome)
		return outcome
	}
	const printPages = (title: string, outcomes: PageOutcome[]) => {
		const rows = outcomes.map(pageRow)
		results.checks.push(...rows.flatMap((row) => row.checks))
		printTable(title, rows.map((row) => row.row))
	}

	// Public pages, signed out.
	const publicPages = [
		{ path: '/healthz', kind: 'health' as const, quick: false },
		{ path: '/', kind: 'public' as const, quick: true },
		{ path: '/pricing', kind: 'public' as const, quick: false },
		{ path: '/signin', kind: 'public' as const, quick: false },
	]
	const publicOutcomes = []
	for (const page of publicPages.filter((page) => page.quick || !QUICK)) {
		const outcome = await measured(page.kind, null, { name: page.path, fixed: { path: page.path } })
		if (page.kind === 'public') outcome.cache = await cacheability(APP, page.path)
		publicOutcomes.push(outcome)
	}
	printPages('Public pages, signed out (goal: ≥ 1/25 of bare Node @50, p97.5 < 50 ms @10, cacheable)', publicOutcomes)

	const feeds = FEEDS.filter((feed) => feed.quick || !QUICK)
	const adminList = () => asVisitors('admin opportunities', admins, () => '/admin/opportunities')
	const demoStage = `${results.catalogue.demoOpen} open`

	const small: PageOutcome[] = []
	for (const feed of feeds) small.push(await measured('signed-in', demoStage, asVisitors(feed.name, artists, feed.path)))
	if (!QUICK) small.push(await measured('signed-in', demoStage, adminList()))
	printPages(`Signed in, demo catalogue (${demoStage}) (goal: ≥ 1/100 of bare Node @50, p97.5 < 150 ms @10, ≤ 3 db round trips)`, small)

	// Drafting against the slow fake model, then autosave over tRPC.
	progress(`drafting: a draft per web process to warm up, then ${DRAFTING_RUNS} drafts of ${DRAFT_QUESTIONS} questions, the model answering after ${MODEL_LATENCY_MS} ms…`)
	const drafter = artists[0]!
	results.drafting = await measureDrafting(APP, db, {
		cookie: drafter.cookie,
		opportunityId: draftingOpportunity,
		questions: DRAFT_QUESTIONS,
		modelLatencyMs: MODEL_LATENCY_MS,
		// One per web process, each taking its first Generate; the first of them also warms the job
		// worker, which runs in the first process.
		warmups: results.server.webProcesses,
		runs: DRAFTING_RUNS,
	})
	const drafting = draftingRow(results.drafting)
	results.checks.push(drafting.check)
	printTable(`Drafting: a ${DRAFT_QUESTIONS}-question draft, model latency fixed at ${MODEL_LATENCY_MS / 1000} s (goal: ≤ 1.5 s)`, [drafting.row])

	results.autosave = await measureAutosave(drafts)
	const autosave = autosaveRows(results.autosave)
	results.checks.push(autosave.check)
	printTable('Autosave: drafts.saveAnswer over tRPC, a fresh revision per call (goal: ≥ 1,000 calls/s)', autosave.rows)

	// The stack's floor on the same machine, database and load: what no page or call of the app can beat.
	progress("the stack's floor: Express, Remix, React, tRPC, zod and Prisma with nothing of Callboard's…")
	const floorTitle = "The stack's floor: one web process per core, nothing of Callboard's (no goal of its own; docs/performance.md)"
	try {
		const floor = await startFloorServer(server.databaseUrl)
		try {
			results.floor = {
				document: await measurePage(floor, baseline, { name: 'floor: Remix document', fixed: { path: '/' } }, DURATIONS),
				mutation: await measurePage(floor, baseline, floorSaves(APP.origin, drafts), DURATIONS),
			}
		} finally {
			await floor.stop()
		}
		printTable(floorTitle, floorRows(results.floor, small, results.autosave.at50))
	} catch (error) {
		// A reference, not a goal: the app's figures stand without it.
		results.floorError = error instanceof Error ? error.message : String(error)
		printTable(floorTitle, [{ floor: 'not measured', error: results.floorError }])
	}

	// The catalogue grown to its scale target.
	progress(`growing the catalogue by ${GROWTH.toLocaleString('en')} open calls…`)
	await growCatalogue(db, GROWTH)
	await vacuumAnalyze(db)
	results.catalogue.grownOpen = await countOpen(db)
	const grownStage = `${results.catalogue.grownOpen.toLocaleString('en')} open`
	progress(`${grownStage}`)
	const opportunityIds = await sampleOpenOpportunities(db, OPPORTUNITY_SAMPLE)
	const nextOpportunity = rotation(opportunityIds)
	const opportunityPage = asVisitors('opportunity', artists, () => `/portal/opportunities/${nextOpportunity()}`)
	const draftPage = draftPages(drafts)

	const large: PageOutcome[] = []
	for (const feed of feeds) large.push(await measured('signed-in', grownStage, asVisitors(feed.name, artists, feed.path)))
	large.push(await measured('signed-in', grownStage, opportunityPage))
	large.push(await measured('signed-in', grownStage, draftPage))
	if (!QUICK) {
		large.push(await measured('signed-in', grownStage, asVisitors('admin', admins, () => '/admin')))
		large.push(await measured('signed-in', grownStage, adminList()))
	}
	printPages(`Signed in, grown catalogue (${grownStage}) (goal: ≥ 1/100 of bare Node @50, p97.5 < 150 ms @10, ≤ 3 db round trips)`, large)

	const flat = small.map((outcome) => flatRow(outcome.name, outcome, large.find((other) => other.name === outcome.name)))
	results.flatWithSize = flat.map((entry) => entry.result)
	results.checks.push(...flat.map((entry) => entry.check))
	printTable(`Flat with size: from ${demoStage} to ${grownStage}, as shares of bare Node (goal: within 1.5×)`, flat.map((entry) => entry.row))

	// Page weight: the feed at scale (24 cards) and the landing page with its JavaScript.
	progress('page weight…')
	const feedSpec = { path: '/portal/feed', headers: { cookie: artists[1]!.cookie } }
	results.weight = { feed: await pageWeight(APP, feedSpec), landing: await pageWeight(APP, { path: '/' }), scripts: await pageScripts(APP, '/') }
	const weight = weightChecks(results.weight)
	results.checks.push(...weight.filter((check) => check.pass !== null))
	printTable('Page weight (kB = 1,000 bytes)', weight.map(({ subject, figure, goal, pass }) => ({ subject, figure, goal, result: verdict(pass) })))

	// Both cores under the page mix: every connection cycles through it.
	progress(`${MIX_CONNECTIONS} connections over the page mix for ${MIX_SECONDS} s…`)
	const mixTargets: Target[] = [
		{ name: '/', fixed: { path: '/' } },
		{ name: '/pricing', fixed: { path: '/pricing' } },
		{ name: '/signin', fixed: { path: '/signin' } },
		...FEEDS.map((feed) => asVisitors(feed.name, artists, feed.path)),
		opportunityPage,
		draftPage,
	]
	results.mix = await load(APP, mixTargets, { connections: MIX_CONNECTIONS, seconds: MIX_SECONDS })
	const mix = mixCheck(results.mix)
	results.checks.push(...mix.checks)
	printTable(`${MIX_CONNECTIONS} connections over the page mix: ${mixTargets.map((target) => target.name).join(' · ')} (goal: 0 errors, p99 < 2 s)`, [mix.row])
	if (!server.alive()) throw new Error(`the server died under the mix:\n${server.lastLines().join('\n')}`)

	results.completed = true
}

/** Autosave at 10 and 50 connections. */
async function measureAutosave(drafts: DraftFixture[]) {
	progress('autosave…')
	const target = autosaves(APP.origin, drafts)
	await load(APP, [target], { connections: 10, seconds: DURATIONS.warmupSeconds })
	const at10 = await load(APP, [target], { connections: 10, seconds: DURATIONS.seconds })
	const at50 = await load(APP, [target], { connections: 50, seconds: DURATIONS.seconds })
	return { at10, at50 }
}

function printSummary() {
	const passed = results.checks.filter((check) => check.pass === true)
	const missed = results.checks.filter((check) => check.pass === false)
	const unknown = results.checks.filter((check) => check.pass === null)
	console.log(`\n${passed.length} PASS, ${missed.length} MISS, ${unknown.length} n/a`)
	for (const check of missed) console.log(`  MISS ${check.subject}: ${check.figure} (goal ${check.goal})`)
	for (const check of unknown) console.log(`  n/a  ${check.subject} (goal ${check.goal})`)
}

try {
	await main()
} catch (error) {
	results.error = error instanceof Error ? (error.stack ?? error.message) : String(error)
	console.error(`\nThe bench failed: ${results.error}`)
	process.exitCode = 1
} finally {
	await cleanUp()
	results.finishedAt = new Date().toISOString()
	results.wallSeconds = Math.round((performance.now() - started) / 100) / 10
	if (results.completed) printSummary()
	mkdirSync(path.dirname(jsonPath), { recursive: true })
	writeFileSync(jsonPath, `${JSON.stringify(results, null, '\t')}\n`)
	console.log(`\n${results.completed ? 'Figures' : 'Partial figures'} written to ${path.relative(process.cwd(), jsonPath)}; wall time ${results.wallSeconds} s.`)
	if (results.server.logFile) console.log(`The server logged ${results.server.linesLoggedUnderLoad} lines while measured: ${path.relative(process.cwd(), results.server.logFile)}`)
	// Nothing is left to wait for; an SDK keep-alive socket or timer must not hold the exit.
	process.exit()
}
