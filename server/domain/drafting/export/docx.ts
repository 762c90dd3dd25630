/*
 * The draft as a Word document, with the same content as the PDF, in Word's own styles (Title,
 * Heading 1) so it stays editable. DejaVu Sans is the document's font and travels inside the file,
 * so a name in Greek or Cyrillic shows as written on a machine without the font. Server-only.
 */
import {
	AlignmentType,
	Document,
	ExternalHyperlink,
	Footer,
	HeadingLevel,
	Packer,
	PageNumber,
	Paragraph,
	TextRun,
	convertInchesToTwip,
	type IParagraphStyleOptions,
} from 'docx'
import { formatLongDate } from '#server/domain/dates.ts'
import { limitLabel } from '#server/domain/questions/display.ts'
import { answerCount, answerParagraphs, displayAnswer, isWebUrl, opportunityLine, startsRightToLeft, type DraftAnswer, type DraftDocument } from './document.ts'
import { dejaVuSans, FONT_FAMILY } from './fonts.ts'

const INK = '1F1F1F'
const MUTED = '636363'
const OVER = 'B42318'
const INCH = convertInchesToTwip(1)

// Font sizes are in half-points, spacing in twentieths of a point, line spacing in 240ths of a line.
const STYLE_IDS = { subtitle: 'Subtitle', meta: 'DraftMeta', note: 'LimitNote', help: 'HelpText', count: 'AnswerCount' } as const

const paragraphStyles: IParagraphStyleOptions[] = [
	{
		id: STYLE_IDS.subtitle,
		name: 'Subtitle',
		basedOn: 'Normal',
		next: 'Normal',
		quickFormat: true,
		run: { size: 24, color: INK },
		paragraph: { spacing: { after: 40 } },
	},
	{
		id: STYLE_IDS.meta,
		name: 'Draft Details',
		basedOn: 'Normal',
		next: 'Normal',
		run: { size: 20, color: MUTED },
		paragraph: { spacing: { after: 20 } },
	},
	{
		id: STYLE_IDS.note,
		name: 'Limit Note',
		basedOn: 'Normal',
		next: 'Normal',
		run: { size: 19, color: MUTED },
		paragraph: { spacing: { after: 20 }, keepNext: true },
	},
	{
		id: STYLE_IDS.help,
		name: 'Help Text',
		basedOn: STYLE_IDS.note,
		next: 'Normal',
		run: { italics: true },
	},
	{
		id: STYLE_IDS.count,
		name: 'Answer Count',
		basedOn: 'Normal',
		next: 'Normal',
		run: { size: 18, color: MUTED },
		paragraph: { spacing: { before: 60, after: 0 } },
	},
]

/** The draft as a Letter-size .docx with page numbers, in DejaVu Sans, which it embeds. */
export async function renderDraftDocx(doc: DraftDocument): Promise<Buffer> {
	const fonts = await dejaVuSans()
	const document = new Document({
		title: doc.title,
		subject: doc.opportunityTitle,
		creator: 'Callboard',
		lastModifiedBy: 'Callboard',
		// Each face is written to word/fonts/ (obfuscated, as the format requires) and listed in word/fontTable.xml.
		fonts: [{ name: FONT_FAMILY, data: fonts.regular, bold: fonts.bold, italic: fonts.oblique }],
		// The theme's heading and body fonts too, so nothing that follows the theme falls back to Calibri.
		theme: { fonts: { headings: FONT_FAMILY, body: FONT_FAMILY } },
		styles: {
			default: {
				document: {
					run: { font: FONT_FAMILY, size: 22, color: INK },
					paragraph: { spacing: { after: 120, line: 288 } },
				},
				title: { run: { font: FONT_FAMILY, size: 40, bold: true, color: INK }, paragraph: { spacing: { after: 120 } } },
				heading1: {
					run: { font: FONT_FAMILY, size: 26, bold: true, color: INK },
					paragraph: { spacing: { before: 360, after: 60 }, keepNext: true, keepLines: true },
				},
			},
			paragraphStyles,
		},
		sections: [
			{
				properties: {
					page: {
						size: { width: convertInchesToTwip(8.5), height: convertInchesToTwip(11) },
						margin: { top: INCH, bottom: INCH, left: INCH, right: INCH },
					},
				},
				footers: { default: pageNumberFooter() },
				children: [...header(doc), ...doc.answers.flatMap(answerParagraphsOf)],
			},
		],
	})
	return Packer.toBuffer(document)
}

function header(doc: DraftDocument): Paragraph[] {
	const paragraphs = [
		new Paragraph({ text: doc.title, heading: HeadingLevel.TITLE }),
		new Paragraph({ text: opportunityLine(doc), style: STYLE_IDS.subtitle }),
	]
	if (doc.deadline) paragraphs.push(new Paragraph({ text: `Deadline: ${formatLongDate(doc.deadline)}`, style: STYLE_IDS.meta }))
	if (doc.opportunityUrl) {
		// Only a web address becomes a link: a document link to `javascript:` or `file:` is not something to hand out.
		const link = isWebUrl(doc.opportunityUrl)
		const run = new TextRun({ text: doc.opportunityUrl, style: link ? 'Hyperlink' : undefined })
		paragraphs.push(
			new Paragraph({
				style: STYLE_IDS.meta,
				children: [link ? new ExternalHyperlink({ link: doc.opportunityUrl, children: [run] }) : run],
			}),
		)
	}
	return paragraphs
}

function answerParagraphsOf(answer: DraftAnswer): Paragraph[] {
	const limit = limitLabel(answer.limitType, answer.limitValue)
	const help = answer.helpText?.trim()
	const paragraphs = answerParagraphs(displayAnswer(answer.type, answer.answer))
	const count = answerCount(answer)
	return [
		new Paragraph({ text: `${answer.number}. ${answer.prompt.trim()}`, heading: HeadingLevel.HEADING_1, ...direction(answer.prompt) }),
		...(limit ? [new Paragraph({ text: limit, style: STYLE_IDS.note })] : []),
		...(help ? [new Paragraph({ children: lines(help), style: STYLE_IDS.help, ...direction(help) })] : []),
		...(paragraphs.length
			? paragraphs.map((paragraph) => new Paragraph({ children: lines(paragraph), ...direction(paragraph) }))
			: [new Paragraph({ children: [new TextRun({ text: '(no answer yet)', italics: true, color: MUTED })] })]),
		...(count
			? [
					new Paragraph({
						style: STYLE_IDS.count,
						children: [
							new TextRun(count.over ? `${count.label} · ` : count.label),
							...(count.over ? [new TextRun({ text: count.over, bold: true, color: OVER })] : []),
						],
					}),
				]
			: []),
	]
}

/**
 * A paragraph in Hebrew or Arabic is marked right to left (`w:bidi`): Word then starts it at the
 * right margin and orders its words, numbers and stops as the reader expects. Word's own
 * bidirectional layout does the rest within the paragraph.
 */
const direction = (text: string) => (startsRightToLeft(text) ? { bidirectional: true } : {})

/** A paragraph's text as runs, its single line breaks kept as line breaks. */
function lines(text: string): TextRun[] {
	return text.split('\n').map((line, index) => new TextRun({ text: line, break: index > 0 ? 1 : undefined }))
}

function pageNumberFooter() {
	return new Footer({
		children: [
			new Paragraph({
				alignment: AlignmentType.CENTER,
				children: [new TextRun({ children: ['Page ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES], size: 18, color: MUTED })],
			}),
		],
	})
}
