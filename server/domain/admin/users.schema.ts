import { z } from 'zod'
import { RoleInput } from '#server/domain/accounts/roles.ts'

// User ids stay plain strings here: a malformed id is a user that does not
// exist (NOT_FOUND), not a form mistake, so the domain checks it, not the schema.
const UserId = z.string()

export const FindUsersInput = z.object({
	q: z.string().trim().max(200, 'Search is too long').optional().default(''),
})
export type FindUsersInput = z.input<typeof FindUsersInput>

export const SetUserPlanInput = z.object({
	userId: UserId,
	plan: z.enum(['free', 'pro'], { message: 'Plan must be "free" or "pro"' }),
})
export type SetUserPlanInput = z.input<typeof SetUserPlanInput>

export const MAX_CREDIT_ADJUSTMENT = 1000

export const AdjustCreditsInput = z.object({
	userId: UserId,
	// Digits as typed, "2.0" as a number field allows (z.coerce would also take "0x10", "1e2" or an
	// empty box as numbers).
	delta: z.preprocess(
		// Any number of digits, and the range checked first, so one too large is "at most", alone.
		(value) => (typeof value === 'string' && /^\s*[+-]?\d+(?:\.0*)?\s*$/.test(value) ? Number(value) : value),
		z
			.number({ message: 'Enter a whole number of credits' })
			.min(-MAX_CREDIT_ADJUSTMENT, { error: `Adjust by at most ${MAX_CREDIT_ADJUSTMENT} credits at a time`, abort: true })
			.max(MAX_CREDIT_ADJUSTMENT, { error: `Adjust by at most ${MAX_CREDIT_ADJUSTMENT} credits at a time`, abort: true })
			.int('Enter a whole number of credits')
			.refine((delta) => delta !== 0, 'Enter a change other than 0'),
	),
	note: z.string().trim().min(1, 'Say why the credits change').max(500, 'Keep the note under 500 characters'),
})
export type AdjustCreditsInput = z.input<typeof AdjustCreditsInput>

export const ChangeUserRoleInput = z.object({ userId: UserId, role: RoleInput })
export type ChangeUserRoleInput = z.input<typeof ChangeUserRoleInput>
