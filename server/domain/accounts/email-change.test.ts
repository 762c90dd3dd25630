import pg from 'pg'
import { describe, expect, test, vi } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { getTestDatabase, lockWaiters } from '#tests/db.ts'
import type { RecordingJobs } from '#tests/fakes/recording-jobs.ts'
import { createUser, uniqueEmail } from '#tests/factories.ts'
import { createSession, validateSessionToken } from '#server/auth/session.server.ts'
import { LIMITS } from '#server/domain/rate-limit.ts'
import { ACCOUNT_MESSAGES, LINK_INVALID_MESSAGE } from './accounts.schema.ts'
import {
	approveEmailChange,
	cancelEmailChange,
	confirmEmailChange,
	describeEmailChangeLink,
	EMAIL_CHANGE_PATH,
	findPendingEmailChange,
	requestEmailChange,
} from './email-change.ts'
import { EMAIL_TOKEN_TTL_MS, isEmailTokenUsable, issueEmailToken } from './email-tokens.ts'

const MINUTE = 60 * 1000

/** An artist signed in on one device, the e-mails sent, and the token of the last link to an address. */
async function setup() {
	const ctx = await createTestContext()
	const { sent } = ctx.jobs as RecordingJobs
	const user = await createUser(ctx.db)
	const actor = { id: user.id, role: 'user' as const }
	const emailsTo = (to: string) => sent.flatMap((job) => (job.name === 'email.send' && 'to' in job.data && job.data.to === to ? [job.data] : []))
	const linkToken = (to: string) => emailsTo(to).at(-1)?.text.match(new RegExp(`${EMAIL_CHANGE_PATH}\\?token=([\\w-]+)`))?.[1] ?? ''
	const meta = { ip: `203.0.113.${Math.floor(Math.random() * 250)}-${uniqueEmail()}` }
	const emailOf = async () => (await ctx.db.user.findUniqueOrThrow({ where: { id: user.id }, select: { email: true } })).email
	return { ctx, user, actor, emailsTo, linkToken, meta, emailOf }
}

describe('moving an account to another e-mail address', () => {
	test('the current address agrees, then the new one confirms: the account moves, every session ends, and the old address is told', async () => {
		const { ctx, user, actor, emailsTo, linkToken, meta, emailOf } = await setup()
		const device = await createSession(ctx.db, user.id)
		const next = uniqueEmail()

		await requestEmailChange(ctx, actor, { newEmail: ` ${next.toUpperCase()} ` }, meta)
		// Only the current address hears of it, and nothing has changed yet.
		expect(emailsTo(user.email).at(-1)?.subject).toBe('Change your Callboard e-mail address?')
		expect(emailsTo(user.email).at(-1)?.text).toContain(next)
		expect(emailsTo(next)).toEqual([])
		const approval = linkToken(user.email)
		expect(await describeEmailChangeLink(ctx, approval)).toEqual({ step: 'approve', newEmail: next })

		expect(await approveEmailChange(ctx, { token: approval })).toEqual({ newEmail: next })
		expect(await emailOf()).toBe(user.email)
		expect(emailsTo(next).at(-1)?.subject).toBe('Move a Callboard account to this address?')
		const confirmation = linkToken(next)
		expect(await describeEmailChangeLink(ctx, confirmation)).toEqual({ step: 'confirm', newEmail: next })
		// Each link works once, and a link of one step does not do the other's.
		await expect(approveEmailChange(ctx, { token: approval })).rejects.toThrow(LINK_INVALID_MESSAGE)
		await expect(approveEmailChange(ctx, { token: confirmation })).rejects.toThrow(LINK_INVALID_MESSAGE)
		expect(await describeEmailChangeLink(ctx, confirmation)).toEqual({ step: 'confirm', newEmail: next })

		// A sign-in link sent to the old address before the move.
		const magic = await issueEmailToken(ctx.db, user.id, 'magic_link')
		const { newEmail, signedIn } = await confirmEmailChange(ctx, { token: confirmation })
		expect(newEmail).toBe(next)
		expect(await emailOf()).toBe(next)
		expect(await validateSessionToken(ctx.db, device.token)).toBeNull()
		expect(await validateSessionToken(ctx.db, signedIn.session.token)).toMatchObject({ user: { id: user.id } })
		expect(emailsTo(user.email).at(-1)?.subject).toBe('Your Callboard e-mail address was changed')
		await expect(confirmEmailChange(ctx, { token: confirmation })).rejects.toThrow(LINK_INVALID_MESSAGE)
		// It no longer signs in: whoever reads the old mailbox has no way back in.
		expect(await isEmailTokenUsable(ctx, magic, 'magic_link')).toBe(false)
	})

	test('its own address is refused with a field message; a malformed one too', async () => {
		const { ctx, user, actor, meta, emailsTo } = await setup()
		await expect(requestEmailChange(ctx, actor, { newEmail: user.email.toUpperCase() }, meta)).rejects.toMatchObject({
			code: 'INVALID',
			fieldErrors: { newEmail: [ACCOUNT_MESSAGES.sameEmail] },
		})
		// The last fails two rules with the same words: said once.
		for (const newEmail of ['not an address', `${'a'.repeat(65)}@example.com`, `ada@${'b'.repeat(250)}.com`, `${'a'.repeat(300)}@example.com`]) {
			await expect(requestEmailChange(ctx, actor, { newEmail }, meta), newEmail.slice(0, 20)).rejects.toMatchObject({ code: 'INVALID', fieldErrors: { newEmail: ['Enter a valid e-mail address'] } })
		}
		expect(emailsTo(user.email)).toEqual([])
	})

	test('an address that has an account is told so instead of getting a link, and the artist is answered the same either way', async () => {
		const { ctx, user, actor, meta, emailsTo, linkToken, emailOf } = await setup()
		const other = await createUser(ctx.db)
		expect(await requestEmailChange(ctx, actor, { newEmail: other.email }, meta)).toEqual({ email: user.email, newEmail: other.email })
		expect(await approveEmailChange(ctx, { token: linkToken(user.email) })).toEqual({ newEmail: other.email })
		const told = emailsTo(other.email)
		expect(told.map((message) => message.subject)).toEqual(['This address already has a Callboard account'])
		expect(told[0]!.text).not.toContain(EMAIL_CHANGE_PATH)
		expect(await emailOf()).toBe(user.email)
	})

	test('an address taken between the two links changes nothing, and says why', async () => {
		const { ctx, user, actor, meta, linkToken, emailOf } = await setup()
		const next = uniqueEmail()
		await requestEmailChange(ctx, actor, { newEmail: next }, meta)
		await approveEmailChange(ctx, { token: linkToken(user.email) })
		await createUser(ctx.db, { email: next })
		await expect(confirmEmailChange(ctx, { token: linkToken(next) })).rejects.toThrow(ACCOUNT_MESSAGES.emailTaken)
		expect(await emailOf()).toBe(user.email)
		// Its link is not used up by the refusal.
		expect(await describeEmailChangeLink(ctx, linkToken(next))).toEqual({ step: 'confirm', newEmail: next })
	})

	test('asking again ends the links of the change before: a mistyped address, approved already, can no longer take the account', async () => {
		const { ctx, user, actor, meta, linkToken, emailOf } = await setup()
		const typo = uniqueEmail()
		await requestEmailChange(ctx, actor, { newEmail: typo }, meta)
		await approveEmailChange(ctx, { token: linkToken(user.email) })
		const typoConfirmation = linkToken(typo)
		const meant = uniqueEmail()
		await requestEmailChange(ctx, actor, { newEmail: meant }, meta)
		await expect(confirmEmailChange(ctx, { token: typoConfirmation })).rejects.toThrow(LINK_INVALID_MESSAGE)
		await approveEmailChange(ctx, { token: linkToken(user.email) })
		await confirmEmailChange(ctx, { token: linkToken(meant) })
		expect(await emailOf()).toBe(meant)
	})

	test('the approval expires in an hour, the confirmation in a day', async () => {
		const { ctx, user, actor, meta, linkToken } = await setup()
		const start = new Date()
		await requestEmailChange(ctx, actor, { newEmail: uniqueEmail() }, { ...meta, now: start })
		const late = new Date(start.getTime() + EMAIL_TOKEN_TTL_MS.email_change_approve + MINUTE)
		expect(await describeEmailChangeLink(ctx, linkToken(user.email), late)).toBeNull()
		await expect(approveEmailChange(ctx, { token: linkToken(user.email) }, late)).rejects.toThrow(LINK_INVALID_MESSAGE)
		expect(EMAIL_TOKEN_TTL_MS.email_change_approve).toBe(60 * MINUTE)
		expect(EMAIL_TOKEN_TTL_MS.email_change_confirm).toBe(24 * 60 * MINUTE)
	})

	test('asking is counted per account: each request e-mails its owner', async () => {
		const { ctx, actor, meta } = await setup()
		for (let attempt = 0; attempt < LIMITS['email-change'].email; attempt++) await requestEmailChange(ctx, actor, { newEmail: uniqueEmail() }, meta)
		await expect(requestEmailChange(ctx, actor, { newEmail: uniqueEmail() }, meta)).rejects.toMatchObject({ code: 'RATE_LIMITED' })
	})

	test('the change waiting shows whose link it waits for, the same whether the new address has an account, until it is done', async () => {
		const { ctx, user, actor, meta, linkToken } = await setup()
		expect(await findPendingEmailChange(ctx, actor)).toBeNull()
		const next = uniqueEmail()
		await requestEmailChange(ctx, actor, { newEmail: next }, meta)
		expect(await findPendingEmailChange(ctx, actor)).toMatchObject({ newEmail: next, waitingFor: 'current' })
		await approveEmailChange(ctx, { token: linkToken(user.email) })
		expect(await findPendingEmailChange(ctx, actor)).toMatchObject({ newEmail: next, waitingFor: 'new' })
		await confirmEmailChange(ctx, { token: linkToken(next) })
		expect(await findPendingEmailChange(ctx, actor)).toBeNull()

		const other = await createUser(ctx.db)
		const taken = await setup()
		await requestEmailChange(taken.ctx, taken.actor, { newEmail: other.email }, taken.meta)
		await approveEmailChange(taken.ctx, { token: taken.linkToken(taken.user.email) })
		expect(await findPendingEmailChange(taken.ctx, taken.actor)).toMatchObject({ newEmail: other.email, waitingFor: 'new' })
	})

	test('a change waiting can be cancelled: its links stop working', async () => {
		const { ctx, user, actor, meta, linkToken, emailOf } = await setup()
		const next = uniqueEmail()
		await requestEmailChange(ctx, actor, { newEmail: next }, meta)
		await approveEmailChange(ctx, { token: linkToken(user.email) })
		expect(await cancelEmailChange(ctx, actor)).toBe(true)
		expect(await findPendingEmailChange(ctx, actor)).toBeNull()
		await expect(confirmEmailChange(ctx, { token: linkToken(next) })).rejects.toThrow(LINK_INVALID_MESSAGE)
		expect(await emailOf()).toBe(user.email)
		expect(await cancelEmailChange(ctx, actor)).toBe(false)

		// A page left open past the link's hour has nothing left to cancel.
		const start = new Date()
		await requestEmailChange(ctx, actor, { newEmail: uniqueEmail() }, { ...meta, now: start })
		expect(await cancelEmailChange(ctx, actor, new Date(start.getTime() + EMAIL_TOKEN_TTL_MS.email_change_approve + MINUTE))).toBe(false)
	})

	test('steps that arrive together take turns on the account: a double submit leaves one link, a cancel does not miss the link an approval issues', async () => {
		const { ctx, user, actor, meta, linkToken, emailsTo } = await setup()
		const { url } = await getTestDatabase()
		/** Runs `steps` while another session holds the account's row, so they queue behind it; then lets them go, in order. */
		async function queuedBehindTheAccount<T>(steps: (() => Promise<T>)[]) {
			const holder = new pg.Client({ connectionString: url })
			await holder.connect()
			try {
				await holder.query('BEGIN')
				await holder.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.id])
				const running: Promise<T>[] = []
				for (const step of steps) {
					running.push(step())
					await vi.waitFor(async () => expect(await lockWaiters(ctx.db)).toBe(running.length), { timeout: 10_000, interval: 50 })
				}
				await holder.query('COMMIT')
				return await Promise.all(running)
			} finally {
				await holder.end()
			}
		}

		const [first, second] = [uniqueEmail(), uniqueEmail()]
		await queuedBehindTheAccount([() => requestEmailChange(ctx, actor, { newEmail: first }, meta), () => requestEmailChange(ctx, actor, { newEmail: second }, meta)])
		const approvals = emailsTo(user.email).map((mail) => mail.text.match(new RegExp(`${EMAIL_CHANGE_PATH}\\?token=([\\w-]+)`))?.[1] ?? '')
		expect(await Promise.all(approvals.map((token) => describeEmailChangeLink(ctx, token)))).toEqual([null, { step: 'approve', newEmail: second }])

		const [, cancelled] = await queuedBehindTheAccount<unknown>([() => approveEmailChange(ctx, { token: linkToken(user.email) }), () => cancelEmailChange(ctx, actor)])
		expect(cancelled).toBe(true)
		await expect(confirmEmailChange(ctx, { token: linkToken(second) })).rejects.toThrow(LINK_INVALID_MESSAGE)
	})

	test('a link that is not one of an e-mail change describes nothing', async () => {
		const { ctx } = await setup()
		for (const token of ['', 'short', 'x'.repeat(300), 'a'.repeat(43)]) expect(await describeEmailChangeLink(ctx, token), token).toBeNull()
	})
})
