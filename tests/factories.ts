import { randomBytes } from 'node:crypto'
import type { Db } from '#server/db/client.ts'

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
