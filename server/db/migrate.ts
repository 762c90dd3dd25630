/**
 * Prisma migrations without the Prisma CLI.
 *
 * The CLI downloads a native schema engine from the vendor's CDN before every
 * command, which is impossible offline. Prisma also publishes the same engine
 * compiled to WebAssembly (`@prisma/schema-engine-wasm`); it talks to the
 * database through a driver adapter. This module drives it directly. It writes
 * the same `_prisma_migrations` rows and checksums as `prisma migrate deploy`,
 * so the stock CLI and this runner stay interchangeable.
 * See docs/decisions/002-offline-prisma-migrations.md.
 */
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { PrismaPg } from '@prisma/adapter-pg'
import {
	bindMigrationAwareSqlAdapterFactory,
	DriverAdapterError,
	type ErrorRegistry,
	type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils'
import * as bindings from '@prisma/schema-engine-wasm/schema_engine_bg'
import type { MigrationList, SchemaEngine, SchemaFilter } from '@prisma/schema-engine-wasm/schema_engine_bg'
import pg from 'pg'
import { PROJECT_ROOT } from '#server/paths.ts'

const root = PROJECT_ROOT

type Paths = {
	/** Defaults to prisma/schema.prisma. */
	schemaPath?: string
	/** Defaults to prisma/migrations. */
	migrationsDir?: string
}

type ApplyOptions = {
	log?: (msg: string) => void
	/** Defaults to prisma/migrations. */
	migrationsDir?: string
}

const defaults = {
	schemaPath: path.join(root, 'prisma', 'schema.prisma'),
	migrationsDir: path.join(root, 'prisma', 'migrations'),
}

const LOCKFILE = 'migration_lock.toml'
const NO_FILTER: SchemaFilter = { externalTables: [], externalEnums: [] }

/**
 * Session advisory lock held around a whole run, so processes that start at
 * once apply migrations one after the other. The engine also takes Prisma's
 * own lock (72707369), but on a pooled connection and with a 10 s timeout; a
 * different key here avoids waiting on ourselves.
 */
const MIGRATION_LOCK_KEY = 72707370

/**
 * Applies the pending migrations, like `prisma migrate deploy`, and returns
 * the names of those applied. Refuses to run when an applied migration's file
 * has been edited since. The database must exist (see openDatabaseServer).
 */
export async function applyMigrations(
	databaseUrl: string,
	{ log = () => {}, migrationsDir = defaults.migrationsDir }: ApplyOptions = {},
): Promise<{ applied: string[] }> {
	// A missing folder would otherwise read as "no migrations" and start the app on an empty schema.
	if (!existsSync(path.join(migrationsDir, LOCKFILE))) {
		throw new Error(`No migrations found in ${migrationsDir} (${LOCKFILE} is missing).`)
	}
	const migrationsList = await readMigrations(migrationsDir)
	const lockClient = new pg.Client({ connectionString: databaseUrl })
	await lockClient.connect()
	try {
		if (!(await tryLock(lockClient))) {
			log('waiting for another process to finish applying migrations')
			await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
		}
		const pool = new pg.Pool({ connectionString: databaseUrl })
		try {
			return await withEngine(runningScriptsWhole(new PrismaPg(pool), pool), async (engine) => {
				const { editedMigrationNames } = await engine.diagnoseMigrationHistory({
					migrationsList,
					optInToShadowDatabase: false,
					filters: NO_FILTER,
				})
				if (editedMigrationNames.length > 0) {
					throw new Error(
						`These migrations were edited after they were applied: ${editedMigrationNames.join(', ')}. ` +
							'Restore their migration.sql files and put the change in a new migration ' +
							'(npm run db:migration:new -- <name>).',
					)
				}
				const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters: NO_FILTER })
				for (const name of appliedMigrationNames) log(`applied migration ${name}`)
				if (appliedMigrationNames.length === 0) log('database schema is up to date')
				return { applied: appliedMigrationNames }
			})
		} finally {
			await pool.end()
		}
	} finally {
		// Ending the session releases the advisory lock.
		await lockClient.end()
	}
}

/**
 * The SQL that takes a database built from the migrations to the schema in
 * schema.prisma; an empty string when they agree. Replays the migrations in a
 * throw-away in-memory PGlite, so no database server is needed.
 */
export async function diffMigrationsAgainstSchema({
	schemaPath = defaults.schemaPath,
	migrationsDir = defaults.migrationsDir,
}: Paths = {}): Promise<string> {
	const [migrationsList, schema] = await Promise.all([readMigrations(migrationsDir), readFile(schemaPath, 'utf8')])
	const shadow = new PgliteShadow()
	try {
		const { exitCode, stdout } = await withEngine(shadow, (engine) =>
			engine.diff({
				// With no migrations yet (and so no lockfile naming the provider), start from nothing.
				from:
					migrationsList.migrationDirectories.length === 0
						? { tag: 'empty' }
						: { tag: 'migrations', ...migrationsList },
				to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: schema }] },
				script: true,
				// Exit code 2 means "there is a difference", 0 "none": more reliable
				// than recognising the engine's "empty migration" comment.
				exitCode: true,
				filters: NO_FILTER,
			}),
		)
		return exitCode === 0 ? '' : (stdout ?? '')
	} finally {
		await shadow.close()
	}
}

/**
 * Writes `<migrationsDir>/<timestamp>_<name>/migration.sql` with the SQL from
 * diffMigrationsAgainstSchema, like `prisma migrate dev --create-only`.
 * Returns the new directory, or null when the schema needs no migration.
 */
export async function createMigration(name: string, paths: Paths = {}): Promise<string | null> {
	const slug = name
		.trim()
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '_')
		.replace(/^_+|_+$/g, '')
	if (!slug) throw new Error(`"${name}" is not a usable migration name: use letters and digits, e.g. add_user_bio`)

	const sql = await diffMigrationsAgainstSchema(paths)
	if (!sql) return null

	const migrationsDir = paths.migrationsDir ?? defaults.migrationsDir
	// Prisma's naming: UTC yyyyMMddHHmmss, so directories sort in creation order.
	const timestamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14)
	const dir = path.join(migrationsDir, `${timestamp}_${slug}`)
	await mkdir(dir, { recursive: true })
	await writeFile(path.join(dir, 'migration.sql'), sql)
	await writeFile(
		path.join(migrationsDir, LOCKFILE),
		'# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n',
		{ flag: 'wx' },
	).catch((error: NodeJS.ErrnoException) => {
		if (error.code !== 'EEXIST') throw error
	})
	return dir
}

/** The migrations folder in the shape the engine expects (as the Prisma CLI builds it). */
async function readMigrations(migrationsDir: string): Promise<MigrationList> {
	const lockfile = await readFile(path.join(migrationsDir, LOCKFILE), 'utf8').catch(() => null)
	const entries = await readdir(migrationsDir, { withFileTypes: true }).catch(() => [])
	const migrationDirectories = await Promise.all(
		entries
			.filter((entry) => entry.isDirectory())
			.map((entry) => entry.name)
			.sort((a, b) => a.localeCompare(b))
			.map(async (dir) => ({
				path: dir,
				migrationFile: {
					path: 'migration.sql',
					content: await readFile(path.join(migrationsDir, dir, 'migration.sql'), 'utf8').then(
						(value) => ({ tag: 'ok' as const, value }),
						(error: Error) => ({ tag: 'error' as const, value: error.message }),
					),
				},
			})),
	)
	return {
		baseDir: migrationsDir,
		lockfile: { path: LOCKFILE, content: lockfile },
		shadowDbInitScript: '',
		migrationDirectories,
	}
}

async function tryLock(client: pg.Client): Promise<boolean> {
	const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
		MIGRATION_LOCK_KEY,
	])
	return rows[0]?.locked === true
}

/**
 * A throw-away in-memory PGlite as the shadow database for diffs (adapter-pg's
 * shadow connection is unreliable: see ENVIRONMENT.md). The engine also opens
 * a "main" connection, but a diff between migrations and a schema only asks it
 * for the server version, so both share one PGlite: each costs seconds to boot.
 */
class PgliteShadow implements SqlMigrationAwareDriverAdapterFactory {
	readonly provider = 'postgres'
	readonly adapterName = 'callboard-pglite-shadow'
	private db: PGlite | undefined

	connect = () => this.open()
	connectToShadowDb = () => this.open()

	private async open() {
		// Development-only packages, loaded only when authoring: production never diffs.
		const [{ PGlite }, { PrismaPGlite }, { pg_trgm }] = await Promise.all([
			import('@electric-sql/pglite'),
			import('pglite-prisma-adapter'),
			import('@electric-sql/pglite/contrib/pg_trgm'),
		])
		// The extensions the migrations create must exist in the shadow database too (bundled, offline).
		const db = (this.db ??= new PGlite({ extensions: { pg_trgm } }))
		const adapter = await new PrismaPGlite(db).connect()
		// pglite-prisma-adapter 0.7.2 neither awaits exec() here nor converts its
		// errors: a broken migration would escape as an unhandled rejection
		// instead of failing the diff with PostgreSQL's message.
		adapter.executeScript = async (script) => {
			await db.exec(script).catch(asDriverAdapterError)
		}
		return adapter
	}

	async close() {
		await this.db?.close()
	}
}

/**
 * Runs `fn` with a fresh engine and frees it afterwards. The caller owns the
 * adapter's connections (pool, PGlite) and closes them: freeing the engine
 * does not. The engine still leaves a timer pending for a few seconds, so CLI
 * wrappers end with process.exit().
 */
/** PostgreSQL's error as the schema engine expects it from an adapter: its code, message and hints. */
function asDriverAdapterError(error: unknown): never {
	const e = error as { code?: string; severity?: string; message: string; detail?: string; hint?: string }
	throw new DriverAdapterError({
		kind: 'postgres',
		code: e.code ?? 'N/A',
		severity: e.severity ?? 'ERROR',
		message: e.message,
		detail: e.detail,
		column: undefined,
		hint: e.hint,
	})
}

/**
 * @prisma/adapter-pg runs a migration's script one piece per semicolon, which cuts a function body
 * (`$$ … ; … $$`) apart. PostgreSQL takes the whole script in one simple query instead, as psql
 * and the Prisma CLI send it.
 */
function runningScriptsWhole(factory: PrismaPg, pool: pg.Pool): PrismaPg {
	const connect = factory.connect.bind(factory)
	factory.connect = async () => {
		const adapter = await connect()
		adapter.executeScript = async (script) => {
			await pool.query(script).catch(asDriverAdapterError)
		}
		return adapter
	}
	return factory
}

async function withEngine<T>(
	adapterFactory: SqlMigrationAwareDriverAdapterFactory,
	fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
	await loadEngine()
	const bound = bindMigrationAwareSqlAdapterFactory(adapterFactory)
	const explain = (error: unknown): never => {
		throw engineError(error, bound.errorRegistry)
	}
	const engine = await bindings.SchemaEngine.new({ datamodels: undefined }, () => {}, bound).catch(explain)
	try {
		return await fn(engine).catch(explain)
	} finally {
		engine.free()
	}
}

let lastPanic: string | undefined
let loaded: Promise<void> | undefined

/**
 * The package's main entry imports the .wasm file as an ES module, which
 * Node 20 cannot do. Instead instantiate the .wasm with its JS glue as the
 * import object, which is what that entry does. Once per process: the glue
 * module holds the instance.
 */
function loadEngine(): Promise<void> {
	loaded ??= (async () => {
		// The glue reports Rust panics through this global before trapping.
		Object.assign(globalThis, {
			PRISMA_WASM_PANIC_REGISTRY: { set_message: (message: string) => void (lastPanic = message) },
		})
		const glue = createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm/schema_engine_bg')
		const bytes = await readFile(glue.replace(/\.js$/, '.wasm'))
		const { instance } = await WebAssembly.instantiate(bytes, {
			'./schema_engine_bg.js': bindings as unknown as WebAssembly.ModuleImports,
		})
		bindings.__wbg_set_wasm(instance.exports)
		;(instance.exports.__wbindgen_start as () => void)()
	})()
	return loaded
}

/** The most useful error behind what the engine threw. */
function engineError(error: unknown, registry: ErrorRegistry): unknown {
	if (lastPanic) {
		const message = lastPanic
		lastPanic = undefined
		return new Error(`Prisma schema engine panicked: ${message}`, { cause: error })
	}
	// A JavaScript error from the adapter (not one from PostgreSQL) reaches the
	// engine as an id in the adapter's error registry; give back the original.
	const id = error instanceof Error ? /External error id#(\d+)/.exec(error.message)?.[1] : undefined
	return (id !== undefined && registry.consumeError(Number(id))?.error) || error
}
