import { createHash, randomBytes } from 'node:crypto'
import { test, type BrowserContext } from '@playwright/test'
import pg from 'pg'
import { hashPassword } from '../../../server/auth/password.ts'
import { tryAdvisoryLock, type HeldLock } from '../../../server/db/advisory-lock.ts'
import { draftLockKey } from '../../../server/domain/drafting/draft-lock.ts'
import { DATABASE_PORT_OFFSET } from './own-server.ts'

// The shared e2e server's embedded database (scripts/e2e-server.mjs: port + DATABASE_PORT_OFFSET).
const E2E_PORT = Number(process.env.E2E_PORT ?? 3100)
export const E2E_DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${E2E_PORT + DATABASE_PORT_OFFSET}/callboard`

/** Runs `run` with a connection to the shared e2e server's database, or to `databaseUrl` (a test's own server). */
export async function withE2eDb<T>(run: (client: pg.Client) => Promise<T>, databaseUrl = E2E_DATABASE_URL): Promise<T> {
	const client = new pg.Client({ connectionString: databaseUrl })
	await client.connect()
	try {
		return await run(client)
	} finally {
		await client.end()
	}
}

/**
 * Holds a draft as a drafting worker does while it writes: the server's recovery sweep (every
 * minute) then leaves the draft's pending answers to it, as it would a live worker's.
 */
export async function holdDraftAsWorker(draftId: string): Promise<HeldLock> {
	// The server's worker may still hold it for a moment after the draft's last answer.
	for (let tries = 0; tries < 100; tries++) {
		const lock = await tryAdvisoryLock(E2E_DATABASE_URL, draftLockKey(draftId))
		if (lock) return lock
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	throw new Error(`draft ${draftId} stayed held by the server's worker for 10 s`)
}

export type E2eUser = { id: string; email: string; databaseUrl?: string }

type UserOptions = {
	role?: 'user' | 'admin'
	onboarded?: boolean
	credits?: number
	plan?: 'free' | 'pro'
	/** Already received the first-login credit. */
	granted?: boolean
	/** Lets the user sign in with this password (stored as the app stores it, Argon2id). */
	password?: string
	/** The database of a test's own server (OwnServer.databaseUrl); the shared e2e server's by default. */
	databaseUrl?: string
	/** The practice the feed matches against; Painting and grants by default. */
	mediums?: string[]
	interests?: string[]
}

/** A confirmed user with a profile, written straight to the e2e database. */
export async function createE2eUser(options: UserOptions = {}): Promise<E2eUser> {
	const email = `e2e-${Date.now()}-${randomBytes(3).toString('hex')}@example.test`
	return withE2eDb(async (client) => {
		const { rows } = await client.query<{ id: string }>(
			'INSERT INTO users (email, email_verified_at, updated_at) VALUES ($1, now(), now()) RETURNING id',
			[email],
		)
		const id = rows[0]!.id
		await client.query(
			`INSERT INTO profiles (user_id, role, full_name, city, country, mediums, interests, onboarding_completed,
			   credits_remaining, first_login_grant, plan, updated_at)
			 VALUES ($1, $2, 'E2E Artist', 'Lisbon', 'Portugal', $7, $8, $3, $4, $5, $6, now())`,
			[
				id,
				options.role ?? 'user',
				options.onboarded ?? true,
				options.credits ?? 0,
				options.granted ?? false,
				options.plan ?? 'free',
				options.mediums ?? ['Painting'],
				options.interests ?? ['grants'],
			],
		)
		if (options.password) {
			await client.query('INSERT INTO passwords (user_id, hash) VALUES ($1, $2)', [id, await hashPassword(options.password)])
		}
		nameInReport(id)
		return { id, email, databaseUrl: options.databaseUrl }
	}, options.databaseUrl)
}

/**
 * Notes the user in the running test's report, so that a failure's evidence (scripts/test.mjs) can
 * pick that user's requests out of the server log the parallel tests share.
 */
function nameInReport(userId: string) {
	try {
		test.info().annotations.push({ type: 'e2e user', description: userId })
	} catch {
		// Outside a test (a set-up script): nothing to note it in.
	}
}

/** A new session of `user`, inserted straight into the database; returns the cookie's token. */
export async function createE2eSession(user: E2eUser) {
	const token = randomBytes(24).toString('base64url')
	const hash = createHash('sha256').update(token).digest('hex')
	await withE2eDb(
		(client) => client.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '30 days')`, [hash, user.id]),
		user.databaseUrl,
	)
	return token
}

/**
 * Signs a browser context in by inserting a session row and setting its cookie,
 * as the Epic Stack does: faster than the form, and independent of it.
 */
export async function signIn(context: BrowserContext, user: E2eUser, baseURL: string) {
	const token = await createE2eSession(user)
	await context.addCookies([{ name: 'cb_session', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' }])
	return token
}

type OpportunityOptions = {
	title: string
	tags?: string[]
	location?: string | null
	/** Days from today (the database's calendar day); 30 by default. */
	deadlineInDays?: number
	description?: string
	active?: boolean
	questions?: {
		label: string
		slug: string
		type?: 'short_text' | 'long_text' | 'multiple_choice' | 'multi_select' | 'url' | 'number'
		options?: string[]
		required?: boolean
		limitType?: 'words' | 'chars'
		limitValue?: number
	}[]
}

/** An opportunity (and its questions), written straight to the e2e database. */
export async function createE2eOpportunity(options: OpportunityOptions, databaseUrl?: string): Promise<{ id: string; title: string }> {
	return withE2eDb(async (client) => {
		const { rows } = await client.query<{ id: string }>(
			`INSERT INTO opportunities (title, organization, url, category, location, deadline, tags, description, active, slug)
			 VALUES ($1, 'E2E Foundation', 'https://example.org/call', 'grant', $2, current_date + $3::int, $4, $5, $6, $7)
			 RETURNING id`,
			[
				options.title,
				options.location ?? null,
				options.deadlineInDays ?? 30,
				options.tags ?? [],
				options.description ?? '',
				options.active ?? true,
				options.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
			],
		)
		const id = rows[0]!.id
		for (const [index, question] of (options.questions ?? []).entries()) {
			await client.query(
				`INSERT INTO opportunity_questions (opportunity_id, label, slug, type, required, limit_type, limit_value, order_index,
				   prompt, idx, char_limit, options, updated_at)
				 VALUES ($1, $2, $3, $9::question_type, $4, $5::limit_type, $6, $7, $2, $7, $8, $10, now())`,
				[
					id,
					question.label,
					question.slug,
					question.required ?? false,
					question.limitType ?? null,
					question.limitValue ?? null,
					index,
					question.limitType === 'chars' ? question.limitValue : null,
					question.type ?? 'long_text',
					question.options ?? [],
				],
			)
		}
		return { id, title: options.title }
	}, databaseUrl)
}
