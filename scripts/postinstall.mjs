// npm's postinstall: applies patches/ to node_modules (patch-package), then generates the Prisma
// client offline (scripts/prisma-generate.mjs). Both run on every `npm ci`, production installs
// included, so the Docker stages that install copy patches/ and these scripts first.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

function run(script, args = []) {
	const result = spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' })
	if (result.error) console.error(`postinstall: ${path.relative(root, script)} could not run: ${result.error.message}`)
	if (result.status !== 0) process.exit(result.status ?? 1)
}

// The server relies on the patches (ADR 026): an install without them fails rather than run
// unpatched, and so does a patch that no longer applies (the patched package was upgraded).
if (!existsSync(path.join(root, 'patches'))) {
	console.error('postinstall: patches/ is missing; copy it before npm ci (see the Dockerfile)')
	process.exit(1)
}
run(path.join(root, 'node_modules', 'patch-package', 'index.js'), ['--error-on-fail'])
run(path.join(root, 'scripts', 'prisma-generate.mjs'))
