// Generates the Prisma client without touching the network.
//
// The Prisma CLI downloads a native schema engine before every command, even
// `generate`, which only needs the WebAssembly generator. Pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file skips that download
// (see docs/decisions/002-offline-prisma-migrations.md).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import path from 'node:path'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const cli = path.join(root, 'node_modules', 'prisma', 'build', 'index.js')

if (!existsSync(cli)) {
	// Production installs (`npm ci --omit=dev`) have no CLI; they ship a generated client.
	process.exit(0)
}

const result = spawnSync(process.execPath, [cli, 'generate'], {
	cwd: root,
	stdio: ['ignore', 'inherit', 'inherit'],
	env: {
		...process.env,
		PRISMA_SCHEMA_ENGINE_BINARY: fileURLToPath(import.meta.url),
		PRISMA_HIDE_UPDATE_MESSAGE: '1',
	},
})
process.exit(result.status ?? 1)
