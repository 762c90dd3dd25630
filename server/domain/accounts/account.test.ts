import { Readable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { AppContext } from '#server/context.ts'
import { createSession } from '#server/auth/session.server.ts'
import { hashToken } from '#server/auth/tokens.ts'
import { createTestContext } from '#tests/app-context.ts'
import { createOpportunityWithQuestions, createUser } from '#tests/factories.ts'
import { startFakeStripe } from '#tests/fakes/stripe-server.ts'
import { tinyPng } from '#tests/fixtures/files.ts'
import { saveContext } from '#tests/question-context.ts'
import { startCheckout } from '#server/domain/billing/checkout.ts'
import { fakeStripePayments, subscribeToPro } from '#tests/stripe-billing.ts'
import { countOtherSessions, deleteAccount, signOutOtherSessions } from './account.ts'
import { ACCOUNT_MESSAGES } from './accounts.schema.ts'

const WEBHOOK_SECRET = 'whsec_account_test'
let stripe: Awaited<ReturnType<typeof startFakeStripe>>
beforeAll(async () => {
	stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET })
})
afterAll(() => stripe.close())
beforeEach(() => stripe.reset())

async function setup() {
	const ctx = await createTestContext({ payments: fakeStripePayments(stripe) })
	const user = await createUser(ctx.db, { onboardingCompleted: true })
	return { ctx, user, actor: { id: user.id, role: 'user' as const } }
}

const stored = async (ctx: AppContext, key: string) => (await ctx.storage.get(key)) !== null

describe('the account page', () => {
	test('signing out of other devices ends every session but this one', async () => {
		const { ctx, actor } = await setup()
		const here = hashToken((await createSession(ctx.db, actor.id)).token)
		await createSession(ctx.db, actor.id)
		await createSession(ctx.db, actor.id)
		// An expired one goes too, but is not counted as a device.
		await createSession(ctx.db, actor.id, new Date(Date.now() - 31 * 24 * 60 * 60 * 1000))
		const stranger = await setup()
		await createSession(stranger.ctx.db, stranger.actor.id)
		expect(await countOtherSessions(ctx, actor, here)).toBe(2)
		expect(await signOutOtherSessions(ctx, actor, here)).toBe(2)
		expect(await ctx.db.session.findMany({ where: { userId: actor.id }, select: { id: true } })).toEqual([{ id: here }])
		expect(await ctx.db.session.count({ where: { userId: stranger.actor.id } })).toBe(1)
	})

	test('deleting the account takes its rows, its stored files and its Pro subscription with it', async () => {
		const { ctx, user, actor } = await setup()
		// Pro through Stripe.
		const { subscription } = await subscribeToPro(ctx, stripe, actor)
		// A context file and a stored image.
		const opportunity = await createOpportunityWithQuestions(ctx.db, [{ label: 'Statement' }])
		await saveContext(ctx, actor, { opportunityId: opportunity.id, slug: 'statement', notes: 'Mine', files: [{ name: 'work.png', bytes: tinyPng() }] })
		const [contextFile] = await ctx.db.contextFile.findMany({ select: { storagePath: true } })
		const imageKey = `user-assets/${actor.id}/image/1_mine.png`
		await ctx.storage.put(imageKey, Readable.from([Buffer.from(tinyPng())]), { contentType: 'image/png' })
		await ctx.db.userAsset.create({ data: { userId: actor.id, kind: 'image', storagePath: imageKey, originalName: 'mine.png', size: 1, contentType: 'image/png' } })
		const other = await createUser(ctx.db, { onboardingCompleted: true })

		// A wrong address deletes nothing.
		await expect(deleteAccount(ctx, actor, { email: 'someone@else.test' })).rejects.toMatchObject({ code: 'INVALID', message: ACCOUNT_MESSAGES.confirmEmail })
		expect(await ctx.db.user.count({ where: { id: actor.id } })).toBe(1)

		await deleteAccount(ctx, actor, { email: ` ${user.email.toUpperCase()} ` })
		expect(await ctx.db.user.count({ where: { id: actor.id } })).toBe(0)
		for (const table of ['profiles', 'sessions', 'question_contexts', 'subscriptions', 'credit_ledger'] as const) {
			const [row] = await ctx.db.$queryRawUnsafe<{ count: bigint }[]>(`SELECT count(*) FROM ${table} WHERE user_id = $1::uuid`, actor.id)
			expect([table, Number(row!.count)]).toEqual([table, 0])
		}
		expect(await stored(ctx, contextFile!.storagePath)).toBe(false)
		expect(await stored(ctx, imageKey)).toBe(false)
		expect(stripe.subscriptions.get(subscription.id)).toMatchObject({ status: 'canceled' })
		// Nobody else's account is touched.
		expect(await ctx.db.user.count({ where: { id: other.id } })).toBe(1)
	})

	test('a subscription paid at Stripe whose webhook has not arrived is cancelled too, and an open checkout expired', async () => {
		const { ctx, user, actor } = await setup()
		const { url } = await startCheckout(ctx, actor, { kind: 'subscription' })
		// Paid, but no webhook delivered: our records know nothing of it.
		const { subscription } = await stripe.completeCheckout(url.split('/').at(-1)!)
		const pack = await startCheckout(ctx, actor, { kind: 'credits' })
		await deleteAccount(ctx, actor, { email: user.email })
		expect(stripe.subscriptions.get(subscription!.id)).toMatchObject({ status: 'canceled' })
		expect(stripe.sessions.get(pack.url.split('/').at(-1)!)).toMatchObject({ status: 'expired' })
		expect(await ctx.db.user.count({ where: { id: actor.id } })).toBe(0)
	})

	test('a checkout paid while the deletion is under way starts no subscription that outlives the account', async () => {
		const { ctx, user, actor } = await setup()
		const { url } = await startCheckout(ctx, actor, { kind: 'subscription' })
		const sessionId = url.split('/').at(-1)!
		// The artist pays in another tab just as the deletion reaches the open checkout: Stripe then
		// refuses to expire it, and a subscription has started.
		let paid: string | undefined
		const payments = ctx.payments
		ctx.payments = {
			...payments,
			expireCheckoutSession: async (id) => {
				paid = (await stripe.completeCheckout(id)).subscription!.id
				return payments.expireCheckoutSession(id)
			},
		}
		await deleteAccount(ctx, actor, { email: user.email })
		expect(stripe.sessions.get(sessionId)).toMatchObject({ status: 'complete' })
		expect(stripe.subscriptions.get(paid!)).toMatchObject({ status: 'canceled' })
		expect(await ctx.db.user.count({ where: { id: actor.id } })).toBe(0)
	})

	test('a checkout asked for in another tab while the deletion stops billing opens nothing', async () => {
		const { ctx, user, actor } = await setup()
		// An earlier pack checkout made the Stripe customer (and is left open, to be expired).
		await startCheckout(ctx, actor, { kind: 'credits' })
		let meanwhile: Promise<unknown> | undefined
		const payments = ctx.payments
		ctx.payments = {
			...payments,
			listSubscriptions: async (customerId) => {
				// The other tab's click arrives while billing is being stopped, and gets as far as it can
				// (without the lock, all the way to an open checkout) before the deletion goes on.
				meanwhile ??= startCheckout({ ...ctx, payments }, actor, { kind: 'credits' }).catch((error: unknown) => error)
				await Promise.race([meanwhile, sleep(1_000)])
				return payments.listSubscriptions(customerId)
			},
		}
		await deleteAccount(ctx, actor, { email: user.email })
		expect(await meanwhile).toMatchObject({ code: 'NOT_FOUND' })
		expect([...stripe.sessions.values()].filter((session) => session.status === 'open')).toEqual([])
		expect(await ctx.db.user.count({ where: { id: actor.id } })).toBe(0)
	})

	test('when Stripe cannot cancel the subscription, nothing is deleted', async () => {
		const { ctx, user, actor } = await setup()
		const { subscription } = await subscribeToPro(ctx, stripe, actor)
		stripe.failNext(`/v1/subscriptions/${subscription.id}`, 500, 'Stripe is down', { times: 5, method: 'DELETE' })
		await expect(deleteAccount(ctx, actor, { email: user.email })).rejects.toMatchObject({ code: 'UNAVAILABLE', message: ACCOUNT_MESSAGES.cancelFailed })
		expect(await ctx.db.user.count({ where: { id: actor.id } })).toBe(1)
		expect(stripe.subscriptions.get(subscription.id)).toMatchObject({ status: 'active' })
	})

	test('the only admin cannot delete their account; with another admin they can', async () => {
		const { ctx } = await setup()
		const admin = await createUser(ctx.db, { role: 'admin', onboardingCompleted: true })
		const actor = { id: admin.id, role: 'admin' as const }
		await expect(deleteAccount(ctx, actor, { email: admin.email })).rejects.toMatchObject({ code: 'CONFLICT', message: ACCOUNT_MESSAGES.onlyAdmin })
		const second = await createUser(ctx.db, { role: 'admin', onboardingCompleted: true })
		// Both at once: one goes, the other stays as the only admin.
		const outcomes = await Promise.allSettled([
			deleteAccount(ctx, actor, { email: admin.email }),
			deleteAccount(ctx, { id: second.id, role: 'admin' }, { email: second.email }),
		])
		expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected'])
		expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({ reason: { code: 'CONFLICT', message: ACCOUNT_MESSAGES.onlyAdmin } })
		expect(await ctx.db.profile.count({ where: { role: 'admin' } })).toBe(1)
	})
})
