import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** A random, URL-safe secret with 160 bits of entropy or more. */
export function generateToken(bytes = 24): string {
	return randomBytes(bytes).toString('base64url')
}

/** Tokens are stored only as their SHA-256, so a database leak reveals no usable secret. */
export function hashToken(token: string): string {
	return createHash('sha256').update(token).digest('hex')
}

export function safeEqual(a: string, b: string): boolean {
	const left = Buffer.from(a)
	const right = Buffer.from(b)
	return left.length === right.length && timingSafeEqual(left, right)
}
