import pLimit from 'p-limit'
import { DomainError } from '#server/domain/errors.ts'
import type { DraftDocument } from './document.ts'
import { renderDraftDocx } from './docx.ts'
import { renderDraftPdf } from './pdf.ts'

/*
 * Export PDF and Export Word. pdfkit and docx lay a document out synchronously, on the event loop
 * that serves every request of this process: a draft's worth of answers at their 50,000 characters
 * each costs up to a few hundred milliseconds per answer (the PDF yields between answers). So a
 * process renders at most two exports at once and lets eight more wait; past that an export is
 * refused at once, before any work, rather than queued without end.
 */

export const EXPORT_FORMATS = {
	pdf: { render: renderDraftPdf, contentType: 'application/pdf' },
	docx: { render: renderDraftDocx, contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
} as const

export type ExportFormat = keyof typeof EXPORT_FORMATS

export const EXPORTS_BUSY_MESSAGE = 'Many exports are being made right now. Try again in a moment.'

const RENDERING_AT_ONCE = 2
const WAITING_AT_MOST = 8

const renders = pLimit(RENDERING_AT_ONCE)

/** The export's bytes; UNAVAILABLE when this process already has as many exports as it takes. */
export async function renderExport(document: DraftDocument, format: ExportFormat): Promise<Buffer> {
	if (renders.pendingCount >= WAITING_AT_MOST) throw new DomainError('UNAVAILABLE', EXPORTS_BUSY_MESSAGE)
	return renders(() => EXPORT_FORMATS[format].render(document))
}
