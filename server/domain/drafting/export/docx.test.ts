import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, test } from 'vitest'
import { renderDraftDocx } from './docx.ts'
import { sampleDraft } from './draft.fixture.ts'

async function openDocx(draft = sampleDraft()) {
	const files = unzipSync(new Uint8Array(await renderDraftDocx(draft)))
	const xml = (name: string) => {
		const file = files[name]
		if (!file) throw new Error(`${name} is not in the document`)
		return strFromU8(file)
	}
	return { files, xml }
}

/** Each paragraph's text as Word shows it: its runs' text joined. */
function paragraphTexts(documentXml: string): string[] {
	return documentXml
		.split('</w:p>')
		.map((paragraph) =>
			[...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)]
				.map((match) => match[1]!)
				.join('')
				.replace(/&lt;/g, '<')
				.replace(/&gt;/g, '>')
				.replace(/&quot;/g, '"')
				.replace(/&apos;/g, "'")
				.replace(/&amp;/g, '&'),
		)
		.filter(Boolean)
}

/** Undoes the obfuscation of an embedded font (ECMA-376 Part 2, 11.1): the first 32 bytes XORed with the key's bytes, last first. */
function deobfuscate(data: Uint8Array, fontKey: string): Buffer {
	const hex = fontKey.replace(/[^0-9a-f]/gi, '')
	const key = Array.from({ length: 16 }, (_, index) => parseInt(hex.slice(30 - index * 2, 32 - index * 2), 16))
	const font = Buffer.from(data)
	for (let index = 0; index < 32; index++) font[index]! ^= key[index % 16]!
	return font
}

async function dejaVuFile(name: string) {
	const packageJson = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')
	return readFile(path.join(path.dirname(packageJson), 'ttf', name))
}

describe('the Word document', () => {
	test('has the header, each prompt as a heading, the notes, the answers in any script and the counts', async () => {
		const { xml } = await openDocx()
		const documentXml = xml('word/document.xml')
		expect(paragraphTexts(documentXml)).toEqual([
			'Spring Residency 2027 · Nov 23, 2026',
			'Spring Residency 2027 · Harbour Arts Council',
			'Deadline: January 5, 2027',
			'https://example.org/spring-residency',
			'1. Describe the project and who you will work with.',
			'Max 300 words',
			'Name your collaborators.',
			'Tidewater is a dance piece about the harbour at night.',
			'I will make it with Zoë Ødegård, Ελένη Παπαδοπούλου and Юлия Соколова, who have worked with me since 2021.',
			'29 / 300 words',
			'2. Which disciplines does the project involve?',
			'Dance, Sound art',
			'3. Project title',
			'Max 20 characters',
			'Tidewater: a night at the harbour',
			'33 / 20 chars · 13 over limit',
			'4. Budget notes',
			'Max 150 words',
			'(no answer yet)',
		])
		expect(documentXml).toContain('<w:pStyle w:val="Title"/>')
		expect(documentXml.match(/<w:pStyle w:val="Heading1"\/>/g)).toHaveLength(4)
	})

	test("links the opportunity's web address, and prints any other kind of address without a link", async () => {
		const safe = await openDocx()
		expect(safe.xml('word/document.xml')).toContain('<w:hyperlink')
		expect(safe.xml('word/_rels/document.xml.rels')).toMatch(/Target="https:\/\/example\.org\/spring-residency" TargetMode="External"/)
		const unsafe = await openDocx(sampleDraft({ opportunityUrl: 'javascript:alert(1)' }))
		expect(unsafe.xml('word/document.xml')).not.toContain('<w:hyperlink')
		expect(unsafe.xml('word/_rels/document.xml.rels')).not.toContain('javascript:')
		expect(paragraphTexts(unsafe.xml('word/document.xml'))).toContain('javascript:alert(1)')
	})

	test('numbers its pages out of the total', async () => {
		const { xml } = await openDocx()
		const footer = xml('word/footer1.xml')
		expect(paragraphTexts(footer)).toEqual(['Page  of '])
		expect(footer).toMatch(/<w:instrText[^>]*>PAGE<\/w:instrText>[\s\S]*<w:instrText[^>]*>NUMPAGES<\/w:instrText>/)
	})

	test('is set in DejaVu Sans, which it embeds, regular, bold and italic', async () => {
		const { files, xml } = await openDocx()
		expect(xml('word/styles.xml')).toContain(
			'<w:rFonts w:ascii="DejaVu Sans" w:cs="DejaVu Sans" w:eastAsia="DejaVu Sans" w:hAnsi="DejaVu Sans"/>',
		)
		expect(xml('word/settings.xml')).toContain('<w:embedTrueTypeFonts/>')

		const fontTable = xml('word/fontTable.xml')
		const relationships = xml('word/_rels/fontTable.xml.rels')
		const faces = [
			['embedRegular', 'DejaVuSans.ttf'],
			['embedBold', 'DejaVuSans-Bold.ttf'],
			['embedItalic', 'DejaVuSans-Oblique.ttf'],
		] as const
		expect(fontTable).toMatch(/<w:font w:name="DejaVu Sans">/)
		for (const [element, ttf] of faces) {
			const embed = new RegExp(`<w:${element} r:id="([^"]+)" w:fontKey="([^"]+)"/>`).exec(fontTable)
			expect(embed, element).not.toBeNull()
			const [, id, fontKey] = embed!
			const target = new RegExp(`Id="${id}"[^>]*Target="([^"]+)"`).exec(relationships)?.[1]
			expect(target).toMatch(/^fonts\/font\d+\.odttf$/)
			const embedded = files[`word/${target}`]!
			expect(deobfuscate(embedded, fontKey!).equals(await dejaVuFile(ttf)), `${target} is ${ttf}`).toBe(true)
		}
	})

	test('marks a paragraph that starts in Hebrew or Arabic right to left, and no other', async () => {
		const [first] = sampleDraft().answers
		const answer = ['שלום, זהו טקסט בעברית עם English words ו-123 מספרים.', 'مرحبا بالعالم، هذا نص عربي.', 'English first, then שלום.', '2027: עברית אחרי מספר.'].join('\n\n')
		const { xml } = await openDocx(sampleDraft({ answers: [{ ...first!, helpText: 'כתבו בקצרה.', answer }] }))
		const paragraphs = xml('word/document.xml').split('</w:p>')
		const marked = (text: string) => {
			const paragraph = paragraphs.find((candidate) => paragraphTexts(candidate).join('') === text)
			expect(paragraph, text).toBeDefined()
			return /<w:bidi\/>/.test(paragraph!)
		}
		expect(marked('שלום, זהו טקסט בעברית עם English words ו-123 מספרים.')).toBe(true)
		expect(marked('مرحبا بالعالم، هذا نص عربي.')).toBe(true)
		expect(marked('2027: עברית אחרי מספר.')).toBe(true)
		expect(marked('כתבו בקצרה.')).toBe(true)
		expect(marked('English first, then שלום.')).toBe(false)
		expect(marked('1. Describe the project and who you will work with.')).toBe(false)
	})

	test('is named for the draft and made by Callboard', async () => {
		const { xml } = await openDocx(sampleDraft({ title: 'Ελένη · Open Call 2027' }))
		const core = xml('docProps/core.xml')
		expect(core).toContain('<dc:title>Ελένη · Open Call 2027</dc:title>')
		expect(core).toContain('<dc:creator>Callboard</dc:creator>')
	})
})
