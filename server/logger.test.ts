import { describe, expect, test } from 'vitest'
import { DomainError } from '#server/domain/errors.ts'
import { logFailure } from './logger.ts'

describe('logFailure', () => {
	const recorder = () => {
		const lines: { level: 'warn' | 'error'; fields: Record<string, unknown>; message: string }[] = []
		return {
			lines,
			logger: {
				warn: (fields: Record<string, unknown>, message: string) => void lines.push({ level: 'warn', fields, message }),
				error: (fields: Record<string, unknown>, message: string) => void lines.push({ level: 'error', fields, message }),
			},
		}
	}

	test("a client's mistake or a refusal is a warning with its reason; anything else an error with the error", () => {
		const { lines, logger } = recorder()
		logFailure(logger as never, new DomainError('NOT_FOUND', 'This link is no longer on your profile.'), { intent: 'remove-link' }, 'Failed to remove link')
		logFailure(logger as never, new DomainError('INVALID', 'Bad page'), {}, 'drafts list failed to load')
		const bug = new TypeError('x is undefined')
		logFailure(logger as never, bug, { intent: 'remove-link' }, 'Failed to remove link')
		logFailure(logger as never, new DomainError('UNAVAILABLE', 'Stripe is down'), {}, 'checkout failed')

		expect(lines).toEqual([
			{ level: 'warn', fields: { intent: 'remove-link', code: 'NOT_FOUND', reason: 'This link is no longer on your profile.' }, message: 'Failed to remove link' },
			{ level: 'warn', fields: { code: 'INVALID', reason: 'Bad page' }, message: 'drafts list failed to load' },
			{ level: 'error', fields: { intent: 'remove-link', err: bug }, message: 'Failed to remove link' },
			{ level: 'error', fields: { err: expect.any(DomainError) }, message: 'checkout failed' },
		])
	})
})
