import { describe, expect, test } from 'vitest'
import { cookieNames, cookieValue } from './cookies.ts'

describe('cookieValue', () => {
	test('finds a cookie by its exact name among others, keeping "=" inside the value', () => {
		expect(cookieValue('a=1; cb_tz=Europe%2FBerlin; b=2', 'cb_tz')).toBe('Europe%2FBerlin')
		expect(cookieValue('token=ab==', 'token')).toBe('ab==')
		expect(cookieValue('xcb_tz=1', 'cb_tz')).toBeNull()
		expect(cookieValue(null, 'cb_tz')).toBeNull()
	})
})

describe('cookieNames', () => {
	test('lists the names in order, without values or empty parts', () => {
		expect(cookieNames('a=1; cb_tz=Europe%2FBerlin;; token=ab==')).toEqual(['a', 'cb_tz', 'token'])
		expect(cookieNames(undefined)).toEqual([])
	})
})
