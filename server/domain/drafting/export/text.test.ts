import { describe, expect, test } from 'vitest'
import { sampleDraft } from './draft.fixture.ts'
import { draftAsDownloadText, draftAsText } from './text.ts'

const twoQuestions = sampleDraft({
	answers: sampleDraft().answers.slice(0, 2),
})

describe('Copy All', () => {
	test('numbers the questions and puts a dashed line between each prompt and its answer', () => {
		expect(draftAsText(twoQuestions)).toBe(
			[
				'1. Describe the project and who you will work with.',
				'----------',
				'Tidewater is a dance piece about the harbour at night.',
				'',
				'I will make it with Zoë Ødegård, Ελένη Παπαδοπούλου and Юлия Соколова, who have worked with me since 2021.',
				'',
				'2. Which disciplines does the project involve?',
				'----------',
				'Dance, Sound art',
			].join('\n'),
		)
	})

	test('an unwritten answer leaves its question with nothing under the dashes, and no trailing whitespace', () => {
		const text = draftAsText(sampleDraft())
		expect(text.endsWith('4. Budget notes\n----------')).toBe(true)
		expect(text).not.toMatch(/[ \t]+$/m)
	})

	test('Windows line breaks and surrounding whitespace in an answer do not reach the clipboard', () => {
		const [first] = twoQuestions.answers
		const draft = sampleDraft({ answers: [{ ...first!, answer: '  One.\r\n\r\nTwo.  \n' }] })
		expect(draftAsText(draft)).toBe('1. Describe the project and who you will work with.\n----------\nOne.\n\nTwo.')
	})
})

describe('the .txt download', () => {
	test('starts with what the draft is for and when it is due, then the Copy All text, ending with a newline', () => {
		expect(draftAsDownloadText(twoQuestions)).toBe(
			[
				'Spring Residency 2027 · Nov 23, 2026',
				'Spring Residency 2027',
				'Harbour Arts Council',
				'Deadline: Jan 5, 2027',
				'',
				draftAsText(twoQuestions),
				'',
			].join('\n'),
		)
	})

	test('leaves out an organization and a deadline the opportunity does not have', () => {
		const text = draftAsDownloadText(sampleDraft({ organization: '', deadline: null, answers: twoQuestions.answers }))
		expect(text.startsWith('Spring Residency 2027 · Nov 23, 2026\nSpring Residency 2027\n\n1. Describe')).toBe(true)
		expect(text).not.toContain('Deadline')
	})
})
