import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireDraftDocument } from '#app/utils/draft-export.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { draftPath } from '#server/domain/drafting/drafting.schema.ts'
import { downloadFileName } from '#server/domain/drafting/export/document.ts'
import { EXPORT_FORMATS, renderExport } from '#server/domain/drafting/export/exports.ts'
import { isDomainError } from '#server/domain/errors.ts'

/** Export PDF and Export Word, for Pro (PRODUCT.md). A free artist is sent to the draft page's upgrade offer. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const format = params.format === 'pdf' || params.format === 'docx' ? params.format : null
	if (!format) throw new Response('Not found', { status: 404 })
	const document = await requireDraftDocument(request, context, params.id, format)
	let body: Buffer
	try {
		body = await renderExport(document, format)
	} catch (error) {
		// Too many exports at once in this process: back to the draft, which says so.
		if (!isDomainError(error)) throw error
		throw await redirectWithToast(draftPath(params.id ?? ''), { type: 'error', description: error.message }, context.app.env)
	}
	return new Response(new Uint8Array(body), {
		headers: {
			'Content-Type': EXPORT_FORMATS[format].contentType,
			'Content-Disposition': `attachment; filename="${downloadFileName(document.title, format)}"`,
			'Content-Length': String(body.length),
			'Cache-Control': 'private, no-store',
		},
	})
}
