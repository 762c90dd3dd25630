import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireDraftDocument } from '#app/utils/draft-export.server.ts'
import { downloadFileName } from '#server/domain/drafting/export/document.ts'
import { renderDraftDocx } from '#server/domain/drafting/export/docx.ts'
import { renderDraftPdf } from '#server/domain/drafting/export/pdf.ts'

const FORMATS = {
	pdf: { render: renderDraftPdf, contentType: 'application/pdf' },
	docx: { render: renderDraftDocx, contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
} as const

/** Export PDF and Export Word, for Pro (PRODUCT.md). A free artist is sent to the draft page's upgrade offer. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const format = params.format === 'pdf' || params.format === 'docx' ? params.format : null
	if (!format) throw new Response('Not found', { status: 404 })
	const document = await requireDraftDocument(request, context, params.id, format)
	const { render, contentType } = FORMATS[format]
	const body = await render(document)
	return new Response(new Uint8Array(body), {
		headers: {
			'Content-Type': contentType,
			'Content-Disposition': `attachment; filename="${downloadFileName(document.title, format)}"`,
			'Content-Length': String(body.length),
			'Cache-Control': 'private, no-store',
		},
	})
}
