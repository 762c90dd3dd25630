import { describe, expect, test } from 'vitest'
import { ANSWER_FORMAT_MESSAGES, answerFormatProblem } from './answer-fit.ts'

describe('an edited answer that does not fit its type is noted', () => {
	test('a number answer holds a number, with thousands separators or decimals', () => {
		for (const fits of ['12000', '12,000', '-3.5', '+7', ' 42 ', '']) expect(answerFormatProblem('number', fits), fits).toBeNull()
		for (const wrong of ['twelve thousand', '12k', '1,2,3', '12.', '1e3', '£12']) expect(answerFormatProblem('number', wrong), wrong).toBe(ANSWER_FORMAT_MESSAGES.number)
	})

	test('a url answer holds a web address', () => {
		for (const fits of ['https://ada.example.com', 'http://example.org/work?id=1', '']) expect(answerFormatProblem('url', fits), fits).toBeNull()
		for (const wrong of ['not a url', 'ada.example.com', 'https://localhost', 'ftp://example.com', 'https://exa mple.com']) {
			expect(answerFormatProblem('url', wrong), wrong).toBe(ANSWER_FORMAT_MESSAGES.url)
		}
	})

	test('text and choice answers have no form to check', () => {
		for (const type of ['long_text', 'short_text', 'multiple_choice', 'unknown']) expect(answerFormatProblem(type, 'anything at all')).toBeNull()
	})
})
