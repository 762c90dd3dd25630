import { expect, test } from 'vitest'
import { classifyQuestion, planDraft, wantsThirdPerson } from './offline-intents.ts'
import type { DraftQuestion } from './types.ts'

const ask = (label: string, type = 'long_text', helpText: string | null = null) => ({ label, type, helpText })

test('questions are read by what they ask, as funders word them', () => {
	const cases: [ReturnType<typeof ask>, string][] = [
		[ask('Artist Statement', 'long_text', 'What your work is about and how you make it.'), 'statement'],
		[ask('How will the grant change your practice?'), 'motivation'],
		[ask('Why this opportunity?'), 'motivation'],
		[ask('Project Description', 'long_text', 'Describe the work, its scale and materials.'), 'proposal'],
		[ask('Short Biography', 'long_text', 'Written in the third person.'), 'bio'],
		[ask('Selected Exhibitions'), 'history'],
		[ask('Budget Breakdown'), 'budget'],
		[ask('Project Timeline'), 'timeline'],
		[ask('Approach to Community Engagement'), 'community'],
		[ask('Technical Approach'), 'process'],
		[ask('Relationship to the Place'), 'place'],
		[ask('Access Requirements'), 'access'],
		[ask('What happened?'), 'generic'],
		[ask('Project Title', 'short_text'), 'title'],
		[ask('Lead Artist or Team Name', 'short_text'), 'name'],
		[ask('Where are you based?', 'short_text'), 'location'],
		[ask('Medium and Dimensions', 'short_text'), 'mediums'],
		[ask('Date of Birth', 'short_text'), 'personal'],
		[ask('Password for the Link', 'short_text'), 'personal'],
		[ask('Website or Instagram', 'short_text'), 'website'],
		[ask('Link to Portfolio', 'short_text'), 'website'],
		[ask('Website or e-mail', 'short_text'), 'website'],
		[ask('Link to video (max size 100MB)', 'short_text'), 'website'],
		[ask('Project Summary', 'short_text'), 'proposal'],
	]
	for (const [question, intent] of cases) expect([question.label, classifyQuestion(question)]).toEqual([question.label, intent])
	expect(wantsThirdPerson({ label: 'Biography (third person)', helpText: null })).toBe(true)
	expect(wantsThirdPerson({ label: 'Biography', helpText: null })).toBe(false)
})

test('answers of the same intent in one draft get different openings', () => {
	const question = (label: string): DraftQuestion => ({
		slug: label.toLowerCase().replace(/\W+/g, '-'),
		label,
		helpText: null,
		type: 'long_text',
		required: true,
		options: [],
		limitType: null,
		limitValue: null,
	})
	const plans = planDraft([question('Artist Statement'), question('Statement about the works'), question('Your practice')])
	expect(plans.map((plan) => plan.intent)).toEqual(['statement', 'statement', 'statement'])
	expect(new Set(plans.map((plan) => plan.variant)).size).toBe(3)
	expect(plans.map((plan) => plan.slot)).toEqual([0, 1, 2])
})
