// `npm test`: every check the project has, in order, each reported on its own;
// fails when any fails. Ends with one "N passed, N failed" line: tests that
// passed and failed, plus any check (type-check, lint, build) that failed.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const reports = path.join(root, 'test-results')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null)

const steps = [
	{ name: 'type-check', command: ['npx', 'tsc', '--noEmit'] },
	{ name: 'lint', command: ['npx', 'eslint', '--max-warnings=0', '.'] },
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
for (const step of steps) {
	console.log(`\n━━ ${step.name} ━━`)
	const [command, ...args] = step.command
	const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, CI: process.env.CI ?? '1' } })
	const ok = result.status === 0
	if (!ok) failedSteps.push(step.name)
	const counts = step.count?.()
	if (counts) {
		passed += counts.passed
		// A runner that crashed before reporting a failure still counts as one.
		failed += counts.failed || (ok ? 0 : 1)
	} else if (!ok) {
		failed += 1
	}
}

console.log(failedSteps.length ? `\nfailed: ${failedSteps.join(', ')}` : '\nevery check passed')
console.log(`${passed} passed, ${failed} failed`)
process.exit(failedSteps.length ? 1 : 0)
