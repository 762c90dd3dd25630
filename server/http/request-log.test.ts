import { describe, expect, test } from 'vitest'
import { loggedPath } from './request-log.ts'

describe('loggedPath', () => {
	test('hides the secret of a calendar feed URL and leaves other paths alone', () => {
		expect(loggedPath('/calendar/s3cr3t-T0ken_abc.ics')).toBe('/calendar/[redacted].ics')
		expect(loggedPath('/calendar/s3cr3t')).toBe('/calendar/[redacted].ics')
		expect(loggedPath('/portal/calendar')).toBe('/portal/calendar')
		expect(loggedPath('/portal/feed')).toBe('/portal/feed')
	})
})
