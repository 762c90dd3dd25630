import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { PROJECT_ROOT } from '#server/paths.ts'

/**
 * `npm run worker` from the sources (server/worker.ts through tsx) in a child process, for tests of
 * what crosses processes. `env` comes on top of this process's environment; the output is kept for
 * a failure's message.
 */
export function startWorkerProcess(env: Record<string, string>): ChildProcess & { output: () => string } {
	const worker = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'server/worker.ts')], {
		cwd: PROJECT_ROOT,
		stdio: ['ignore', 'pipe', 'pipe'],
		env: { ...process.env, ...env },
	})
	let output = ''
	worker.stdout?.on('data', (chunk) => (output += chunk))
	worker.stderr?.on('data', (chunk) => (output += chunk))
	worker.on('exit', (code, signal) => {
		if (code && !signal) console.error(`worker exited with ${code}:\n${output}`)
	})
	return Object.assign(worker, { output: () => output })
}
