import { describe, expect, it } from 'vitest'
import { slugifyQuestionLabel, slugifyTitle } from '#server/domain/opportunities/slug.ts'
import { demoOpportunities, type SeedLimit } from './seed-data/opportunities.ts'
import { demoTemplates } from './seed-data/templates.ts'

// The product's rules (specification, sections 3, 5 and 9) that every demo row must obey.
const CATEGORIES = ['grant', 'residency', 'open_call']
const QUESTION_TYPES = ['short_text', 'long_text', 'multiple_choice', 'multi_select', 'url', 'number']
const TEXT_TYPES = ['short_text', 'long_text']
const CHOICE_TYPES = ['multiple_choice', 'multi_select']
const MEDIUMS = [
	'painting',
	'drawing',
	'sculpture',
	'photography',
	'digital art',
	'video',
	'installation',
	'performance',
	'ceramics',
	'textiles',
	'printmaking',
	'mixed media',
]
const INTERESTS = ['grants', 'residencies', 'exhibitions', 'competitions']

type QuestionLike = { label: string; type: string; limit?: SeedLimit; options?: readonly string[] }

function questionProblems(question: QuestionLike): string[] {
	const problems: string[] = []
	if (question.label.length < 3 || question.label.length > 200) problems.push('label must be 3-200 characters')
	if (!QUESTION_TYPES.includes(question.type)) problems.push(`unknown type ${question.type}`)
	if (question.limit) {
		if (!TEXT_TYPES.includes(question.type)) problems.push('limit on a non-text type')
		if (!Number.isInteger(question.limit.value) || question.limit.value <= 0) problems.push('limit value must be > 0')
	}
	const options = question.options ?? []
	if (CHOICE_TYPES.includes(question.type)) {
		const distinct = new Set(options.map((option) => option.trim()).filter(Boolean))
		if (distinct.size < 2 || distinct.size !== options.length) problems.push('needs >= 2 distinct options')
		if (options.some((option) => option !== option.trim())) problems.push('options must be trimmed')
	} else if (options.length > 0) {
		problems.push('options on a non-choice type')
	}
	return problems
}

function tagProblems(tags: readonly string[], max = Infinity): string[] {
	const problems: string[] = []
	if (tags.length > max) problems.push(`more than ${max} tags`)
	if (new Set(tags).size !== tags.length) problems.push('duplicate tags')
	for (const tag of tags) {
		if (tag === '' || tag !== tag.trim().toLowerCase()) problems.push(`tag "${tag}" is not trimmed lowercase`)
	}
	return problems
}

describe('demo opportunities', () => {
	it('has at least 40, roughly balanced across the three categories', () => {
		expect(demoOpportunities.length).toBeGreaterThanOrEqual(40)
		for (const category of CATEGORIES) {
			const count = demoOpportunities.filter((opportunity) => opportunity.category === category).length
			expect(count, category).toBeGreaterThanOrEqual(Math.floor(demoOpportunities.length / 4))
		}
	})

	it.each(demoOpportunities.map((opportunity) => [opportunity.title, opportunity] as const))(
		'%s obeys the opportunity form rules',
		(_title, opportunity) => {
			expect(opportunity.title.length).toBeGreaterThanOrEqual(3)
			expect(opportunity.title.length).toBeLessThanOrEqual(200)
			expect(CATEGORIES).toContain(opportunity.category)
			expect(tagProblems(opportunity.tags, 10)).toEqual([])
			expect(opportunity.organization.trim()).not.toBe('')
			expect(new URL(opportunity.url).protocol).toBe('https:')
			expect(new URL(opportunity.url).hostname).toMatch(/\.example\.[a-z.]+$/)
			expect(opportunity.description.length).toBeGreaterThanOrEqual(400)
			expect(opportunity.description.length).toBeLessThanOrEqual(1500)
			expect(opportunity.description).toContain('\n\n')
			if (opportunity.location !== null) expect(opportunity.location.trim()).toBe(opportunity.location)
		},
	)

	it('gives every opportunity a distinct, non-empty slug', () => {
		const slugs = demoOpportunities.map((opportunity) => slugifyTitle(opportunity.title))
		expect(slugs.every(Boolean)).toBe(true)
		expect(new Set(slugs).size).toBe(slugs.length)
	})

	it('spreads deadlines: closed, closing within 14 days, later and rolling', () => {
		const offsets = demoOpportunities.map((opportunity) => opportunity.deadlineInDays)
		const past = offsets.filter((days) => days !== null && days < 0)
		const soon = offsets.filter((days) => days !== null && days >= 0 && days <= 14)
		const later = offsets.filter((days) => days !== null && days > 14)
		expect(past.length).toBeGreaterThanOrEqual(6)
		expect(past.every((days) => days !== null && days >= -60)).toBe(true)
		expect(soon.length).toBeGreaterThanOrEqual(8)
		expect(soon).toContain(0)
		expect(soon).toContain(1)
		expect(later.every((days) => days !== null && days <= 240)).toBe(true)
		expect(offsets.filter((days) => days === null)).toHaveLength(2)
	})

	it('marks 3 or 4 as inactive', () => {
		const inactive = demoOpportunities.filter((opportunity) => opportunity.active === false)
		expect(inactive.length).toBeGreaterThanOrEqual(3)
		expect(inactive.length).toBeLessThanOrEqual(4)
	})

	it('uses many locations, including online, remote and none', () => {
		const locations = demoOpportunities.map((opportunity) => opportunity.location)
		expect(new Set(locations).size).toBeGreaterThanOrEqual(25)
		expect(locations).toContain('Online')
		expect(locations).toContain('Remote')
		expect(locations).toContain(null)
	})

	it('tags every medium and interest of the profile choice lists somewhere', () => {
		const tags = new Set(demoOpportunities.flatMap((opportunity) => opportunity.tags))
		for (const value of [...MEDIUMS, ...INTERESTS]) expect(tags, value).toContain(value)
	})

	it('gives almost every opportunity 3 to 8 questions', () => {
		const counts = demoOpportunities.map((opportunity) => opportunity.questions.length)
		expect(counts.every((count) => count <= 8)).toBe(true)
		expect(counts.filter((count) => count < 3).length).toBeLessThanOrEqual(4)
	})
})

describe('demo questions', () => {
	const questions = demoOpportunities.flatMap((opportunity) =>
		opportunity.questions.map((question) => ({ opportunity: opportunity.title, question })),
	)

	it('obey the question editor rules', () => {
		const problems = questions.flatMap(({ opportunity, question }) =>
			questionProblems(question).map((problem) => `${opportunity} / ${question.label}: ${problem}`),
		)
		expect(problems).toEqual([])
	})

	it('have slugs that are unique within their opportunity without needing a suffix', () => {
		for (const opportunity of demoOpportunities) {
			const slugs = opportunity.questions.map((question) => slugifyQuestionLabel(question.label))
			expect(slugs.every(Boolean), opportunity.title).toBe(true)
			expect(new Set(slugs).size, opportunity.title).toBe(slugs.length)
		}
	})

	it('use every question type, both limit kinds, sections and optional fields', () => {
		const all = questions.map(({ question }) => question)
		expect(new Set(all.map((question) => question.type))).toEqual(new Set(QUESTION_TYPES))
		expect(new Set(all.map((question) => question.limit?.type).filter(Boolean))).toEqual(new Set(['words', 'chars']))
		expect(all.some((question) => question.section === undefined)).toBe(true)
		expect(new Set(all.map((question) => question.section).filter(Boolean)).size).toBeGreaterThanOrEqual(3)
		expect(all.some((question) => question.required)).toBe(true)
		expect(all.some((question) => !question.required)).toBe(true)
		expect(all.some((question) => question.helpText)).toBe(true)
	})
})

describe('demo templates', () => {
	it('has at least 15 with unique labels', () => {
		expect(demoTemplates.length).toBeGreaterThanOrEqual(15)
		const labels = demoTemplates.map((template) => template.label)
		expect(new Set(labels).size).toBe(labels.length)
	})

	it('obey the question editor rules and have lowercase tags', () => {
		const problems = demoTemplates.flatMap((template) =>
			[...questionProblems(template), ...tagProblems(template.tags)].map(
				(problem) => `${template.label}: ${problem}`,
			),
		)
		expect(problems).toEqual([])
		expect(demoTemplates.every((template) => template.tags.length > 0)).toBe(true)
	})

	it('cover every question type', () => {
		expect(new Set(demoTemplates.map((template) => template.type))).toEqual(new Set(QUESTION_TYPES))
	})
})
