import { describe, expect, test } from 'vitest'
import { assertAdmin } from './actor.ts'
import { DomainError } from './errors.ts'

describe('assertAdmin', () => {
	test('lets admins through and refuses everyone else with the right code', () => {
		expect(() => assertAdmin({ id: 'a', role: 'admin' })).not.toThrow()
		const refusal = (() => {
			try {
				assertAdmin({ id: 'u', role: 'user' })
			} catch (error) {
				return error
			}
		})()
		expect(refusal).toBeInstanceOf(DomainError)
		expect((refusal as DomainError).code).toBe('FORBIDDEN')
		expect(() => assertAdmin(null)).toThrow('User must be authenticated')
	})
})
