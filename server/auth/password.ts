import { hash, verify } from '@node-rs/argon2'

// Argon2id with OWASP's recommended minimum cost (19 MiB, 2 passes).
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const

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
