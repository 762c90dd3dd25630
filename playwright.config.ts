import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3100)
export const BASE_URL = `http://localhost:${PORT}`

// Playwright cannot download its own browser here; use the system Chromium when there is one.
const systemChromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((file) => file && existsSync(file))

const chromium = {
	...devices['Desktop Chrome'],
	launchOptions: {
		executablePath: systemChromium,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	},
}

export default defineConfig({
	testDir: 'tests/e2e',
	// Playwright empties its output folder on every run; the reports of other tools live beside it.
	outputDir: 'test-results/e2e',
	fullyParallel: false,
	forbidOnly: Boolean(process.env.CI),
	retries: 0,
	// Two files at once against the one server: each test makes its own artists and calls, and a
	// test with a server of its own gives it a port per project. One worker left the 2-core machine
	// a fifth idle (the e2e step: 7.7 min with one, 6.4 with two). E2E_WORKERS=1 runs them in turn.
	workers: Number(process.env.E2E_WORKERS || 2),
	// A ceiling for a test that hangs, not a measure of speed (that is `npm run bench`): the long
	// journeys take 40-58 s beside another on a slow 2-core machine (2026-12-07), so room for twice that.
	timeout: 120_000,
	// And for the whole run in CI, well inside CI's 90 minutes (the e2e step takes about ten).
	globalTimeout: process.env.CI ? 45 * 60_000 : undefined,
	expect: { timeout: 7_500 },
	reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]] : 'list',
	use: {
		baseURL: BASE_URL,
		trace: 'retain-on-failure',
		screenshot: 'only-on-failure',
	},
	projects: [
		{ name: 'js', use: { ...chromium } },
		// Tests tagged @js-only check JavaScript enhancements (or need no browser at all).
		{ name: 'no-js', use: { ...chromium, javaScriptEnabled: false }, grepInvert: /@js-only/ },
	],
	webServer: {
		// The production build on a fresh embedded database (see scripts/e2e-server.mjs).
		command: 'node scripts/e2e-server.mjs',
		url: `${BASE_URL}/readyz`,
		reuseExistingServer: !process.env.CI,
		timeout: 120_000,
		stdout: 'ignore',
		stderr: 'pipe',
		env: { E2E_PORT: String(PORT) },
	},
})
