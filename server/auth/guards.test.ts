import { describe, expect, test } from 'vitest'
import { safeRedirectTo } from './guards.ts'

const FALLBACK = '/fallback'
const redirect = (value: string | null | undefined) => safeRedirectTo(value, FALLBACK)

/** Where a browser on the app goes when a response says `Location: <target>`. */
function resolvedOrigin(target: string) {
	return new URL(target, 'https://callboard.example/signin').origin
}

describe('safeRedirectTo', () => {
	test('keeps paths on this site, with their query and fragment, normalised', () => {
		expect(redirect('/portal/drafts')).toBe('/portal/drafts')
		expect(redirect('/portal/feed?location=Lisbon&page=2#results')).toBe('/portal/feed?location=Lisbon&page=2#results')
		expect(redirect('/a/./b/../c')).toBe('/a/c')
		expect(redirect('/portal/feed?q=a+b&tag=%C3%A9')).toBe('/portal/feed?q=a+b&tag=%C3%A9')
		expect(redirect('/caf\u00e9')).toBe('/caf%C3%A9')
		expect(redirect('/')).toBe('/')
	})

	test('anything that is not a string, or is empty, falls back', () => {
		expect(redirect(null)).toBe(FALLBACK)
		expect(redirect(undefined)).toBe(FALLBACK)
		expect(redirect('')).toBe(FALLBACK)
		expect(safeRedirectTo('')).toBe('/')
	})

	test('control characters anywhere (as they arrive once the query or form is decoded) fall back', () => {
		// redirectTo=/%09/evil.example arrives as "/\t/evil.example"; browsers drop the tab and go to evil.example.
		for (const control of ['\t', '\n', '\r', '\0', '\u000b', '\u000c', '\u001f', '\u007f', '\u0085']) {
			expect(redirect(`/${control}/evil.example`)).toBe(FALLBACK)
			expect(redirect(`/portal${control}`)).toBe(FALLBACK)
			expect(redirect(`${control}//evil.example`)).toBe(FALLBACK)
		}
		expect(redirect(decodeURIComponent('/%09/evil.example'))).toBe(FALLBACK)
		expect(redirect(decodeURIComponent('/%0a/evil.example'))).toBe(FALLBACK)
		expect(redirect(decodeURIComponent('/%0d%0aSet-Cookie:x=1'))).toBe(FALLBACK)
		expect(redirect(decodeURIComponent('/%00/evil.example'))).toBe(FALLBACK)
	})

	test('whitespace, including Unicode spaces and invisible format characters, falls back', () => {
		for (const space of [' ', '\u00a0', '\u2028', '\u2029', '\u3000', '\ufeff', '\u200b', '\u202e']) {
			expect(redirect(`/${space}/evil.example`)).toBe(FALLBACK)
		}
	})

	test('other origins fall back: protocol-relative, backslashes, schemes, absolute URLs', () => {
		for (const value of [
			'//evil.example',
			'///evil.example',
			'/\\evil.example',
			'\\\\evil.example',
			'/\\/evil.example',
			'/path\\..\\..\\evil',
			'https://evil.example',
			'http://callboard.invalid/portal',
			'javascript:alert(1)',
			'JavaScript:alert(1)',
			'data:text/html,<script>alert(1)</script>',
			'evil.example',
			'portal/feed',
			'?redirectTo=x',
		]) {
			expect(redirect(value), value).toBe(FALLBACK)
		}
	})

	test('dot segments that normalise to "//host" fall back', () => {
		expect(redirect('/..//evil.example')).toBe(FALLBACK)
		expect(redirect('/.//evil.example')).toBe(FALLBACK)
		expect(redirect('/a/..//evil.example')).toBe(FALLBACK)
		expect(redirect('/%2e%2e//evil.example')).toBe(FALLBACK)
	})

	test('percent-encoded slashes and look-alike characters stay paths on this site', () => {
		// A browser never decodes %2F or %5C into a path separator, so these are paths here (a 404 at worst).
		for (const value of ['/%2F/evil.example', '/%2f%2fevil.example', '/%5C/evil.example', '/%09/evil.example']) {
			const target = redirect(value)
			expect(target, value).toBe(value)
			expect(resolvedOrigin(target)).toBe('https://callboard.example')
		}
		// Division slash, fullwidth solidus, fraction slash, fullwidth reverse solidus: percent-encoded, still here.
		for (const lookalike of ['\u2215', '\uff0f', '\u2044', '\uff3c']) {
			const target = redirect(`/${lookalike}evil.example`)
			expect(target.startsWith('/%'), lookalike).toBe(true)
			expect(resolvedOrigin(target)).toBe('https://callboard.example')
		}
		expect(redirect('/@evil.example')).toBe('/@evil.example')
		expect(resolvedOrigin('/@evil.example')).toBe('https://callboard.example')
	})

	test('overlong values fall back', () => {
		expect(redirect(`/${'a'.repeat(2047)}`)).toBe(`/${'a'.repeat(2047)}`)
		expect(redirect(`/${'a'.repeat(2048)}`)).toBe(FALLBACK)
		// Short raw, long once percent-encoded.
		expect(redirect(`/${'\u00e9'.repeat(1000)}`)).toBe(FALLBACK)
		expect(redirect(`/${'a'.repeat(1_000_000)}`)).toBe(FALLBACK)
	})

	test('whatever comes back stays on this site', () => {
		const hostile = [
			'/\t/evil.example',
			'//evil.example',
			'/\\evil.example',
			'/%2F/evil.example',
			'https://evil.example',
			'javascript:alert(1)',
			'/..//evil.example',
			'/\uff0fevil.example',
			'/ok',
		]
		for (const value of hostile) {
			const target = safeRedirectTo(value, '/')
			expect(target.startsWith('/') && !target.startsWith('//'), value).toBe(true)
			expect(resolvedOrigin(target), value).toBe('https://callboard.example')
		}
	})
})
