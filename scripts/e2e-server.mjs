// Runs the production build for the end-to-end tests on a database of its
// own, recreated on every run so tests start from the demo data alone.
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const port = process.env.E2E_PORT ?? '3100'
// One directory per port, so runs on different ports (E2E_PORT) never share a database.
const dataDir = path.join(root, 'data', port === '3100' ? 'e2e' : `e2e-${port}`)
rmSync(dataDir, { recursive: true, force: true })
const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'server-build/index.js')], {
	cwd: root,
	stdio: 'inherit',
	env: {
		...process.env,
		NODE_ENV: 'production',
		PORT: port,
		APP_URL: `http://localhost:${port}`,
		DATA_DIR: dataDir,
		DATABASE_URL: '',
		EMBEDDED_DATABASE_PORT: String(Number(port) + 51300),
		SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
		LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
		// The development outbox page, where the tests read the e-mails the app sends.
		OUTBOX_PAGE: 'true',
		// Integrations stay on their local implementations.
		SMTP_URL: '',
		S3_BUCKET: '',
		ANTHROPIC_API_KEY: '',
		STRIPE_SECRET_KEY: '',
	},
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
