import { describe, expect, test } from 'vitest'
import {
	answerCount,
	answerParagraphs,
	displayAnswer,
	downloadFileName,
	draftDocument,
	isWebUrl,
	type DraftAnswer,
	type DraftSource,
} from './document.ts'

const answer = (overrides: Partial<DraftAnswer>): DraftAnswer => ({
	number: 1,
	prompt: 'Artist statement',
	helpText: null,
	limitType: null,
	limitValue: null,
	type: 'long_text',
	answer: '',
	...overrides,
})

describe('answers as shown', () => {
	test('a multi_select answer reads as a list; invalid JSON and other types are shown as they are', () => {
		expect(displayAnswer('multi_select', '["A","B"]')).toBe('A, B')
		expect(displayAnswer('multi_select', '[]')).toBe('')
		expect(displayAnswer('multi_select', 'A, B, and C')).toBe('A, B, and C')
		expect(displayAnswer('long_text', '["A","B"]')).toBe('["A","B"]')
	})

	test('blank lines separate paragraphs; a single line break stays inside its paragraph', () => {
		expect(answerParagraphs('  One.\r\nStill one.\r\n\r\n \n\nTwo.  \n')).toEqual(['One.\nStill one.', 'Two.'])
		expect(answerParagraphs(' \n ')).toEqual([])
	})
})

describe('counts', () => {
	test('are the draft page counter, with thousands separators and how far over the limit', () => {
		const words = 'word '.repeat(212)
		expect(answerCount(answer({ limitType: 'words', limitValue: 300, answer: words }))).toEqual({ label: '212 / 300 words', over: null })
		expect(answerCount(answer({ limitType: 'words', limitValue: 200, answer: words }))).toEqual({
			label: '212 / 200 words',
			over: '12 over limit',
		})
		expect(answerCount(answer({ limitType: 'chars', limitValue: 1500, answer: 'é'.repeat(1204) }))).toEqual({
			label: '1,204 / 1,500 chars',
			over: null,
		})
	})

	test('without a limit, a free-text answer counts its words', () => {
		expect(answerCount(answer({ answer: 'One two three' }))?.label).toBe('3 words')
		expect(answerCount(answer({ answer: 'One' }))?.label).toBe('1 word')
	})

	test('are left out for an unwritten answer and for answers that are not free text', () => {
		expect(answerCount(answer({ limitType: 'words', limitValue: 300, answer: '  ' }))).toBeNull()
		expect(answerCount(answer({ type: 'multi_select', answer: '["A","B"]' }))).toBeNull()
		expect(answerCount(answer({ type: 'url', answer: 'https://example.org' }))).toBeNull()
	})
})

describe('download file names', () => {
	test('are the title lowercased, every other character an underscore', () => {
		expect(downloadFileName('Spring Residency 2027 · Nov 23, 2026', 'txt')).toBe('spring_residency_2027___nov_23__2026.txt')
		expect(downloadFileName('Zoë’s Open Call', 'pdf')).toBe('zo__s_open_call.pdf')
	})

	test('a title with no letter or digit of a-z and 0-9 gives "draft"', () => {
		expect(downloadFileName('', 'docx')).toBe('draft.docx')
		expect(downloadFileName('Ελένη · 🎭', 'pdf')).toBe('draft.pdf')
	})
})

test('only http and https addresses become links in a file', () => {
	expect(isWebUrl('https://example.org/call')).toBe(true)
	expect(isWebUrl('http://example.org')).toBe(true)
	expect(isWebUrl('javascript:alert(1)')).toBe(false)
	expect(isWebUrl('file:///etc/passwd')).toBe(false)
	expect(isWebUrl('example.org')).toBe(false)
})

describe('a draft as an export document', () => {
	const draft: DraftSource<DraftSource['answers'][number] & { id: string }> = {
		title: 'Spring Residency 2027 · Nov 23, 2026',
		opportunityTitle: 'Spring Residency 2027',
		organization: '',
		deadline: '2027-01-05',
		opportunityUrl: null,
		createdAt: '2026-11-23T10:15:00.000Z',
		answers: [
			{ id: 'a', prompt: 'Statement', helpText: null, limitType: 'words', limitValue: 300, questionType: 'long_text', status: 'written', text: 'Saved text.' },
			{ id: 'b', prompt: 'Title', helpText: 'Short.', limitType: null, limitValue: null, questionType: 'short_text', status: 'failed', text: 'Stale.' },
			{ id: 'c', prompt: 'Disciplines', helpText: null, limitType: null, limitValue: null, questionType: 'multi_select', status: 'pending', text: '' },
		],
	}

	test('numbers the answers in order and exports only written ones', () => {
		expect(draftDocument(draft).answers).toEqual([
			{ number: 1, prompt: 'Statement', helpText: null, limitType: 'words', limitValue: 300, type: 'long_text', answer: 'Saved text.' },
			{ number: 2, prompt: 'Title', helpText: 'Short.', limitType: null, limitValue: null, type: 'short_text', answer: '' },
			{ number: 3, prompt: 'Disciplines', helpText: null, limitType: null, limitValue: null, type: 'multi_select', answer: '' },
		])
	})

	test('takes the text on the page where the artist changed it, saved or not', () => {
		const onPage = new Map([['b', 'Typed by hand.']])
		const answers = draftDocument(draft, (answer) => onPage.get(answer.id)).answers.map((answer) => answer.answer)
		expect(answers).toEqual(['Saved text.', 'Typed by hand.', ''])
	})
})
