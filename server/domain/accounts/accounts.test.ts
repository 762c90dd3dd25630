import { describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import type { RecordingJobs } from '#tests/fakes/recording-jobs.ts'
import { createUser, uniqueEmail } from '#tests/factories.ts'
import { hashPassword, verifyPassword } from '#server/auth/password.ts'
import { createSession, validateSessionToken } from '#server/auth/session.server.ts'
import { hashToken } from '#server/auth/tokens.ts'
import { DomainError } from '#server/domain/errors.ts'
import { LIMITS } from '#server/domain/rate-limit.ts'
import { CONFIRM_PASSWORD_MESSAGE, SignUpInput } from './accounts.schema.ts'
import { sendEmailLink } from './email-links.ts'
import { EMAIL_TOKEN_TTL_MS } from './email-tokens.ts'
import { requestMagicLink, signInWithMagicLink } from './magic-link.ts'
import { requestPasswordReset, resetPassword } from './password-reset.ts'
import { EMAIL_NOT_CONFIRMED_MESSAGE, INVALID_CREDENTIALS_MESSAGE, revokeAllSessions, signInWithPassword, signOut } from './sign-in.ts'
import { confirmEmail, signUp } from './sign-up.ts'

const PASSWORD = 'paint-2026'
const LINK_INVALID = 'This link has expired or has already been used.'
const MINUTE = 60 * 1000

/** A test context; its job queue records the e-mails the functions send. */
async function setup() {
	const ctx = await createTestContext()
	const jobs = ctx.jobs as RecordingJobs
	const { sent } = jobs
	const emailsTo = (to: string) =>
		sent.flatMap((job) => (job.name === 'email.send' && 'to' in job.data && job.data.to === to ? [job.data] : []))
	/** The token of the last link to `path` e-mailed to `to`. */
	const linkToken = (to: string, path: string) => {
		const match = emailsTo(to).at(-1)?.text.match(new RegExp(`http://localhost:3999${path}\\?token=([\\w-]+)`))
		return match?.[1] ?? ''
	}
	// Each test comes from an address of its own, so the per-IP limits of one test never touch another.
	const meta = { ip: `198.51.100.${Math.floor(Math.random() * 250)}-${uniqueEmail()}` }
	/** Runs the queued jobs as the workers would: magic and reset links are looked up and e-mailed there. */
	const runJobs = () => jobs.runAll(ctx)
	return { ctx, sent, emailsTo, linkToken, meta, runJobs }
}

async function errorOf(promise: Promise<unknown>) {
	try {
		await promise
	} catch (error) {
		if (error instanceof DomainError) return { code: error.code, message: error.message, fieldErrors: error.fieldErrors }
		throw error
	}
	throw new Error('expected a DomainError')
}

describe('sign up and confirm', () => {
	test('creates an unconfirmed user with an Argon2id password and a profile, and e-mails a 24-hour confirmation link', async () => {
		const { ctx, emailsTo, linkToken, meta } = await setup()
		const email = uniqueEmail()
		await signUp(ctx, { email: ` ${email.toUpperCase()} `, password: PASSWORD }, meta)

		const user = await ctx.db.user.findUniqueOrThrow({
			where: { email },
			select: { id: true, emailVerifiedAt: true, password: true, profile: { select: { role: true, creditsRemaining: true } } },
		})
		expect(user.emailVerifiedAt).toBeNull()
		expect(user.password?.hash).toMatch(/^\$argon2id\$/)
		expect(await verifyPassword(user.password!.hash, PASSWORD)).toBe(true)
		expect(user.profile).toEqual({ role: 'user', creditsRemaining: 0 })

		const [message] = emailsTo(email)
		expect(message?.subject).toBe('Confirm your e-mail address for Callboard')
		expect(message?.html).toContain('/auth/confirm?token=')
		const token = linkToken(email, '/auth/confirm')
		expect(token.length).toBeGreaterThanOrEqual(40)

		// Only the token's hash is stored.
		const rows = await ctx.db.emailToken.findMany({ where: { userId: user.id } })
		expect(rows).toHaveLength(1)
		expect(rows[0]).toMatchObject({ purpose: 'confirm_email', tokenHash: hashToken(token) })
		expect(JSON.stringify(rows)).not.toContain(token)
		const ttl = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()
		expect(Math.abs(ttl - 24 * 60 * MINUTE)).toBeLessThan(5_000)
	})

	test('an existing address gets the same answer, no second account, and an e-mail offering sign-in instead', async () => {
		const { ctx, emailsTo, meta } = await setup()
		const existing = await createUser(ctx.db)
		await expect(signUp(ctx, { email: existing.email, password: PASSWORD }, meta)).resolves.toBeUndefined()
		expect(await ctx.db.user.count({ where: { email: existing.email } })).toBe(1)
		expect(await ctx.db.emailToken.count({ where: { userId: existing.id } })).toBe(0)
		const [message] = emailsTo(existing.email)
		expect(message?.subject).toBe('You already have a Callboard account')
		expect(message?.text).toContain('tried to sign up')
		expect(message?.text).toContain('http://localhost:3999/signin')
		expect(message?.text).toContain('http://localhost:3999/forgot-password')
	})

	test('weak passwords are refused with every reason', async () => {
		const { ctx, meta } = await setup()
		const error = await errorOf(signUp(ctx, { email: uniqueEmail(), password: '1234' }, meta))
		expect(error.code).toBe('INVALID')
		expect(error.fieldErrors?.password).toEqual(['Password must be at least 8 characters', 'Password must contain a letter'])
		expect(SignUpInput.safeParse({ email: 'not-an-email', password: PASSWORD }).error?.issues[0]?.message).toBe(
			'Enter a valid e-mail address',
		)
	})

	test('the confirmation link confirms, signs in and grants the free draft once; it works once and expires after 24 hours', async () => {
		const { ctx, linkToken, meta } = await setup()
		const start = new Date()
		const email = uniqueEmail()
		await signUp(ctx, { email, password: PASSWORD }, { ...meta, now: start })
		const token = linkToken(email, '/auth/confirm')

		// The password chosen at sign-up goes with the link; a wrong one is refused and leaves it usable.
		expect(await errorOf(confirmEmail(ctx, { token, password: 'someone-elses-1' }, meta))).toMatchObject({
			code: 'UNAUTHORIZED',
			fieldErrors: { password: [CONFIRM_PASSWORD_MESSAGE] },
		})
		const signedIn = await confirmEmail(ctx, { token, password: PASSWORD }, { ...meta, now: new Date(start.getTime() + 60 * MINUTE) })
		expect(signedIn).toMatchObject({ grantedFreeDraft: true, onboardingCompleted: false })
		expect((await validateSessionToken(ctx.db, signedIn.session.token))?.user.email).toBe(email)
		const user = await ctx.db.user.findUniqueOrThrow({ where: { email }, select: { emailVerifiedAt: true, profile: true } })
		expect(user.emailVerifiedAt).not.toBeNull()
		expect(user.profile).toMatchObject({ creditsRemaining: 1, firstLoginGrant: true })

		expect(await errorOf(confirmEmail(ctx, { token, password: PASSWORD }, meta))).toMatchObject({ code: 'INVALID', message: LINK_INVALID })

		const later = `${email}.late`
		await signUp(ctx, { email: later, password: PASSWORD }, { ...meta, now: start })
		const expired = linkToken(later, '/auth/confirm')
		const afterExpiry = new Date(start.getTime() + EMAIL_TOKEN_TTL_MS.confirm_email + 1)
		expect(await errorOf(confirmEmail(ctx, { token: expired, password: PASSWORD }, { ...meta, now: afterExpiry }))).toMatchObject({ message: LINK_INVALID })
		expect(await errorOf(confirmEmail(ctx, { token: 'x'.repeat(43), password: PASSWORD }, meta))).toMatchObject({ message: LINK_INVALID })
	})

	test("the owner of an address someone else signed up with cannot confirm that account with its link, and signs in by magic link instead", async () => {
		const { ctx, linkToken, meta, runJobs } = await setup()
		const email = uniqueEmail()
		await signUp(ctx, { email, password: 'not-yours-1' }, meta)
		// The owner, who meant to sign up, opens the confirmation link and gives their own password.
		expect(await errorOf(confirmEmail(ctx, { token: linkToken(email, '/auth/confirm'), password: PASSWORD }, meta))).toMatchObject({ code: 'UNAUTHORIZED' })
		expect(await errorOf(signInWithPassword(ctx, { email, password: 'not-yours-1' }, meta))).toMatchObject({ message: EMAIL_NOT_CONFIRMED_MESSAGE })

		await requestMagicLink(ctx, { email }, meta)
		await runJobs()
		const signedIn = await signInWithMagicLink(ctx, { token: linkToken(email, '/auth/magic') })
		expect(signedIn.passwordDropped).toBe(true)
		expect(await errorOf(signInWithPassword(ctx, { email, password: 'not-yours-1' }, meta))).toMatchObject({ message: INVALID_CREDENTIALS_MESSAGE })
	})
})

describe('sign in with a password', () => {
	test('right password: a session, and the free draft on the first sign-in only', async () => {
		const { ctx, meta } = await setup()
		const user = await createUser(ctx.db, { passwordHash: await hashPassword(PASSWORD) })
		const first = await signInWithPassword(ctx, { email: user.email.toUpperCase(), password: PASSWORD }, meta)
		expect(first.grantedFreeDraft).toBe(true)
		expect((await validateSessionToken(ctx.db, first.session.token))?.user.id).toBe(user.id)
		const second = await signInWithPassword(ctx, { email: user.email, password: PASSWORD }, meta)
		expect(second.grantedFreeDraft).toBe(false)
		expect(await ctx.db.profile.findUnique({ where: { userId: user.id }, select: { creditsRemaining: true } })).toEqual({
			creditsRemaining: 1,
		})
	})

	test('an unknown e-mail and a wrong password get the same answer', async () => {
		const { ctx, meta } = await setup()
		const user = await createUser(ctx.db, { passwordHash: await hashPassword(PASSWORD) })
		const wrongPassword = await errorOf(signInWithPassword(ctx, { email: user.email, password: 'wrong-2026' }, meta))
		const unknownEmail = await errorOf(signInWithPassword(ctx, { email: uniqueEmail(), password: PASSWORD }, meta))
		expect(wrongPassword).toEqual({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS_MESSAGE, fieldErrors: undefined })
		expect(unknownEmail).toEqual(wrongPassword)
		expect(await ctx.db.session.count({ where: { userId: user.id } })).toBe(0)
	})

	test('an unconfirmed account is told to confirm first, but only with the right password', async () => {
		const { ctx, meta } = await setup()
		const email = uniqueEmail()
		await signUp(ctx, { email, password: PASSWORD }, meta)
		expect(await errorOf(signInWithPassword(ctx, { email, password: PASSWORD }, meta))).toMatchObject({
			code: 'FORBIDDEN',
			message: EMAIL_NOT_CONFIRMED_MESSAGE,
		})
		expect(await errorOf(signInWithPassword(ctx, { email, password: 'wrong-2026' }, meta))).toMatchObject({
			message: INVALID_CREDENTIALS_MESSAGE,
		})
	})

	test('only failures count: an artist who gets it right after typos is never refused, and starts afresh', async () => {
		const { ctx, meta } = await setup()
		const user = await createUser(ctx.db, { passwordHash: await hashPassword(PASSWORD) })
		const now = new Date()
		for (let round = 0; round < 3; round++) {
			for (let typo = 0; typo < LIMITS.signin.pair - 1; typo++) {
				expect(await errorOf(signInWithPassword(ctx, { email: user.email, password: 'wrong-2026' }, { ...meta, now }))).toMatchObject({
					code: 'UNAUTHORIZED',
				})
			}
			// The success clears this address's failures for this account: the next round of typos starts at 0.
			await expect(signInWithPassword(ctx, { email: user.email, password: PASSWORD }, { ...meta, now })).resolves.toMatchObject({
				userId: user.id,
			})
		}
	})

	test('10 wrong passwords from one address lock that address out of that account only: the artist still gets in', async () => {
		const { ctx, meta } = await setup()
		const user = await createUser(ctx.db, { passwordHash: await hashPassword(PASSWORD) })
		const now = new Date()
		const attacker = { ip: `${meta.ip}-attacker`, now }
		for (let attempt = 1; attempt <= 10; attempt++) {
			await errorOf(signInWithPassword(ctx, { email: user.email, password: `guess-${attempt}` }, attacker))
		}
		const refused = await errorOf(signInWithPassword(ctx, { email: user.email, password: PASSWORD }, attacker))
		expect(refused).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts. Try again in 15 minutes.', fieldErrors: undefined })
		// Fourteen minutes later the message says how long is left.
		const later = { ...attacker, now: new Date(now.getTime() + 14 * MINUTE) }
		expect((await errorOf(signInWithPassword(ctx, { email: user.email, password: 'guess' }, later))).message).toBe(
			'Too many attempts. Try again in 1 minute.',
		)

		await expect(signInWithPassword(ctx, { email: user.email, password: PASSWORD }, { ...meta, now })).resolves.toMatchObject({
			userId: user.id,
		})
		// The attacker's address may still sign in to another account (the per-address cap is loose).
		const other = await createUser(ctx.db, { passwordHash: await hashPassword(PASSWORD) })
		await expect(signInWithPassword(ctx, { email: other.email, password: PASSWORD }, attacker)).resolves.toMatchObject({
			userId: other.id,
		})
	})

	test('a guess at one account spread over many addresses meets the per-e-mail cap; a magic link still works', async () => {
		const { ctx, meta, runJobs, linkToken } = await setup()
		const user = await createUser(ctx.db, { passwordHash: await hashPassword(PASSWORD) })
		const now = new Date()
		for (let attempt = 1; attempt <= LIMITS.signin.email; attempt++) {
			const ip = `${meta.ip}-${attempt}` // a different address each time: only the e-mail's cap applies
			expect(await errorOf(signInWithPassword(ctx, { email: user.email, password: 'wrong-2026' }, { ip, now }))).toMatchObject({
				code: 'UNAUTHORIZED',
			})
		}
		expect(await errorOf(signInWithPassword(ctx, { email: user.email, password: 'wrong-2026' }, { ip: `${meta.ip}-new`, now }))).toMatchObject({
			code: 'RATE_LIMITED',
		})
		// Magic links keep limits of their own, so the artist is not shut out.
		await requestMagicLink(ctx, { email: user.email }, { ...meta, now })
		await runJobs()
		await expect(signInWithMagicLink(ctx, { token: linkToken(user.email, '/auth/magic') })).resolves.toMatchObject({ userId: user.id })
	})

	// These two check about 100 Argon2id hashes each: more than the default 20 s on a busy machine.
	test('a class of 30 artists signs in from one school address within 15 minutes, typos and all', async () => {
		const { ctx, meta } = await setup()
		const start = new Date()
		const hash = await hashPassword(PASSWORD)
		const artists = await Promise.all(Array.from({ length: 30 }, () => createUser(ctx.db, { passwordHash: hash })))
		// One of them forgot their password and hammers the form until refused.
		const forgetful = await createUser(ctx.db, { passwordHash: hash })
		for (let attempt = 0; attempt < 15; attempt++) {
			await errorOf(signInWithPassword(ctx, { email: forgetful.email, password: `nope-${attempt}` }, { ...meta, now: start }))
		}
		expect(await errorOf(signInWithPassword(ctx, { email: forgetful.email, password: 'nope' }, { ...meta, now: start }))).toMatchObject({
			code: 'RATE_LIMITED',
		})
		for (const [index, artist] of artists.entries()) {
			const now = new Date(start.getTime() + index * 25_000) // all within 15 minutes
			// Two typos each, then the right password.
			for (const typo of ['paint-2025', 'Paint-2026']) {
				expect(await errorOf(signInWithPassword(ctx, { email: artist.email, password: typo }, { ...meta, now }))).toMatchObject({
					code: 'UNAUTHORIZED',
				})
			}
			await expect(signInWithPassword(ctx, { email: artist.email, password: PASSWORD }, { ...meta, now }), artist.email).resolves.toMatchObject({
				userId: artist.id,
			})
		}
	}, 60_000)

	test('one address trying many accounts meets the per-address cap', async () => {
		const { ctx, meta } = await setup()
		const now = new Date()
		for (let attempt = 1; attempt <= LIMITS.signin.address; attempt++) {
			await errorOf(signInWithPassword(ctx, { email: uniqueEmail(), password: 'wrong-2026' }, { ...meta, now }))
		}
		expect(await errorOf(signInWithPassword(ctx, { email: uniqueEmail(), password: PASSWORD }, { ...meta, now }))).toMatchObject({
			code: 'RATE_LIMITED',
		})
	}, 60_000)
})

describe('magic links', () => {
	test('an existing account gets a 15-minute, single-use link that signs in and confirms the address', async () => {
		const { ctx, emailsTo, linkToken, meta, runJobs } = await setup()
		const email = uniqueEmail()
		await signUp(ctx, { email, password: PASSWORD }, meta)
		await requestMagicLink(ctx, { email }, meta)
		await runJobs()
		expect(emailsTo(email).at(-1)?.subject).toBe('Your Callboard sign-in link')
		const token = linkToken(email, '/auth/magic')
		const row = await ctx.db.emailToken.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } })
		expect(row.purpose).toBe('magic_link')
		expect(Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - 15 * MINUTE)).toBeLessThan(5_000)

		const signedIn = await signInWithMagicLink(ctx, { token }, { now: new Date(row.expiresAt.getTime() - MINUTE) })
		expect(signedIn.grantedFreeDraft).toBe(true)
		expect(await ctx.db.user.findUnique({ where: { email }, select: { emailVerifiedAt: true } })).not.toEqual({
			emailVerifiedAt: null,
		})
		expect(await errorOf(signInWithMagicLink(ctx, { token }))).toMatchObject({ message: LINK_INVALID })
	})

	test("a password chosen by whoever signed up first with someone else's address stops working once its owner signs in by link", async () => {
		const { ctx, linkToken, meta, runJobs } = await setup()
		const email = uniqueEmail()
		// Someone else signs up with the address first, with a password of theirs.
		await signUp(ctx, { email, password: 'not-yours-1' }, meta)
		// The address's owner, told the account exists, signs in with a link sent to the inbox.
		await requestMagicLink(ctx, { email }, meta)
		await runJobs()
		await signInWithMagicLink(ctx, { token: linkToken(email, '/auth/magic') })

		expect(await errorOf(signInWithPassword(ctx, { email, password: 'not-yours-1' }, meta))).toMatchObject({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS_MESSAGE })
		// Once the address is confirmed, a sign-in link leaves the password as it is.
		await resetPasswordByLink(email, 'my-own-pass-1')
		await requestMagicLink(ctx, { email }, meta)
		await runJobs()
		await signInWithMagicLink(ctx, { token: linkToken(email, '/auth/magic') })
		await expect(signInWithPassword(ctx, { email, password: 'my-own-pass-1' }, meta)).resolves.toMatchObject({ userId: expect.any(String) })

		async function resetPasswordByLink(to: string, password: string) {
			await requestPasswordReset(ctx, { email: to }, meta)
			await runJobs()
			await resetPassword(ctx, { token: linkToken(to, '/reset-password'), password })
		}
	})

	test('expires after 15 minutes, and a link of another kind does not work here', async () => {
		const { ctx, linkToken, meta, runJobs } = await setup()
		const user = await createUser(ctx.db)
		const start = new Date()
		await requestMagicLink(ctx, { email: user.email }, meta)
		await sendEmailLink(ctx, { email: user.email, purpose: 'magic_link' }, start)
		const token = linkToken(user.email, '/auth/magic')
		expect(await errorOf(signInWithMagicLink(ctx, { token }, { now: new Date(start.getTime() + 15 * MINUTE + 1) }))).toMatchObject({
			message: LINK_INVALID,
		})
		await requestPasswordReset(ctx, { email: user.email }, meta)
		await runJobs()
		const resetToken = linkToken(user.email, '/reset-password')
		expect(await errorOf(signInWithMagicLink(ctx, { token: resetToken }))).toMatchObject({ message: LINK_INVALID })
	})

	test('two clicks on the same link at the same moment sign in once', async () => {
		const { ctx, linkToken, meta, runJobs } = await setup()
		const user = await createUser(ctx.db)
		await requestMagicLink(ctx, { email: user.email }, meta)
		await runJobs()
		const token = linkToken(user.email, '/auth/magic')
		const results = await Promise.allSettled([signInWithMagicLink(ctx, { token }), signInWithMagicLink(ctx, { token })])
		expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
		expect(await ctx.db.session.count({ where: { userId: user.id } })).toBe(1)
	})

	test('the request does the same work for any address: one job, and no account lookup before the answer', async () => {
		const { ctx, sent, meta, runJobs } = await setup()
		const known = await createUser(ctx.db)
		const unknown = uniqueEmail()
		for (const email of [known.email, unknown]) {
			await requestMagicLink(ctx, { email }, meta)
			await requestPasswordReset(ctx, { email }, meta)
		}
		const shape = (job: (typeof sent)[number]) => ({ name: job.name, purpose: 'purpose' in job.data ? job.data.purpose : null })
		expect(sent.map(shape)).toEqual([
			{ name: 'accounts.email-link', purpose: 'magic_link' },
			{ name: 'accounts.email-link', purpose: 'password_reset' },
			{ name: 'accounts.email-link', purpose: 'magic_link' },
			{ name: 'accounts.email-link', purpose: 'password_reset' },
		])
		expect(await ctx.db.emailToken.count({ where: { userId: known.id } })).toBe(0)

		// The jobs e-mail the account's owner, and nobody else.
		await runJobs()
		expect(sent.filter((job) => job.name === 'email.send').map((job) => 'to' in job.data && job.data.to)).toEqual([known.email, known.email])
		expect(await ctx.db.emailToken.count({ where: { userId: known.id } })).toBe(2)
		expect(await ctx.db.user.count({ where: { email: unknown } })).toBe(0)
	})

	test('a burst of presses on Send queues one job per address and kind of link', async () => {
		const { ctx, sent, meta } = await setup()
		const user = await createUser(ctx.db)
		for (let press = 0; press < 3; press++) await requestMagicLink(ctx, { email: user.email }, meta)
		expect(sent.filter((job) => job.name === 'accounts.email-link')).toHaveLength(1)
	})
})

describe('password reset', () => {
	test('a 1-hour link sets the new password, ends every session and signs in afresh', async () => {
		const { ctx, emailsTo, linkToken, meta, runJobs } = await setup()
		const user = await createUser(ctx.db, { passwordHash: await hashPassword(PASSWORD) })
		const elsewhere = await createSession(ctx.db, user.id)
		const start = new Date()
		await requestPasswordReset(ctx, { email: user.email }, meta)
		await sendEmailLink(ctx, { email: user.email, purpose: 'password_reset' }, start)
		expect(emailsTo(user.email).at(-1)?.subject).toBe('Reset your Callboard password')
		const token = linkToken(user.email, '/reset-password')
		const row = await ctx.db.emailToken.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } })
		expect(row.expiresAt).toEqual(new Date(start.getTime() + 60 * MINUTE))
		await runJobs()

		// A weak password is refused and the link stays usable.
		expect((await errorOf(resetPassword(ctx, { token, password: 'weak' }))).fieldErrors?.password).toContain(
			'Password must be at least 8 characters',
		)
		const signedIn = await resetPassword(ctx, { token, password: 'new-paint-2026' }, { now: new Date(start.getTime() + 59 * MINUTE) })
		expect(await validateSessionToken(ctx.db, elsewhere.token)).toBeNull()
		expect(await validateSessionToken(ctx.db, signedIn.session.token)).not.toBeNull()
		await expect(signInWithPassword(ctx, { email: user.email, password: 'new-paint-2026' }, meta)).resolves.toMatchObject({
			userId: user.id,
		})
		expect(await errorOf(signInWithPassword(ctx, { email: user.email, password: PASSWORD }, meta))).toMatchObject({
			code: 'UNAUTHORIZED',
		})
		expect(await errorOf(resetPassword(ctx, { token, password: 'another-2026' }))).toMatchObject({ message: LINK_INVALID })
	})

	test('expires after 1 hour', async () => {
		const { ctx, linkToken } = await setup()
		const user = await createUser(ctx.db)
		const start = new Date()
		await sendEmailLink(ctx, { email: user.email, purpose: 'password_reset' }, start)
		const token = linkToken(user.email, '/reset-password')
		const late = new Date(start.getTime() + 60 * MINUTE + 1)
		expect(await errorOf(resetPassword(ctx, { token, password: 'new-paint-2026' }, { now: late }))).toMatchObject({
			message: LINK_INVALID,
		})
	})

	test('requests are counted per e-mail (and per address), each kind on its own', async () => {
		const { ctx, meta } = await setup()
		const email = uniqueEmail()
		for (let attempt = 1; attempt <= LIMITS['password-reset'].email; attempt++) {
			await requestPasswordReset(ctx, { email }, { ip: `${meta.ip}-${attempt}` })
		}
		expect(await errorOf(requestPasswordReset(ctx, { email }, meta))).toMatchObject({ code: 'RATE_LIMITED' })
		await expect(requestMagicLink(ctx, { email }, meta)).resolves.toBeUndefined()
		await expect(signInWithPassword(ctx, { email, password: PASSWORD }, meta)).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
	})
})

describe('signing out', () => {
	test('signOut ends one session; revokeAllSessions ends them all', async () => {
		const { ctx } = await setup()
		const user = await createUser(ctx.db)
		const [a, b, c] = await Promise.all([createSession(ctx.db, user.id), createSession(ctx.db, user.id), createSession(ctx.db, user.id)])
		await signOut(ctx, hashToken(a.token))
		expect(await validateSessionToken(ctx.db, a.token)).toBeNull()
		expect(await validateSessionToken(ctx.db, b.token)).not.toBeNull()
		await revokeAllSessions(ctx, user.id)
		expect(await validateSessionToken(ctx.db, b.token)).toBeNull()
		expect(await validateSessionToken(ctx.db, c.token)).toBeNull()
	})
})
