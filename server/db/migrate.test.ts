import { createHash } from 'node:crypto'
import { appendFile, cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { freePort } from '#tests/free-port.ts'
import { createDatabaseIfMissing } from './database.ts'
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts'
import { applyMigrations, diffMigrationsAgainstSchema } from './migrate.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const migrationsDir = path.join(root, 'prisma', 'migrations')
// The schema engine boots PGlite or replays migrations: seconds, not milliseconds.
const SLOW = 120_000

describe('prisma/migrations', () => {
	test('agree with prisma/schema.prisma (run `npm run db:migration:new -- <name>` if not)', async () => {
		expect(await diffMigrationsAgainstSchema()).toBe('')
	}, SLOW)

	test('disagree as soon as the schema changes without a migration', async () => {
		const dir = await mkdtemp(path.join(os.tmpdir(), 'callboard-schema-'))
		try {
			const schema = await readFile(path.join(root, 'prisma', 'schema.prisma'), 'utf8')
			const schemaPath = path.join(dir, 'schema.prisma')
			await writeFile(schemaPath, schema.replace('model Password {', 'model Password {\n  hint String?'))

			expect(await diffMigrationsAgainstSchema({ schemaPath })).toContain(
				'ALTER TABLE "passwords" ADD COLUMN     "hint" TEXT',
			)
		} finally {
			await rm(dir, { recursive: true, force: true })
		}
	}, SLOW)
})

describe('applyMigrations on a real PostgreSQL', () => {
	// Under the project, not os.tmpdir(): as root, PostgreSQL runs as `postgres`,
	// which must reach every folder above its data directory.
	const dataDir = path.join(root, 'data', `test-migrate-${process.pid}`)
	let server: EmbeddedDatabase
	let databases = 0
	const newDatabase = async () => {
		const name = `migrate_test_${++databases}`
		await createDatabaseIfMissing(server.adminUrl, name)
		return server.urlFor(name)
	}

	beforeAll(async () => {
		server = await startEmbeddedPostgres({ dataDir, port: await freePort() })
	}, SLOW)

	afterAll(async () => {
		await server?.stop()
		await rm(dataDir, { recursive: true, force: true })
	})

	test('creates the tables, records checksums like the Prisma CLI, and is idempotent', async () => {
		const url = await newDatabase()
		const names = await migrationNames(migrationsDir)

		expect(await applyMigrations(url)).toEqual({ applied: names })
		expect(await applyMigrations(url)).toEqual({ applied: [] })

		await withClient(url, async (client) => {
			const { rows: tables } = await client.query<{ table_name: string }>(
				"SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
			)
			expect(tables.map((t) => t.table_name)).toEqual(
				expect.arrayContaining(['users', 'profiles', 'opportunities', 'drafts', 'credit_ledger']),
			)

			const { rows } = await client.query<{ migration_name: string; checksum: string }>(
				'SELECT migration_name, checksum FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name',
			)
			const expected = await Promise.all(
				names.map(async (name) => ({
					migration_name: name,
					checksum: sha256(await readFile(path.join(migrationsDir, name, 'migration.sql'))),
				})),
			)
			expect(rows).toEqual(expected)
		})
	}, SLOW)

	test('applies each migration once when two processes start at the same time', async () => {
		const url = await newDatabase()
		const runs = await Promise.all([applyMigrations(url), applyMigrations(url)])

		expect(runs.flatMap((run) => run.applied)).toEqual(await migrationNames(migrationsDir))
	}, SLOW)

	test('refuses to run when an applied migration was edited afterwards', async () => {
		const dir = await mkdtemp(path.join(os.tmpdir(), 'callboard-migrations-'))
		try {
			await cp(migrationsDir, dir, { recursive: true })
			const url = await newDatabase()
			await applyMigrations(url, { migrationsDir: dir })

			const [first] = await migrationNames(dir)
			await appendFile(path.join(dir, first!, 'migration.sql'), '\n-- an afterthought\n')

			await expect(applyMigrations(url, { migrationsDir: dir })).rejects.toThrow(
				`These migrations were edited after they were applied: ${first}`,
			)
		} finally {
			await rm(dir, { recursive: true, force: true })
		}
	}, SLOW)

	describe('CHECK constraints', () => {
		let url: string

		// One valid row in every constrained table; each case then breaks one rule.
		beforeAll(async () => {
			url = await newDatabase()
			await applyMigrations(url)
			await withClient(url, (client) =>
				client.query(`
					INSERT INTO users (id, email, updated_at) VALUES ('00000000-0000-0000-0000-000000000001', 'ada@example.com', now());
					INSERT INTO profiles (user_id, credits_remaining, updated_at) VALUES ('00000000-0000-0000-0000-000000000001', 3, now());
					INSERT INTO credit_ledger (user_id, delta, balance_after, reason)
						VALUES ('00000000-0000-0000-0000-000000000001', 3, 3, 'first_login_grant');
					INSERT INTO opportunities (id, title, category, url, slug, tags)
						VALUES ('00000000-0000-0000-0000-000000000002', 'Summer residency', 'residency', 'https://example.com', 'summer-residency', '{painting}');
					INSERT INTO opportunity_questions (opportunity_id, label, slug, order_index, prompt, idx, limit_type, limit_value, updated_at)
						VALUES ('00000000-0000-0000-0000-000000000002', 'Artist statement', 'artist-statement', 0, 'Artist statement', 0, 'words', 300, now());
					INSERT INTO question_contexts (id, user_id, opportunity_id, question_slug, notes, updated_at)
						VALUES ('00000000-0000-0000-0000-000000000003', '00000000-0000-0000-0000-000000000001',
							'00000000-0000-0000-0000-000000000002', 'artist-statement', 'Mention the mural.', now());
					INSERT INTO context_files (context_id, name, content_type, size, storage_path)
						VALUES ('00000000-0000-0000-0000-000000000003', 'cv.pdf', 'application/pdf', 1024, 'context/cv.pdf');
				`),
			)
		}, SLOW)

		test.each([
			['profiles_credits_remaining_check', 'UPDATE profiles SET credits_remaining = -1'],
			['profiles_drafts_used_check', 'UPDATE profiles SET drafts_used = -1'],
			['credit_ledger_balance_after_check', 'UPDATE credit_ledger SET balance_after = -1'],
			['opportunities_title_check', "UPDATE opportunities SET title = 'ab'"],
			['opportunities_title_check', "UPDATE opportunities SET title = repeat('a', 201)"],
			['opportunities_tags_check', 'UPDATE opportunities SET tags = array_fill(\'tag\'::text, ARRAY[11])'],
			['opportunity_questions_label_check', "UPDATE opportunity_questions SET label = 'ab'"],
			['opportunity_questions_limit_value_check', 'UPDATE opportunity_questions SET limit_value = 0'],
			['opportunity_questions_limit_check', 'UPDATE opportunity_questions SET limit_value = NULL'],
			['opportunity_questions_limit_check', 'UPDATE opportunity_questions SET limit_type = NULL'],
			['question_contexts_notes_check', "UPDATE question_contexts SET notes = repeat('a', 2001)"],
			['context_files_size_check', 'UPDATE context_files SET size = 10485761'],
			['context_files_size_check', 'UPDATE context_files SET size = -1'],
		])('%s rejects: %s', async (constraint, sql) => {
			await withClient(url, async (client) => {
				await expect(client.query(sql)).rejects.toMatchObject({ code: '23514', constraint })
			})
		})

		test('accept the edge values', async () => {
			await withClient(url, (client) =>
				client.query(`
					UPDATE profiles SET credits_remaining = 0, drafts_used = 0;
					UPDATE opportunities SET title = repeat('a', 200), tags = array_fill('tag'::text, ARRAY[10]);
					UPDATE opportunity_questions SET label = 'abc', limit_type = NULL, limit_value = NULL;
					UPDATE question_contexts SET notes = repeat('a', 2000);
					UPDATE context_files SET size = 10485760;
				`),
			)
		})
	})
})

async function migrationNames(dir: string) {
	const entries = await readdir(dir, { withFileTypes: true })
	return entries
		.filter((entry) => entry.isDirectory())
		.map((entry) => entry.name)
		.sort()
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		return await fn(client)
	} finally {
		await client.end()
	}
}

function sha256(content: Buffer) {
	return createHash('sha256').update(content).digest('hex')
}
