import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { answerField, answerFieldMaxChars, DRAFT_FORM_MAX_BYTES, fingerprint, MAX_POSTED_ANSWERS, readDraftPageForm, untouchedPost } from './answer-form.ts'
import { ANSWER_FIELD_MAX_CHARS } from './drafting.schema.ts'

type Shown = { id: string; questionType: string; options?: string[]; text: string; revision?: number }

/**
 * The page's form as a browser posts it: each answer's id, revision and fingerprint as rendered,
 * and its field as the artist left it (`posted`, or what the control holds untouched).
 */
function pagePost(command: string, answers: (Shown & { posted?: string | string[] })[]) {
	const form = new FormData()
	form.set('do', command)
	for (const answer of answers) {
		const shown = { questionType: answer.questionType, options: answer.options ?? [], text: answer.text }
		form.append('answer', answer.id)
		form.set(answerField.base(answer.id), String(answer.revision ?? 1))
		form.set(answerField.shown(answer.id), fingerprint(untouchedPost(shown)))
		const posted = answer.posted ?? untouchedPost(shown)
		if (answer.questionType === 'multi_select') {
			form.set(answerField.multi(answer.id), '1')
			for (const value of Array.isArray(posted) ? posted : (JSON.parse(posted) as string[])) form.append(answerField.values(answer.id), value)
		} else if (posted !== '') {
			form.set(answerField.value(answer.id), String(posted))
		}
	}
	return form
}

const A = '0b6f1c3e-0000-4000-8000-000000000001'
const B = '0b6f1c3e-0000-4000-8000-000000000002'
const C = '0b6f1c3e-0000-4000-8000-000000000003'

describe("the draft page's one form saves only the answers the artist changed", () => {
	test('a one-line field posts its text without line breaks, a URL field without the spaces around it too', () => {
		expect(untouchedPost({ questionType: 'short_text', options: [], text: 'A title\nthat had a line break\r\n' })).toBe('A titlethat had a line break')
		expect(untouchedPost({ questionType: 'number', options: [], text: ' 12,000\n' })).toBe(' 12,000')
		expect(untouchedPost({ questionType: 'url', options: [], text: '  https://ada.example.com \n' })).toBe('https://ada.example.com')
		expect(untouchedPost({ questionType: 'long_text', options: [], text: '\r\nFirst.\r\nSecond.\rThird.' })).toBe('\nFirst.\nSecond.\nThird.')
		expect(untouchedPost({ questionType: 'multi_select', options: ['a', 'b', 'c'], text: '["c", "a", "z"]' })).toBe('["a","c","z"]')
		expect(untouchedPost({ questionType: 'multi_select', options: ['a'], text: 'not a list' })).toBe('[]')
		// The multipart reader drops a leading byte-order mark (pasted text can carry one).
		expect(untouchedPost({ questionType: 'long_text', options: [], text: '\uFEFFPasted.' })).toBe('Pasted.')
	})

	test('answers left as loaded are not edits, whatever the browser did to their line breaks and spaces', () => {
		const form = pagePost(`save:${A}`, [
			{ id: A, questionType: 'long_text', text: 'First line.\nSecond line.' },
			{ id: B, questionType: 'short_text', text: 'A title\nthat had a line break' },
			{ id: C, questionType: 'url', text: '  https://ada.example.com \n' },
		])
		// Browsers send every line break as CRLF.
		form.set(answerField.value(A), 'First line.\r\nSecond line.')
		expect(readDraftPageForm(form)).toEqual({ command: { intent: 'save', answerId: A }, edits: [] })
	})

	test('a changed answer is an edit, with its revision and its line breaks as stored', () => {
		const form = pagePost(`regenerate:${B}`, [
			{ id: A, questionType: 'long_text', text: 'Old words.', revision: 7, posted: 'New words,\r\non two lines.' },
			{ id: B, questionType: 'long_text', text: 'Untouched.' },
		])
		expect(readDraftPageForm(form)).toEqual({ command: { intent: 'regenerate', answerId: B }, edits: [{ answerId: A, text: 'New words,\non two lines.', baseRevision: 7 }] })
	})

	test('choices: a radio left unchosen and ticked boxes in page order are not edits; a new choice is', () => {
		const options = ['Wood shop', 'Projectors', 'Scissor lift']
		const untouched = readDraftPageForm(
			pagePost(`save:${A}`, [
				{ id: A, questionType: 'multiple_choice', options, text: '' },
				{ id: B, questionType: 'multi_select', options, text: '["Scissor lift", "Wood shop"]' },
			]),
		)
		expect(untouched?.edits).toEqual([])
		const changed = readDraftPageForm(
			pagePost(`save:${A}`, [
				{ id: A, questionType: 'multiple_choice', options, text: 'Projectors', posted: 'Wood shop' },
				{ id: B, questionType: 'multi_select', options, text: '["Wood shop"]', posted: [] },
			]),
		)
		expect(changed?.edits.map(({ answerId, text }) => ({ answerId, text }))).toEqual([
			{ answerId: A, text: 'Wood shop' },
			{ answerId: B, text: '[]' },
		])
	})

	test('the button pressed says what to do next', () => {
		const command = (value: string) => readDraftPageForm(pagePost(value, []))?.command
		expect(command(`undo:${A}`)).toEqual({ intent: 'undo', answerId: A, direction: 'undo' })
		expect(command(`redo:${A}`)).toEqual({ intent: 'undo', answerId: A, direction: 'redo' })
		expect(command('status:completed')).toEqual({ intent: 'status', status: 'completed' })
		expect(command('status:in_progress')).toEqual({ intent: 'status', status: 'in_progress' })
		// Enter in a one-line answer presses the form's hidden default button, which saves and does nothing else.
		expect(command('save')).toEqual({ intent: 'save', answerId: '' })
		expect(command('download')).toEqual({ intent: 'file', file: 'download' })
		expect(command('export:pdf')).toEqual({ intent: 'file', file: 'export/pdf' })
		expect(command('export:docx')).toEqual({ intent: 'file', file: 'export/docx' })
		for (const unknown of ['export:', 'export:txt', 'toString', '__proto__', 'hasOwnProperty']) expect(command(unknown), unknown).toBeUndefined()
		for (const unknown of ['', 'save:', 'status:deleted', `delete:${A}`, `save:${A}:extra`, `save:${'x'.repeat(101)}`]) expect(command(unknown), unknown).toBeUndefined()
	})

	test('a post it cannot read is refused whole: a file for a field, too many answers', () => {
		const withFile = pagePost(`save:${A}`, [{ id: A, questionType: 'long_text', text: 'Old.' }])
		withFile.set(answerField.value(A), new Blob(['not text']), 'answer.txt')
		expect(readDraftPageForm(withFile)).toBeNull()
		const many = pagePost(`save:${A}`, [])
		for (let index = 0; index <= MAX_POSTED_ANSWERS; index++) many.append('answer', `answer-${index}`)
		expect(readDraftPageForm(many)).toBeNull()
		// An answer named twice is read once.
		const twice = pagePost(`save:${A}`, [{ id: A, questionType: 'long_text', text: 'Old.', posted: 'New.' }])
		twice.append('answer', A)
		expect(readDraftPageForm(twice)?.edits).toHaveLength(1)
	})

	test('a fingerprint tells texts apart, and is the same for the same text', () => {
		fc.assert(
			fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (one, other) => {
				expect(fingerprint(one)).toBe(fingerprint(`${one}`))
				if (one !== other) expect(fingerprint(one)).not.toBe(fingerprint(other))
			}),
		)
		expect(fingerprint('x'.repeat(100_000))).not.toBe(fingerprint(`${'x'.repeat(99_999)}y`))
	})
})

describe("each answer's field without JavaScript", () => {
	test('takes twice what an answer holds on a page of ordinary length', () => {
		for (const answers of [1, 10, 27]) expect(answerFieldMaxChars(answers), String(answers)).toBe(ANSWER_FIELD_MAX_CHARS)
		// Each still takes a whole answer (50,000 characters) on a page of 55.
		expect(answerFieldMaxChars(55)).toBeGreaterThanOrEqual(50_000)
	})

	test('shares the form out so that every field, full of three-byte characters, fits its limit together', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: MAX_POSTED_ANSWERS }), (answers) => {
				const perField = answerFieldMaxChars(answers)
				expect(perField).toBeGreaterThan(0)
				// Each field's text at 3 bytes a unit, with a part's headers and the answer's small fields.
				expect(answers * (perField * 3 + 1024) + 16 * 1024).toBeLessThanOrEqual(DRAFT_FORM_MAX_BYTES)
			}),
		)
	})
})
