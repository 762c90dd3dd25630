/*
 * The draft as a PDF: a document an artist can read through, print or attach. Every glyph is drawn
 * with the embedded DejaVu Sans, so names in Greek or Cyrillic print as written on any machine.
 * Server-only.
 */
import PDFDocument from 'pdfkit'
import { formatLongDate } from '#server/domain/dates.ts'
import { limitLabel } from '#server/domain/questions/display.ts'
import { answerCount, answerParagraphs, displayAnswer, isWebUrl, opportunityLine, pdfPrintable, type DraftAnswer, type DraftDocument } from './document.ts'
import { dejaVuSans } from './fonts.ts'

const REGULAR = 'DejaVuSans'
const BOLD = 'DejaVuSans-Bold'
const OBLIQUE = 'DejaVuSans-Oblique'

const INK = '#1f1f1f'
const MUTED = '#636363'
const LINK = '#1d4ed8'
const OVER = '#b42318'
const RULE = '#d6d6d6'

export const UNPRINTABLE_ANSWER = '(written in characters this PDF cannot show: Export Word, Copy or Download keep them)'

// One inch all round; the footer sits in the bottom margin.
const MARGIN = 72
const FOOTER_OFFSET = 40

type TextStyle = { font: string; size: number; color: string; lineGap: number }

const STYLES = {
	title: { font: BOLD, size: 20, color: INK, lineGap: 2 },
	subtitle: { font: REGULAR, size: 12, color: INK, lineGap: 2 },
	meta: { font: REGULAR, size: 10, color: MUTED, lineGap: 2 },
	heading: { font: BOLD, size: 13, color: INK, lineGap: 2 },
	note: { font: REGULAR, size: 9.5, color: MUTED, lineGap: 2 },
	help: { font: OBLIQUE, size: 9.5, color: MUTED, lineGap: 2 },
	answer: { font: REGULAR, size: 11, color: INK, lineGap: 4 },
	empty: { font: OBLIQUE, size: 11, color: MUTED, lineGap: 4 },
	count: { font: REGULAR, size: 9, color: MUTED, lineGap: 2 },
	footer: { font: REGULAR, size: 9, color: MUTED, lineGap: 0 },
} satisfies Record<string, TextStyle>

/** The draft as a Letter-size PDF with page numbers, its text in DejaVu Sans. */
export async function renderDraftPdf(doc: DraftDocument): Promise<Buffer> {
	const fonts = await dejaVuSans()
	const pdf = new PDFDocument({
		size: 'LETTER',
		margin: MARGIN,
		// "Page N of M" needs M, known only once every page is laid out.
		bufferPages: true,
		autoFirstPage: false,
		// An empty name stops pdfkit loading its default Helvetica, which has no Greek or Cyrillic:
		// a text drawn before a DejaVu face is chosen fails instead of printing empty boxes.
		font: '',
		displayTitle: true,
		info: { Title: doc.title, Subject: doc.opportunityTitle, Creator: 'Callboard', Producer: 'Callboard' },
	})
	const done = collect(pdf)
	pdf.registerFont(REGULAR, fonts.regular)
	pdf.registerFont(BOLD, fonts.bold)
	pdf.registerFont(OBLIQUE, fonts.oblique)
	pdf.font(REGULAR).addPage()

	writeHeader(pdf, doc)
	for (const answer of doc.answers) {
		writeAnswer(pdf, answer)
		// Laying out is synchronous: other requests of this process go between answers (exports.ts).
		await new Promise(setImmediate)
	}
	writePageNumbers(pdf)

	pdf.end()
	return done
}

function collect(pdf: PDFKit.PDFDocument): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = []
		pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
		pdf.on('end', () => resolve(Buffer.concat(chunks)))
		pdf.on('error', reject)
	})
}

function styled(pdf: PDFKit.PDFDocument, style: TextStyle) {
	return pdf.font(style.font).fontSize(style.size).fillColor(style.color)
}

function write(pdf: PDFKit.PDFDocument, text: string, style: TextStyle, options: PDFKit.Mixins.TextOptions = {}) {
	styled(pdf, style).text(printed(text), { lineGap: style.lineGap, ...options })
}

/** The text as the PDF draws it, and measures it before drawing it (the same, or a heading is kept with the wrong height). */
function printed(text: string) {
	return breakableRuns(pdfPrintable(text))
}

/** Characters without a space after which a break is allowed (a long URL, up to this, stays one piece). */
const LONGEST_RUN = 200
/**
 * What pdfkit breaks a line at: ASCII spaces and the zero-width space. Not the other spaces of
 * `\s` (no-break spaces, which a paste from Word or a web page is full of, are runs too).
 */
const BREAKS = ' \\t\\n\\r\\u200B'
const LONG_RUN = new RegExp(`[^${BREAKS}]{${LONGEST_RUN}}(?=[^${BREAKS}\\p{M}])`, 'gu')
/** A run the first cannot break: combining marks piled on one letter. Broken anyway, every 1,000. */
const UNBROKEN_RUN = new RegExp(`[^${BREAKS}]{${5 * LONGEST_RUN}}(?=[^${BREAKS}])`, 'gu')

/**
 * The text with a zero-width space after every 200 characters of a run that has no space (pasted
 * base64, a script written without spaces). pdfkit breaks a word wider than the line one character
 * at a time, measuring the word again for each: 50,000 such characters took 80 s, all of it on the
 * event loop. With a break allowed every 200, each run costs what a long URL costs. The space has
 * no width, so the page looks the same; never before a combining mark, which stays with its letter,
 * unless marks alone go on for 1,000.
 */
export function breakableRuns(text: string) {
	return text.length > LONGEST_RUN ? text.replace(LONG_RUN, '$&\u200B').replace(UNBROKEN_RUN, '$&\u200B') : text
}

function heightOf(pdf: PDFKit.PDFDocument, text: string, style: TextStyle) {
	return styled(pdf, style).heightOfString(printed(text), { lineGap: style.lineGap, width: contentWidth(pdf) })
}

function contentWidth(pdf: PDFKit.PDFDocument) {
	return pdf.page.width - pdf.page.margins.left - pdf.page.margins.right
}

/** Starts a new page unless `height` still fits above the bottom margin. */
function keepTogether(pdf: PDFKit.PDFDocument, height: number) {
	if (pdf.y + height > pdf.page.height - pdf.page.margins.bottom) pdf.addPage()
}

function writeHeader(pdf: PDFKit.PDFDocument, doc: DraftDocument) {
	write(pdf, doc.title, STYLES.title)
	pdf.moveDown(0.3)
	write(pdf, opportunityLine(doc), STYLES.subtitle)
	if (doc.deadline) write(pdf, `Deadline: ${formatLongDate(doc.deadline)}`, STYLES.meta)
	if (doc.opportunityUrl) {
		// Only a web address becomes a link: a PDF link to `javascript:` or `file:` is not something to hand out.
		const link = isWebUrl(doc.opportunityUrl)
		write(pdf, doc.opportunityUrl, link ? { ...STYLES.meta, color: LINK } : STYLES.meta, link ? { link: doc.opportunityUrl } : {})
	}
	pdf.moveDown(0.8)
	const y = pdf.y
	pdf
		.moveTo(pdf.page.margins.left, y)
		.lineTo(pdf.page.width - pdf.page.margins.right, y)
		.lineWidth(0.75)
		.strokeColor(RULE)
		.stroke()
	pdf.moveDown(0.4)
}

function writeAnswer(pdf: PDFKit.PDFDocument, answer: DraftAnswer) {
	const heading = `${answer.number}. ${answer.prompt.trim()}`
	const limit = limitLabel(answer.limitType, answer.limitValue)
	const help = answer.helpText?.trim() ?? ''
	const paragraphs = answerParagraphs(displayAnswer(answer.type, answer.answer))

	pdf.moveDown(1)
	// A heading is not left alone at the foot of a page: it moves over with its notes and the answer's first lines.
	keepTogether(
		pdf,
		heightOf(pdf, heading, STYLES.heading) +
			(limit ? heightOf(pdf, limit, STYLES.note) : 0) +
			(help ? heightOf(pdf, help, STYLES.help) : 0) +
			3 * styled(pdf, STYLES.answer).currentLineHeight(true),
	)
	write(pdf, heading, STYLES.heading)
	if (limit || help) pdf.moveDown(0.15)
	if (limit) write(pdf, limit, STYLES.note)
	if (help) write(pdf, help, STYLES.help)
	pdf.moveDown(0.5)

	if (!paragraphs.length) {
		write(pdf, '(no answer yet)', STYLES.empty)
	} else if (!paragraphs.some((paragraph) => pdfPrintable(paragraph).trim())) {
		// Written all in characters the font lacks (a Japanese answer): said, not printed as nothing.
		write(pdf, UNPRINTABLE_ANSWER, STYLES.empty)
	} else {
		paragraphs.forEach((paragraph, index) => {
			if (index > 0) pdf.moveDown(0.6)
			write(pdf, paragraph, STYLES.answer)
		})
	}

	const count = answerCount(answer)
	if (count) {
		pdf.moveDown(0.3)
		writeInBottomMarginIfNeeded(pdf, heightOf(pdf, count.over ? `${count.label} · ${count.over}` : count.label, STYLES.count), () => {
			write(pdf, count.over ? `${count.label} · ` : count.label, STYLES.count, { continued: Boolean(count.over) })
			if (count.over) write(pdf, count.over, { ...STYLES.count, font: BOLD, color: OVER })
		})
	}
}

/**
 * Draws a line that belongs to the text above it (an answer's count) on the same page: when it no
 * longer fits above the bottom margin, in the margin, above the page number, rather than alone at
 * the top of a page of its own.
 */
function writeInBottomMarginIfNeeded(pdf: PDFKit.PDFDocument, height: number, draw: () => void) {
	const { margins } = pdf.page
	const bottom = margins.bottom
	if (pdf.y + height > pdf.page.height - bottom) margins.bottom = FOOTER_OFFSET + 4
	try {
		draw()
	} finally {
		margins.bottom = bottom
	}
}

function writePageNumbers(pdf: PDFKit.PDFDocument) {
	const { start, count } = pdf.bufferedPageRange()
	for (let index = start; index < start + count; index++) {
		pdf.switchToPage(index)
		const { margins } = pdf.page
		const bottom = margins.bottom
		// Text below the bottom margin would make pdfkit start another page; the footer is allowed there.
		margins.bottom = 0
		styled(pdf, STYLES.footer).text(`Page ${index + 1} of ${count}`, margins.left, pdf.page.height - FOOTER_OFFSET, {
			align: 'center',
			width: contentWidth(pdf),
			lineBreak: false,
		})
		margins.bottom = bottom
	}
}
