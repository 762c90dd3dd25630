// `npm test`: every check the project has, in order, each reported on its own;
// fails when any fails. Ends with one "N passed, N failed" line: tests that
// passed and failed, plus any check (type-check, lint, build) that failed.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { e2eServerLog } from './e2e-log.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const reports = path.join(root, 'test-results')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null)

const steps = [
	// The Prisma client as the schema is now (npm ci generates it; a schema change pulled since would
	// leave the type-check and the tests running against the old one).
	{ name: 'Prisma client', command: ['node', 'scripts/prisma-generate.mjs'] },
	{ name: 'type-check', command: ['npx', 'tsc', '--noEmit'] },
	// Both read the sources and nothing else, each on one core: they run at the same time.
	{ name: 'lint', command: ['npx', 'eslint', '--max-warnings=0', '.'], alongsidePrevious: true },
	{
		name: 'unit and integration tests',
		command: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest-results.json'],
		count: () => {
			const report = readJson(path.join(reports, 'vitest-results.json'))
			return report && { passed: report.numPassedTests, failed: report.numFailedTests }
		},
	},
	{ name: 'production build', command: ['npm', 'run', 'build'] },
	{
		name: 'end-to-end tests (JavaScript on and off)',
		command: ['npx', 'playwright', 'test'],
		count: () => {
			const report = readJson(path.join(reports, 'e2e-results.json'))
			return report && { passed: report.stats.expected, failed: report.stats.unexpected + report.stats.flaky }
		},
		onFailure: printE2eEvidence,
	},
	{
		// The production build under attacks and accidents (PDF bomb, body floods, load, database
		// restart, SIGKILL while drafting): tests/resilience, with node's own test runner.
		name: 'resilience',
		command: [
			'node',
			'--import',
			'tsx',
			'--test',
			'--test-concurrency=1',
			'--test-reporter=spec',
			'--test-reporter-destination=stdout',
			'--test-reporter=tap',
			'--test-reporter-destination=test-results/resilience.tap',
			'tests/resilience/resilience.test.ts',
		],
		count: () => {
			const file = path.join(reports, 'resilience.tap')
			if (!existsSync(file)) return null
			const tap = readFileSync(file, 'utf8')
			const number = (label) => Number(new RegExp(`^# ${label} (\\d+)$`, 'm').exec(tap)?.[1] ?? 0)
			return { passed: number('pass'), failed: number('fail') }
		},
	},
]

let passed = 0
let failed = 0
const failedSteps = []
/** What failed steps left to show, printed after every step. */
const evidence = []
const env = { ...process.env, CI: process.env.CI ?? '1' }
/** The steps in runs: a step marked `alongsidePrevious` runs at the same time as the one before it. */
const runs = steps.reduce((all, step) => (step.alongsidePrevious ? [...all.slice(0, -1), [...all.at(-1), step]] : [...all, [step]]), [])
for (const run of runs) {
	// Alone, a step's output is shown as it comes; side by side, each one's whole after both end.
	const statuses =
		run.length === 1
			? [runInFront(run[0])]
			: await Promise.all(run.map(runCaptured)).then((results) =>
					results.map(({ status, output }, index) => {
						console.log(`\n━━ ${run[index].name} ━━`)
						process.stdout.write(output)
						return status
					}),
				)
	run.forEach((step, index) => record(step, statuses[index] === 0))
}

function runInFront(step) {
	console.log(`\n━━ ${step.name} ━━`)
	const [command, ...args] = step.command
	return spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status
}

function runCaptured(step) {
	const [command, ...args] = step.command
	return new Promise((resolve) => {
		const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env })
		let output = ''
		child.stdout.setEncoding('utf8')
		child.stderr.setEncoding('utf8')
		child.stdout.on('data', (chunk) => (output += chunk))
		child.stderr.on('data', (chunk) => (output += chunk))
		child.on('error', (error) => resolve({ status: 1, output: `${output}${error.message}\n` }))
		child.on('close', (status) => resolve({ status, output }))
	})
}

function record(step, ok) {
	if (!ok) {
		failedSteps.push(step.name)
		if (step.onFailure) evidence.push(step.onFailure)
	}
	const counts = step.count?.()
	if (counts) {
		passed += counts.passed
		// A runner that crashed before reporting a failure still counts as one.
		failed += counts.failed || (ok ? 0 : 1)
	} else if (!ok) {
		failed += 1
	}
}

/**
 * What a failed end-to-end test leaves that a CI log would otherwise lose, printed last so it is in
 * the log's tail: the page as the test last saw it (the accessibility snapshot of Playwright's
 * error-context.md) and what the server logged while the test ran (scripts/e2e-server.mjs keeps
 * the log, every request included).
 */
function printE2eEvidence() {
	const report = readJson(path.join(reports, 'e2e-results.json'))
	const logFile = e2eServerLog(root, process.env.E2E_PORT ?? '3100')
	const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter(Boolean) : []
	if (!report) {
		console.log(`\n── no end-to-end report; the end of the server's log (${path.relative(root, logFile)}) ──`)
		console.log(log.slice(-30).map((line) => line.slice(0, 600)).join('\n'))
		return
	}
	const failures = failedE2eResults(report.suites ?? [])
	for (const failure of failures.slice(0, 5)) {
		console.log(`\n── ${failure.title} ──`)
		const attachment = (name) => failure.result.attachments?.find((item) => item.name === name)?.path
		const context = attachment('error-context')
		if (context && existsSync(context)) {
			const text = readFileSync(context, 'utf8')
			console.log('The page when it failed:')
			console.log(clip(/```yaml\n([\s\S]*?)```/.exec(text)?.[1] ?? text, 80))
		}
		const from = Date.parse(failure.result.startTime)
		const to = from + failure.result.duration + 1_000
		const meanwhile = log.filter((line) => {
			const time = Date.parse(/"time":"([^"]+)"/.exec(line)?.[1] ?? '')
			return time >= from && time <= to
		})
		const notable = meanwhile.filter(isNotable)
		console.log(`The server meanwhile: ${meanwhile.length} log lines; warnings, errors, refusals, slow and unfinished requests (${notable.length}):`)
		console.log(clip(notable.map((line) => line.slice(0, 600)).join('\n'), 40))
		// The test's own last requests (its users are named in the report by tests/e2e/support/e2e-db.ts),
		// so a step whose request never came, or never answered, shows.
		const users = (failure.result.annotations ?? []).filter((note) => note.type === 'e2e user').map((note) => note.description)
		const requests = meanwhile.filter((line) => users.some((id) => line.includes(`"userId":"${id}"`)) && line.includes('"method":')).slice(-15)
		if (requests.length) console.log(`Its users' last ${requests.length} requests:\n${requests.map(summarizeRequest).join('\n')}`)
		const trace = attachment('trace')
		if (trace) console.log(`The browser's side, requests included: npx playwright show-trace ${path.relative(root, trace)}`)
	}
	if (failures.length > 5) console.log(`\n… and ${failures.length - 5} more failed results (test-results/e2e-results.json)`)
}

/** One request log line as "12:09:27.769 GET /path 404 7.8 ms". */
function summarizeRequest(line) {
	try {
		const { time, method, path: requestPath, status, durationMs } = JSON.parse(line)
		return `${String(time).slice(11, 23)} ${method} ${String(requestPath).slice(0, 120)} ${status ?? 'unfinished'} ${durationMs ?? '?'} ms`
	} catch {
		return line.slice(0, 200)
	}
}

/** A warning or worse, or a request that failed, took a second or more, or never finished. */
function isNotable(line) {
	try {
		const entry = JSON.parse(line)
		return entry.level >= 40 || entry.status >= 400 || entry.status === null || entry.durationMs >= 1_000 || entry.msg !== 'request'
	} catch {
		return true // a line cut short
	}
}

/** The results that failed, with their test's title, from Playwright's JSON report. */
function failedE2eResults(suites, parents = []) {
	return suites.flatMap((suite) => {
		const titles = suite.title ? [...parents, suite.title] : parents
		const own = (suite.specs ?? []).flatMap((spec) =>
			spec.tests.flatMap((test) =>
				test.results
					.filter((result) => result.status !== 'passed' && result.status !== 'skipped')
					.map((result) => ({ title: `[${test.projectName}] ${[...titles, spec.title].join(' › ')}`, result })),
			),
		)
		return [...own, ...failedE2eResults(suite.suites ?? [], titles)]
	})
}

function clip(text, lines) {
	const all = text.split('\n')
	return all.length > lines ? [...all.slice(0, lines), `… ${all.length - lines} more lines`].join('\n') : text
}

for (const print of evidence) print()
console.log(failedSteps.length ? `\nfailed: ${failedSteps.join(', ')}` : '\nevery check passed')
console.log(`${passed} passed, ${failed} failed`)
process.exit(failedSteps.length ? 1 : 0)
