// `npm start`: builds when the build is missing or older than the sources,
// then runs the production server (`--worker`, as in `npm run worker`: only the
// job workers). Signals are passed on, so Ctrl-C stops the server and its
// embedded database cleanly.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outputs = ['build/server/index.js', 'server-build/index.js', 'server-build/worker.js'].map((file) => path.join(root, file))
const entry = process.argv.includes('--worker') ? 'server-build/worker.js' : 'server-build/index.js'
const sources = ['app', 'server', 'prisma/schema.prisma', 'package-lock.json', 'vite.config.ts']

function newestMtime(target) {
	if (!existsSync(target)) return 0
	const stat = statSync(target)
	if (!stat.isDirectory()) return stat.mtimeMs
	let newest = 0
	for (const entry of readdirSync(target)) {
		if (entry === 'generated' || entry === 'node_modules') continue
		newest = Math.max(newest, newestMtime(path.join(target, entry)))
	}
	return newest
}

const builtAt = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)))
const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))))
if (builtAt === 0 || changedAt > builtAt) {
	console.log(builtAt === 0 ? 'No build found: building…' : 'Sources changed since the last build: rebuilding…')
	const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
	if (result.status !== 0) process.exit(result.status ?? 1)
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, entry)], {
	cwd: root,
	stdio: 'inherit',
	env: { NODE_ENV: 'production', ...process.env },
})
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))

// A supervisor (systemd, pm2) that stops `npm start` may signal npm alone, which does not always pass
// the signal on: when the process that started this one is gone, stop the server as if told to.
const parent = process.ppid
setInterval(() => {
	if (process.ppid !== parent) server.kill('SIGTERM')
}, 1_000).unref()
