import { expect, test } from 'vitest'
import { extractLinks, splitLinks } from './links.ts'

test('finds http(s) links in prose, leaving sentence punctuation outside', () => {
	expect(
		extractLinks('Open https://a.test/x?token=1. Or (http://b.test/y), <https://c.test/z>; not ftp://d.test or https://'),
	).toEqual(['https://a.test/x?token=1', 'http://b.test/y', 'https://c.test/z'])
})

test('splits text around links without losing a character', () => {
	const text = 'Go to https://a.test/x.\nThanks'
	const segments = splitLinks(text)
	expect(segments).toEqual([
		{ kind: 'text', value: 'Go to ' },
		{ kind: 'link', value: 'https://a.test/x' },
		{ kind: 'text', value: '.\nThanks' },
	])
	expect(segments.map((segment) => segment.value).join('')).toBe(text)
})
