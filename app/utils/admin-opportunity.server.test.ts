import { describe, expect, test } from 'vitest'
import { adminListRedirect } from './admin-opportunity.server.ts'

describe('adminListRedirect', () => {
	test.each(['/admin', '/admin/', '/admin?q=grant&page=2', '/admin/opportunities', '/admin/opportunities?status=closed'])('goes back to the list %s', (value) => {
		expect(adminListRedirect(value)).toBe(value)
	})

	test.each([
		null,
		undefined,
		'',
		'https://evil.example/admin',
		'//evil.example/admin',
		'/admin/users',
		'/admin/opportunities/abc/edit',
		'/admin#top',
		// A Location header cannot carry these: the redirect itself would fail.
		'/admin?q=\r\nSet-Cookie: session=stolen',
		'/admin?q=a\u0000b',
		`/admin?q=${'x'.repeat(5000)}`,
	])('falls back to /admin for %j', (value) => {
		expect(adminListRedirect(value)).toBe('/admin')
	})
})
