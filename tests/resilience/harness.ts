import { createHash, randomBytes } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { createDatabaseIfMissing } from '#server/db/database.ts'
import { startEmbeddedPostgres, type EmbeddedDatabase } from '#server/db/embedded.ts'
import { PROJECT_ROOT } from '#server/paths.ts'
import { OwnServer } from '../e2e/support/own-server.ts'

/*
 * What the resilience suite runs against: the production build as a server of its own, on a
 * PostgreSQL of its own that the suite can stop and start under it (so DATABASE_URL, not the
 * server's embedded database), with the local fakes for the paid APIs.
 */

export const DATABASE_NAME = 'callboard'

/** A PostgreSQL the suite owns: stop() and start() it under a running server. */
export async function startDatabase(name: string, port: number) {
	const dataDir = path.join(PROJECT_ROOT, 'data', `resilience-${name}-postgres`)
	rmSync(dataDir, { recursive: true, force: true })
	let server: EmbeddedDatabase | null = await startEmbeddedPostgres({ dataDir, port })
	await createDatabaseIfMissing(server.adminUrl, DATABASE_NAME)
	const url = server.urlFor(DATABASE_NAME)
	return {
		url,
		async stop() {
			await server?.stop()
			server = null
		},
		async start() {
			server ??= await startEmbeddedPostgres({ dataDir, port })
		},
		async remove() {
			await server?.stop()
			rmSync(dataDir, { recursive: true, force: true })
		},
	}
}

/** A production server on `port`, with `env` on top of OwnServer's. */
export function productionServer(port: number, name: string, env: Record<string, string>) {
	const server = new OwnServer(port, `resilience-${name}`)
	rmSync(server.dataDir, { recursive: true, force: true })
	return {
		server,
		async start() {
			server.start({ LOG_LEVEL: 'warn', ...env })
			await server.waitUntilReady()
		},
		/** Resident memory of the server process in MB (Linux). */
		rssMb() {
			const status = readFileSync(`/proc/${server.process!.pid}/status`, 'utf8')
			return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
		},
		alive() {
			return server.process?.exitCode === null && !server.process.killed
		},
	}
}

export async function withDb<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		return await run(client)
	} finally {
		await client.end()
	}
}

/** An onboarded artist with a session; returns the Cookie header that signs in as them. */
export async function artistWithSession(url: string, { credits = 1, plan = 'free' }: { credits?: number; plan?: 'free' | 'pro' } = {}) {
	return withDb(url, async (client) => {
		const email = `resilience-${randomBytes(6).toString('hex')}@example.test`
		const { rows } = await client.query<{ id: string }>('INSERT INTO users (email, email_verified_at, updated_at) VALUES ($1, now(), now()) RETURNING id', [email])
		const id = rows[0]!.id
		await client.query(
			`INSERT INTO profiles (user_id, full_name, city, country, mediums, interests, onboarding_completed, credits_remaining, first_login_grant, plan, updated_at)
			 VALUES ($1, 'Resilience Artist', 'Lisbon', 'Portugal', ARRAY['Painting'], ARRAY['grants'], true, $2, true, $3, now())`,
			[id, credits, plan],
		)
		const token = randomBytes(24).toString('base64url')
		await client.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [createHash('sha256').update(token).digest('hex'), id])
		return { id, cookie: `cb_session=${token}` }
	})
}

/** An active opportunity with `count` long-text questions. */
export async function opportunityWithQuestions(url: string, count: number) {
	return withDb(url, async (client) => {
		const slug = `resilience-${randomBytes(4).toString('hex')}`
		const { rows } = await client.query<{ id: string }>(
			`INSERT INTO opportunities (title, organization, url, category, deadline, slug) VALUES ('Resilience Residency', 'Org', 'https://example.org', 'residency', current_date + 30, $1) RETURNING id`,
			[slug],
		)
		const id = rows[0]!.id
		await client.query(
			`INSERT INTO opportunity_questions (opportunity_id, label, slug, type, order_index, prompt, idx, updated_at)
			 SELECT $1, 'Question ' || n, 'question-' || n, 'long_text', n, 'Question ' || n, n, now() FROM generate_series(1, $2) AS n`,
			[id, count],
		)
		return id
	})
}

/** Latencies (ms) of GET /healthz every `everyMs` while `during` runs; a failed probe counts as Infinity. */
export async function probeHealth<T>(base: string, during: () => Promise<T>, everyMs = 50) {
	const latencies: number[] = []
	let running = true
	const probing = (async () => {
		while (running) {
			const started = performance.now()
			const ok = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5_000) }).then((response) => response.ok, () => false)
			latencies.push(ok ? performance.now() - started : Number.POSITIVE_INFINITY)
			await new Promise((resolve) => setTimeout(resolve, everyMs))
		}
	})()
	try {
		const result = await during()
		return { result, latencies }
	} finally {
		running = false
		await probing
	}
}

export function percentile(values: number[], q: number) {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
}

export async function waitFor(check: () => Promise<boolean>, { timeoutMs = 30_000, everyMs = 200, what = 'condition' } = {}) {
	const deadline = Date.now() + timeoutMs
	while (Date.now() < deadline) {
		if (await check().catch(() => false)) return
		await new Promise((resolve) => setTimeout(resolve, everyMs))
	}
	throw new Error(`timed out waiting for ${what}`)
}
