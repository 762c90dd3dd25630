import { describe, expect, test } from 'vitest'
import { limitLabel, questionTypeLabel } from './display.ts'

describe('question display', () => {
	test('limit labels read "Max {n} words" or "Max {n} characters", and nothing when a field is missing', () => {
		expect(limitLabel('words', 300)).toBe('Max 300 words')
		expect(limitLabel('chars', 500)).toBe('Max 500 characters')
		expect(limitLabel(null, 500)).toBeNull()
		expect(limitLabel('words', null)).toBeNull()
		expect(limitLabel(undefined, undefined)).toBeNull()
	})

	test('type display names, unknown types as Long Text', () => {
		expect(['short_text', 'long_text', 'multiple_choice', 'multi_select', 'url', 'number'].map(questionTypeLabel)).toEqual([
			'Short Text',
			'Long Text',
			'Multiple Choice',
			'Multi Select',
			'URL',
			'Number',
		])
		expect(questionTypeLabel('essay')).toBe('Long Text')
	})
})
