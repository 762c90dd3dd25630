import { rmSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres, type EmbeddedDatabase } from '#server/db/embedded.ts'
import { applyMigrations } from '#server/db/migrate.ts'

/**
 * One real PostgreSQL for the whole run (embedded, or TEST_DATABASE_URL's
 * server), with a template database migrated once. Each test file clones the
 * template into a database of its own (tests/db.ts), which takes milliseconds
 * and needs no cleanup between tests.
 */
export const TEMPLATE_DATABASE = 'callboard_test_template'

declare module 'vitest' {
	export interface ProvidedContext {
		testDatabaseAdminUrl: string
	}
}

export default async function setup(project: TestProject) {
	let embedded: EmbeddedDatabase | undefined
	let adminUrl = process.env.TEST_DATABASE_URL
	const dataDir = path.resolve('data', `test-postgres-${process.pid}`)
	if (!adminUrl) {
		embedded = await startEmbeddedPostgres({ dataDir, port: 24330 + (process.pid % 500) })
		adminUrl = embedded.adminUrl
	}

	const admin = new pg.Client({ connectionString: adminUrl })
	await admin.connect()
	await dropTestDatabases(admin)
	await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`)
	const templateUrl = new URL(adminUrl)
	templateUrl.pathname = `/${TEMPLATE_DATABASE}`
	await applyMigrations(templateUrl.toString())
	await admin.end()

	project.provide('testDatabaseAdminUrl', adminUrl)

	return async () => {
		const cleanup = new pg.Client({ connectionString: adminUrl })
		await cleanup.connect()
		await dropTestDatabases(cleanup)
		await cleanup.end()
		if (embedded) {
			await embedded.stop()
			rmSync(dataDir, { recursive: true, force: true })
		}
	}
}

async function dropTestDatabases(admin: pg.Client) {
	const { rows } = await admin.query<{ datname: string }>(
		"SELECT datname FROM pg_database WHERE datname LIKE 'callboard_test_%'",
	)
	for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`)
}
