import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The folder holding package.json. Found by walking up from this module,
 * because the same code runs from server/ (tsx, tests) and from the bundled
 * server-build/index.js, which sit at different depths.
 */
function findProjectRoot(from: string) {
	let dir = from
	while (!existsSync(path.join(dir, 'package.json'))) {
		const parent = path.dirname(dir)
		if (parent === dir) throw new Error(`No package.json above ${from}`)
		dir = parent
	}
	return dir
}

export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)))
