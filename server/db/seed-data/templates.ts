import type { QuestionType } from '#server/db/generated/enums.ts'
import { MEDIUMS } from '#server/domain/profiles/choices.ts'
import type { SeedLimit } from './opportunities.ts'

/**
 * Demo question templates: the questions admins import most often, worded as
 * funders usually word them. Labels are unique (the table's key).
 */
export type SeedTemplate = {
	label: string
	type: QuestionType
	helpText: string | null
	/** Only on short_text and long_text. */
	limit?: SeedLimit
	/** Only on multiple_choice and multi_select; at least two. */
	options?: readonly string[]
	/** Lowercase; searched by the Import Template dialog. */
	tags: readonly string[]
}

export const demoTemplates: readonly SeedTemplate[] = [
	{
		label: 'Artist Statement',
		type: 'long_text',
		helpText: 'What your work is about, how you make it and why. Write in the first person.',
		limit: { type: 'words', value: 300 },
		tags: ['about you', 'statement', 'common'],
	},
	{
		label: 'Biography (third person)',
		type: 'long_text',
		helpText: 'A short biography as it would appear in a press release or catalogue.',
		limit: { type: 'words', value: 150 },
		tags: ['about you', 'bio', 'common'],
	},
	{
		label: 'Project Description',
		type: 'long_text',
		helpText: 'Describe the project, what you will make and how, and why now.',
		limit: { type: 'words', value: 500 },
		tags: ['project', 'proposal', 'common'],
	},
	{
		label: 'Project Title',
		type: 'short_text',
		helpText: null,
		limit: { type: 'chars', value: 120 },
		tags: ['project'],
	},
	{
		label: 'Project Summary',
		type: 'short_text',
		helpText: 'One or two sentences that a panel can read aloud.',
		limit: { type: 'chars', value: 280 },
		tags: ['project', 'summary'],
	},
	{
		label: 'Budget Breakdown',
		type: 'long_text',
		helpText: 'Each cost on its own line with how you estimated it. Include other confirmed funding.',
		limit: { type: 'chars', value: 2000 },
		tags: ['budget', 'grants'],
	},
	{
		label: 'Amount Requested',
		type: 'number',
		helpText: 'In the currency of the call, without symbols or separators.',
		tags: ['budget', 'grants'],
	},
	{
		label: 'Portfolio Link',
		type: 'url',
		helpText: 'A website, online portfolio or shared folder with 10 to 20 recent works.',
		tags: ['work samples', 'portfolio', 'common'],
	},
	{
		label: 'Video Documentation',
		type: 'url',
		helpText: 'A link to video of the work; add a password in your notes if needed.',
		tags: ['work samples', 'video', 'performance'],
	},
	{
		label: 'Years of Practice',
		type: 'number',
		helpText: 'Years since you began showing or selling work, not years of study.',
		tags: ['about you', 'eligibility'],
	},
	{
		label: 'Preferred Residency Period',
		type: 'multiple_choice',
		helpText: 'The season you would most like to attend.',
		options: ['Winter (January to March)', 'Spring (April to June)', 'Summer (July to September)', 'Autumn (October to December)', 'Flexible'],
		tags: ['residencies', 'logistics'],
	},
	{
		label: 'Mediums',
		type: 'multi_select',
		helpText: 'Select every medium the proposed work uses.',
		options: [...MEDIUMS],
		tags: ['about you', 'mediums'],
	},
	{
		label: 'Career Stage',
		type: 'multiple_choice',
		helpText: null,
		options: ['Emerging (under 5 years)', 'Early career (5 to 10 years)', 'Mid-career (10 to 20 years)', 'Established (over 20 years)'],
		tags: ['about you', 'eligibility'],
	},
	{
		label: 'Timeline',
		type: 'long_text',
		helpText: 'The main stages of the project, month by month.',
		limit: { type: 'words', value: 200 },
		tags: ['project', 'planning'],
	},
	{
		label: 'Community Engagement',
		type: 'long_text',
		helpText: 'Who the work is for, who you will work with, and how they will take part.',
		limit: { type: 'words', value: 300 },
		tags: ['project', 'public art', 'community'],
	},
	{
		label: 'Access Requirements',
		type: 'long_text',
		helpText: 'Anything the organisers should arrange so that you can take part fully. Optional.',
		limit: { type: 'chars', value: 800 },
		tags: ['logistics', 'access'],
	},
	{
		label: 'Selected Exhibitions',
		type: 'long_text',
		helpText: 'Up to ten, most recent first: title, venue, city, year.',
		limit: { type: 'chars', value: 1200 },
		tags: ['about you', 'cv'],
	},
	{
		label: 'Technical Requirements',
		type: 'multi_select',
		helpText: 'Equipment the work needs to be shown.',
		options: ['Projector', 'Screens', 'Speakers', 'Lighting', 'Power', 'Internet connection', 'Plinths'],
		tags: ['logistics', 'installation', 'exhibitions'],
	},
	{
		label: 'Why this opportunity?',
		type: 'long_text',
		helpText: 'What this opportunity would make possible for you, specifically.',
		limit: { type: 'words', value: 250 },
		tags: ['motivation', 'common'],
	},
	{
		label: 'Work Title, Medium and Dimensions',
		type: 'short_text',
		helpText: 'For example: Low Tide, oil on linen, 120 x 90 cm, 2025.',
		limit: { type: 'chars', value: 200 },
		tags: ['open calls', 'work samples', 'exhibitions'],
	},
]
