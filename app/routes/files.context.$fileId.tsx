import { Readable } from 'node:stream'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { orNotFound } from '#app/utils/errors.server.ts'
import { requireUser } from '#server/auth/guards.ts'
import { getContextFileForDownload } from '#server/domain/context/context.ts'
import { contentDisposition } from './files.$assetId.tsx'

/*
 * A question-context file, streamed from storage to its owner only, with the type recorded when its
 * bytes were checked (always a JPG, PNG or PDF, so shown inline; `X-Content-Type-Options: nosniff`
 * is on every response). Anyone else, admins included, gets the same 404 as for an id that does not
 * exist. Signed-out visitors go to sign in and come back here afterwards.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const user = requireUser(request, context)
	const file = await orNotFound(() => getContextFileForDownload(context.app, user, params.fileId))
	return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, {
		headers: {
			'Content-Type': file.contentType,
			'Content-Length': String(file.size),
			'Content-Disposition': contentDisposition('inline', file.name),
			// Private to this user: never kept by a shared cache.
			'Cache-Control': 'private, max-age=300',
		},
	})
}
