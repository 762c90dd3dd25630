import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
	resolve: {
		alias: {
			'#app': new URL('./app', import.meta.url).pathname,
			'#server': new URL('./server', import.meta.url).pathname,
			'#tests': new URL('./tests', import.meta.url).pathname,
		},
	},
	test: {
		include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/**/*.test.ts'],
		// The end-to-end (Playwright) and resilience (node:test, npm run test:resilience) suites run on their own.
		exclude: ['tests/e2e/**', 'tests/resilience/**', 'node_modules/**'],
		globalSetup: ['tests/setup/global-setup.ts'],
		// Integration tests share one PostgreSQL server; each test file gets its own database, closed
		// after the file by tests/db.ts (no setup file: one would load Prisma for every file).
		pool: 'forks',
		// Vitest runs cpus - 1 files at once, which is one on a 2-core CI machine; these files wait on
		// PostgreSQL much of the time, so two at once take about 150 s instead of 220.
		maxWorkers: Math.max(2, availableParallelism() - 1),
		testTimeout: 20_000,
		hookTimeout: 60_000,
		env: { NODE_ENV: 'test' },
	},
})
