// `npm test`: every check the project has, in order, each reported on its own;
// fails when any fails. Ends with one "N passed, N failed" line for the tests.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const results = path.join(root, 'test-results')
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })

const steps = [
	['type-check', 'npx', ['tsc', '--noEmit']],
	['lint', 'npx', ['eslint', '--max-warnings=0', '.']],
	['unit and integration tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest-results.json']],
	['production build', 'npm', ['run', 'build']],
	['end-to-end tests (JavaScript on and off)', 'npx', ['playwright', 'test']],
]

const failed = []
for (const [name, command, args] of steps) {
	console.log(`\n━━ ${name} ━━`)
	const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, CI: process.env.CI ?? '1' } })
	if (result.status !== 0) failed.push(name)
}

function count(file, read) {
	const full = path.join(results, file)
	if (!existsSync(full)) return { passed: 0, failed: 0 }
	return read(JSON.parse(readFileSync(full, 'utf8')))
}
const unit = count('vitest-results.json', (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }))
const e2e = count('e2e-results.json', (r) => ({ passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky }))

console.log(`\nunit and integration: ${unit.passed} passed, ${unit.failed} failed; end-to-end: ${e2e.passed} passed, ${e2e.failed} failed`)
if (failed.length) console.log(`failed steps: ${failed.join(', ')}`)
console.log(`${unit.passed + e2e.passed} passed, ${unit.failed + e2e.failed + (failed.length && !(unit.failed + e2e.failed) ? failed.length : 0)} failed`)
process.exit(failed.length ? 1 : 0)
