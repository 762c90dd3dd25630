import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireDraftDocument } from '#app/utils/draft-export.server.ts'
import { downloadFileName } from '#server/domain/drafting/export/document.ts'
import { draftAsDownloadText } from '#server/domain/drafting/export/text.ts'

/** Download as plain text (spec section 9: the file named from the title). A real link, so it works without JavaScript. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const document = await requireDraftDocument(request, context, params.id, 'text')
	return new Response(draftAsDownloadText(document), {
		headers: {
			'Content-Type': 'text/plain; charset=utf-8',
			'Content-Disposition': `attachment; filename="${downloadFileName(document.title, 'txt')}"`,
			'Cache-Control': 'private, no-store',
		},
	})
}
