import type { Server } from 'node:http'
import { EnvError, getEnv } from '#server/env.ts'
import { createLogger } from '#server/logger.ts'
import { openDatabaseServer } from '#server/db/database.ts'
import { applyMigrations } from '#server/db/migrate.ts'
import { createDb } from '#server/db/client.ts'
import { isDatabaseEmpty, seedDemoData } from '#server/db/seed.ts'
import { announceSetupLink } from '#server/domain/accounts/setup.ts'
import type { AppContext } from '#server/context.ts'
import { createApp } from '#server/app.ts'

const SHUTDOWN_GRACE_MS = 10_000

async function main() {
	let env
	try {
		env = getEnv()
	} catch (error) {
		if (error instanceof EnvError) {
			console.error(error.message)
			process.exit(1)
		}
		throw error
	}
	const logger = createLogger(env)

	const database = await openDatabaseServer(env, logger)
	logger.info({ database: database.description }, 'database started')
	const { applied } = await applyMigrations(database.url, { log: (message) => logger.info(message) })
	if (applied.length) logger.info({ applied }, 'migrations applied')

	const db = createDb(database.url)
	if (env.SEED_DEMO_DATA && (await isDatabaseEmpty(db))) {
		const counts = await seedDemoData(db, { today: new Date() })
		logger.info(counts, 'demo data loaded into the empty database')
	}

	const appContext: AppContext = { env, db, logger }
	await announceSetupLink(appContext)

	let shuttingDown = false
	const vite =
		env.NODE_ENV === 'development' && process.argv.includes('--dev')
			? await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }))
			: undefined
	const app = await createApp({ app: appContext, vite, isShuttingDown: () => shuttingDown })

	const server: Server = app.listen(env.PORT, env.HOST, () => {
		logger.info({ url: env.APP_URL, port: env.PORT }, `Callboard is ready at ${env.APP_URL}`)
	})
	server.on('error', async (error) => {
		logger.fatal({ err: error }, 'server failed to listen')
		await database.stop()
		process.exit(1)
	})

	const shutdown = async (signal: string) => {
		if (shuttingDown) return
		shuttingDown = true
		logger.info({ signal }, 'shutting down: draining requests')
		// Stop accepting connections; idle keep-alive sockets close now, busy ones when their response ends.
		const closed = new Promise<void>((resolve) => server.close(() => resolve()))
		server.closeIdleConnections()
		const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS)
		await closed
		clearTimeout(forced)
		await vite?.close()
		await db.$disconnect()
		await database.stop()
		logger.info('stopped')
		process.exit(0)
	}
	process.on('SIGINT', () => void shutdown('SIGINT'))
	process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

main().catch((error) => {
	console.error(error)
	process.exit(1)
})
