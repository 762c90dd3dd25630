import { randomBytes } from 'node:crypto'
import type { SessionUser, ValidatedSession } from '#server/auth/session.server.ts'
import type { Db } from '#server/db/client.ts'
import type { Actor } from '#server/domain/actor.ts'

let counter = 0

/** A unique e-mail address, so tests sharing a database never collide. */
export function uniqueEmail(prefix = 'artist') {
	counter += 1
	return `${prefix}-${counter}-${randomBytes(3).toString('hex')}@example.test`
}

type UserOptions = {
	email?: string
	role?: 'user' | 'admin'
	onboardingCompleted?: boolean
	passwordHash?: string
}

/** A confirmed user with a profile. */
export async function createUser(db: Db, options: UserOptions = {}) {
	return db.user.create({
		data: {
			email: options.email ?? uniqueEmail(),
			emailVerifiedAt: new Date(),
			password: options.passwordHash ? { create: { hash: options.passwordHash } } : undefined,
			profile: {
				create: {
					role: options.role ?? 'user',
					onboardingCompleted: options.onboardingCompleted ?? false,
					fullName: 'Test Artist',
				},
			},
		},
		select: { id: true, email: true },
	})
}

let opportunityCounter = 0

/** An active opportunity, written directly (the admin forms are another issue's). */
export async function createOpportunity(db: Db, overrides: { title?: string } = {}) {
	opportunityCounter += 1
	const title = overrides.title ?? `Test Grant ${opportunityCounter}`
	return db.opportunity.create({
		data: { title, url: 'https://example.com/call', category: 'grant', slug: `test-grant-${opportunityCounter}` },
		select: { id: true, title: true },
	})
}

/** An admin and an ordinary user, as the actors domain functions take. */
export async function createActors(db: Db): Promise<{ admin: Actor; user: Actor }> {
	const [admin, user] = await Promise.all([
		createUser(db, { role: 'admin', onboardingCompleted: true }),
		createUser(db, { onboardingCompleted: true }),
	])
	return { admin: { id: admin.id, role: 'admin' }, user: { id: user.id, role: 'user' } }
}

export type QuestionSeed = {
	label: string
	slug?: string
	type?: 'short_text' | 'long_text' | 'multiple_choice' | 'multi_select' | 'url' | 'number'
	helpText?: string
	required?: boolean
	limitType?: 'words' | 'chars'
	limitValue?: number
	options?: string[]
}

/** An active opportunity with these application questions, in this order. */
export async function createOpportunityWithQuestions(db: Db, questions: QuestionSeed[], overrides: { title?: string } = {}) {
	const opportunity = await createOpportunity(db, overrides)
	await db.opportunityQuestion.createMany({
		data: questions.map((question, index) => {
			const slug = question.slug ?? question.label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
			return {
				opportunityId: opportunity.id,
				label: question.label,
				slug,
				type: question.type ?? 'long_text',
				helpText: question.helpText ?? null,
				required: question.required ?? false,
				limitType: question.limitType ?? null,
				limitValue: question.limitValue ?? null,
				options: question.options ?? [],
				orderIndex: index,
				prompt: question.label,
				idx: index,
				charLimit: question.limitType === 'chars' ? (question.limitValue ?? null) : null,
			}
		}),
	})
	return opportunity
}

/** Sets an artist's plan and credit balance directly (the ledger is the admin's and Stripe's way). */
export async function setPlan(db: Db, userId: string, { plan = 'free', credits = 0 }: { plan?: 'free' | 'pro'; credits?: number }) {
	await db.profile.update({ where: { userId }, data: { plan, creditsRemaining: credits, firstLoginGrant: true } })
}

/** A session as the session middleware resolves it, for callers built without HTTP. */
export function testSession(id: string, role: 'user' | 'admin', overrides: Partial<SessionUser> = {}): ValidatedSession {
	return {
		sessionId: 'test',
		expiresAt: new Date(Date.now() + 60_000),
		renewed: false,
		user: {
			id,
			email: `${id}@example.test`,
			role,
			onboardingCompleted: true,
			account: { plan: 'free', creditsRemaining: 0, paymentFailed: false, mediums: [], interests: [], timeZone: null },
			...overrides,
		},
	}
}
