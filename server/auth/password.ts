import { hash, verify } from '@node-rs/argon2'
import { z } from 'zod'

// Argon2id with OWASP's recommended minimum cost (19 MiB, 2 passes).
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const

export const PASSWORD_MIN = 8

/** What a password must be; each failed rule is a reason shown to the user. */
export const PasswordSchema = z
	.string()
	.min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
	.max(200, 'Password must be at most 200 characters')
	.refine((value) => /[a-zA-Z]/.test(value), 'Password must contain a letter')
	.refine((value) => /[0-9]/.test(value) || /[^a-zA-Z0-9]/.test(value), 'Password must contain a number or a symbol')

export function hashPassword(password: string) {
	return hash(password, ARGON2)
}

export async function verifyPassword(passwordHash: string, password: string) {
	try {
		return await verify(passwordHash, password)
	} catch {
		return false
	}
}
