import { randomBytes } from 'node:crypto'
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
