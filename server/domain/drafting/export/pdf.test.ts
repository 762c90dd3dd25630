import PDFDocument from 'pdfkit'
import { describe, expect, test, vi } from 'vitest'
import { NAMES, sampleDraft } from './draft.fixture.ts'
import { PDF_CANNOT_SHOW } from './document.ts'
import { breakableRuns, renderDraftPdf, UNPRINTABLE_ANSWER } from './pdf.ts'

/** What a PDF reader finds: each page's text (pdfjs, as the CV ingest reads PDFs), the links and the document info. */
async function readPdf(pdf: Buffer) {
	const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
	const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise
	try {
		const pages: string[] = []
		for (let number = 1; number <= document.numPages; number++) {
			const content = await (await document.getPage(number)).getTextContent()
			pages.push(
				content.items
					.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
					.join('')
					.replace(/[^\S\n]+/g, ' '),
			)
		}
		const links: string[] = []
		for (let number = 1; number <= document.numPages; number++) {
			for (const annotation of await (await document.getPage(number)).getAnnotations()) {
				if (annotation.subtype === 'Link') links.push(String(annotation.url ?? annotation.unsafeUrl))
			}
		}
		const { info } = await document.getMetadata()
		return { pages, links, info: info as Record<string, unknown> }
	} finally {
		await document.destroy()
	}
}

async function pageTexts(pdf: Buffer) {
	return (await readPdf(pdf)).pages
}

describe('the PDF', () => {
	test('carries the draft: header, prompts, notes, answers in any script, counts and page numbers', async () => {
		const pages = await pageTexts(await renderDraftPdf(sampleDraft()))
		expect(pages).toHaveLength(1)
		const [text] = pages as [string]
		for (const line of [
			'Spring Residency 2027 · Nov 23, 2026',
			'Spring Residency 2027 · Harbour Arts Council',
			'Deadline: January 5, 2027',
			'https://example.org/spring-residency',
			'1. Describe the project and who you will work with.',
			'Max 300 words',
			'Name your collaborators.',
			'Tidewater is a dance piece about the harbour at night.',
			'29 / 300 words',
			'2. Which disciplines does the project involve?',
			'Dance, Sound art',
			'3. Project title',
			'33 / 20 chars · 13 over limit',
			'4. Budget notes',
			'(no answer yet)',
			'Page 1 of 1',
		]) {
			expect(text).toContain(line)
		}
		for (const name of NAMES) expect(text).toContain(name)
	})

	test('embeds its TrueType font and never falls back to a standard font without Greek or Cyrillic', async () => {
		const bytes = (await renderDraftPdf(sampleDraft())).toString('latin1')
		expect(bytes).toContain('/FontFile2')
		expect(bytes).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/)
		expect(bytes).not.toContain('Helvetica')
		expect(bytes).not.toMatch(/\/Subtype \/Type1/)
	})

	test('names the document for the reader and the viewer', async () => {
		const { info } = await readPdf(await renderDraftPdf(sampleDraft({ title: 'Ελένη · Open Call 2027' })))
		expect(info).toMatchObject({ Title: 'Ελένη · Open Call 2027', Creator: 'Callboard' })
	})

	test("links the opportunity's web address, and prints any other kind of address without a link", async () => {
		expect((await readPdf(await renderDraftPdf(sampleDraft()))).links).toEqual(['https://example.org/spring-residency'])
		const unsafe = await readPdf(await renderDraftPdf(sampleDraft({ opportunityUrl: 'javascript:alert(1)' })))
		expect(unsafe.links).toEqual([])
		expect(unsafe.pages[0]).toContain('javascript:alert(1)')
	})

	test('50,000 characters without a space are laid out in linear work, and all of them printed', async () => {
		// pdfkit breaks a word wider than the line one character at a time, measuring the rest of the
		// word again each time: such a run used to be measured about n²/2 characters' worth (80 s of
		// the event loop for 50,000). Counted in characters measured, not in time.
		const measured = vi.spyOn(PDFDocument.prototype, 'widthOfString')
		const [first] = sampleDraft().answers
		const run = 'ab'.repeat(25_000)
		try {
			const pdf = await renderDraftPdf(sampleDraft({ answers: [{ ...first!, limitType: null, limitValue: null, answer: run }] }))
			const characters = measured.mock.calls.reduce((sum, [text]) => sum + String(text).length, 0)
			// About 3× the text now (163,000 characters measured).
			expect(characters).toBeLessThan(run.length * 20)
			const text = (await pageTexts(pdf)).join('').replace(/\u200B|\s|Page \d+ of \d+/g, '')
			expect(text).toContain(run)
		} finally {
			measured.mockRestore()
		}
	})

	test('a run without a space may break after every 200 characters, never before a combining mark', () => {
		const url = `https://example.org/${'x'.repeat(150)}`
		expect(breakableRuns(`see ${url} here`)).toBe(`see ${url} here`)
		expect(breakableRuns('a'.repeat(450))).toBe(`${'a'.repeat(200)}\u200B${'a'.repeat(200)}\u200B${'a'.repeat(50)}`)
		// The 201st character is an accent of the 200th letter: the break waits one letter.
		const accented = `${'a'.repeat(199)}e\u0301${'b'.repeat(10)}`
		expect(breakableRuns(accented)).toBe(`${'a'.repeat(199)}e\u0301\u200B${'b'.repeat(10)}`)
		// Code points, not UTF-16 units: an emoji is never cut in half.
		expect(breakableRuns('😀'.repeat(201))).toBe(`${'😀'.repeat(200)}\u200B😀`)
		// A no-break space is no break for pdfkit (a paste from Word is full of them): 80 s before.
		expect(breakableRuns('mot\u00A0'.repeat(60))).toBe(`${'mot\u00A0'.repeat(50)}\u200B${'mot\u00A0'.repeat(10)}`)
		// Marks piled on one letter have no place before a letter: broken every 1,000 anyway (12 s before).
		expect(breakableRuns(`a${'\u0301'.repeat(1100)}`)).toBe(`a${'\u0301'.repeat(999)}\u200B${'\u0301'.repeat(101)}`)
	})

	test('leaves out what its font cannot draw (CJK, emoji) rather than printing boxes, and says so of an answer that is all such', async () => {
		const [first, second] = sampleDraft().answers
		const mixed = 'Tidewater 潮汐 opens in Lisbon 👩‍👩‍👧 in May 🇵🇹.'
		const pages = await pageTexts(
			await renderDraftPdf(sampleDraft({ answers: [{ ...first!, answer: mixed }, { ...second!, number: 2, type: 'long_text', answer: 'こんにちは、世界。' }] })),
		)
		const text = pages.join('\n').replace(/\s+/g, ' ')
		expect(text).toMatch(/Tidewater\s+opens in Lisbon\s+in May\s+\./)
		expect(text).not.toMatch(PDF_CANNOT_SHOW)
		expect(text).toContain(UNPRINTABLE_ANSWER)
	})

	test('a long answer runs on to a second page, and every page is numbered out of the total', async () => {
		const [first] = sampleDraft().answers
		const sentence = 'The residency gives me the time to rehearse with the company in the harbour shed every evening. '
		const answer = Array.from({ length: 8 }, (_, index) => `Paragraph ${index + 1}. ${sentence.repeat(4)}`).join('\n\n') + '\n\nThe final line.'
		const pages = await pageTexts(await renderDraftPdf(sampleDraft({ answers: [{ ...first!, limitValue: 1000, answer }] })))
		expect(pages).toHaveLength(2)
		expect(pages[0]).toContain('Page 1 of 2')
		expect(pages[0]).toContain('Paragraph 1.')
		expect(pages[1]).toContain('The final line.')
		expect(pages[1]).toContain('563 / 1,000 words')
		expect(pages[1]).toContain('Page 2 of 2')
	})

	test("an answer's count stays on the page of its last line, wherever the page ends", async () => {
		const [first] = sampleDraft().answers
		// One paragraph of 280 to 420 words: its lines come 15 points apart, so one of them ends
		// at the very foot of the first page, where the count no longer fits below it.
		for (let words = 280; words <= 420; words += 10) {
			const answer = Array.from({ length: words }, (_, index) => (index === words - 1 ? 'Finis.' : `w${index}`)).join(' ')
			const pages = await pageTexts(await renderDraftPdf(sampleDraft({ answers: [{ ...first!, limitValue: 1000, answer }] })))
			const last = pages.findIndex((page) => page.includes('Finis.'))
			expect(pages[last], `${words} words`).toContain(`${words} / 1,000 words`)
		}
	})
})
