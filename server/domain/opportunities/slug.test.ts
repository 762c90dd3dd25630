import { describe, expect, it } from 'vitest'
import { slugifyQuestionLabel, slugifyTitle, uniqueSlug } from './slug.ts'

describe('slugifyTitle', () => {
	it('lowercases and joins words with hyphens', () => {
		expect(slugifyTitle('Northlight Emerging Artist Grant')).toBe('northlight-emerging-artist-grant')
	})

	it('turns each run of non-alphanumerics into one hyphen', () => {
		expect(slugifyTitle('Clay & Kiln: 2027 Residency!!')).toBe('clay-kiln-2027-residency')
	})

	it('trims hyphens at both ends', () => {
		expect(slugifyTitle('  "Open Call" -- Summer  ')).toBe('open-call-summer')
	})

	it('treats accented letters as non-alphanumerics', () => {
		expect(slugifyTitle('Résidence Été')).toBe('r-sidence-t')
	})

	it('returns an empty string when nothing alphanumeric is left', () => {
		expect(slugifyTitle('!!!')).toBe('')
	})
})

describe('slugifyQuestionLabel', () => {
	it('removes punctuation and turns spaces into hyphens', () => {
		expect(slugifyQuestionLabel('Biography (third person)')).toBe('biography-third-person')
		expect(slugifyQuestionLabel("What's your project about?")).toBe('whats-your-project-about')
	})

	it('does not leave double hyphens where a symbol stood between spaces', () => {
		expect(slugifyQuestionLabel('Budget & Timeline')).toBe('budget-timeline')
		expect(slugifyQuestionLabel('Website / Portfolio URL')).toBe('website-portfolio-url')
	})

	it('keeps hyphens that are part of a word', () => {
		expect(slugifyQuestionLabel('Follow-up plans')).toBe('follow-up-plans')
	})
})

describe('uniqueSlug', () => {
	it('keeps a free slug as it is', () => {
		expect(uniqueSlug('artist-statement', ['project-description'])).toBe('artist-statement')
	})

	it('adds a numeric suffix starting at 2 when the slug is taken', () => {
		expect(uniqueSlug('artist-statement', ['artist-statement'])).toBe('artist-statement-2')
		expect(uniqueSlug('artist-statement', ['artist-statement', 'artist-statement-2'])).toBe('artist-statement-3')
	})
})
