import type { Actor } from '#server/domain/actor.ts'
import type { Db } from '#server/db/client.ts'
import { createUser } from './factories.ts'

let counter = 0

/** An active opportunity, written directly (the admin forms are another issue's). */
export async function createOpportunity(db: Db, overrides: { title?: string } = {}) {
	counter += 1
	const title = overrides.title ?? `Test Grant ${counter}`
	return db.opportunity.create({
		data: { title, url: 'https://example.com/call', category: 'grant', slug: `test-grant-${counter}` },
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
