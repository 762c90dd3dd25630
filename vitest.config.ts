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
		testTimeout: 20_000,
		hookTimeout: 60_000,
		env: { NODE_ENV: 'test' },
	},
})
