// Bundles the server entries (server/index.ts: the web server; server/worker.ts:
// `npm run worker`) and everything they import from server/ into
// server-build/index.js and server-build/worker.js. npm packages stay external
// and are loaded from node_modules at run time, as in the Remix server build.
import { build } from 'esbuild'

await build({
	entryPoints: ['server/index.ts', 'server/worker.ts'],
	outdir: 'server-build',
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	packages: 'external',
	sourcemap: true,
	logLevel: 'warning',
	// The generated Prisma client reads import.meta.url-relative paths; keep them valid.
	banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
})
