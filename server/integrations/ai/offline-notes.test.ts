import { expect, test } from 'vitest'
import { firstNoteLine, noteItems } from './offline-notes.ts'

test('jotted notes become first-person sentences in the answer’s tone', () => {
	const notes = [
		'mention that I worked with fishermen in 2022\n- focus on the river project\n- kiln hire; clay',
		'Answer: "I map tide lines."',
	]
	expect(noteItems(notes, 'neutral', false).map((item) => item.text)).toEqual([
		'I worked with fishermen in 2022.',
		'A central part of this is the river project.',
		'Key elements: kiln hire; clay.',
		'I map tide lines.',
	])
	expect(noteItems(['focus on the river project'], 'warm', false)[0]!.text).toBe('What matters most to me here is the river project.')
	expect(noteItems(['collaborated with local schools'], 'confident', false)[0]!.text).toBe('I collaborated with local schools.')
})

test('in list-like answers short note lines stay lines', () => {
	expect(noteItems(['kiln hire 400 EUR\nclay 250 EUR'], 'neutral', true)).toEqual([
		{ text: 'Kiln hire 400 EUR', list: true },
		{ text: 'Clay 250 EUR', list: true },
	])
})

test('a one-line answer takes the first line of the notes, without a "Title:" label or quotes', () => {
	expect(firstNoteLine(['Title: "Tide Lines"\nmore later'])).toBe('Tide Lines')
	expect(firstNoteLine([' ', ''])).toBeUndefined()
})
