/*
 * A draft for the export tests: names in Latin with diacritics, Greek and Cyrillic, a multi_select,
 * an answer over its limit and one not written yet.
 */
import type { DraftDocument } from './document.ts'

export const NAMES = ['Zoë Ødegård', 'Ελένη Παπαδοπούλου', 'Юлия Соколова'] as const

export function sampleDraft(overrides: Partial<DraftDocument> = {}): DraftDocument {
	return {
		title: 'Spring Residency 2027 · Nov 23, 2026',
		opportunityTitle: 'Spring Residency 2027',
		organization: 'Harbour Arts Council',
		deadline: '2027-01-05',
		opportunityUrl: 'https://example.org/spring-residency',
		createdAt: '2026-11-23T10:15:00.000Z',
		answers: [
			{
				number: 1,
				prompt: 'Describe the project and who you will work with.',
				helpText: 'Name your collaborators.',
				limitType: 'words',
				limitValue: 300,
				type: 'long_text',
				answer:
					'Tidewater is a dance piece about the harbour at night.\n\n' +
					`I will make it with ${NAMES[0]}, ${NAMES[1]} and ${NAMES[2]}, who have worked with me since 2021.`,
			},
			{
				number: 2,
				prompt: 'Which disciplines does the project involve?',
				helpText: null,
				limitType: null,
				limitValue: null,
				type: 'multi_select',
				answer: '["Dance","Sound art"]',
			},
			{
				number: 3,
				prompt: 'Project title',
				helpText: null,
				limitType: 'chars',
				limitValue: 20,
				type: 'short_text',
				answer: 'Tidewater: a night at the harbour',
			},
			{
				number: 4,
				prompt: 'Budget notes',
				helpText: null,
				limitType: 'words',
				limitValue: 150,
				type: 'long_text',
				answer: '',
			},
		],
		...overrides,
	}
}
