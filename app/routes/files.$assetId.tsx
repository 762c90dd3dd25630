import { Readable } from 'node:stream'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#server/auth/guards.ts'
import { isDomainError } from '#server/domain/errors.ts'
import { getAssetForDownload } from '#server/domain/profiles/assets.ts'

/*
 * A user's file, streamed from storage to its owner or an admin, with the type recorded when its
 * bytes were checked (`X-Content-Type-Options: nosniff` is on every response: server/http/security.ts).
 * Anyone else gets the same 404 as for an id that does not exist, so ids reveal nothing. Signed-out
 * visitors go to sign in (for any id alike), and come back here afterwards.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const user = requireUser(request, context)
	let asset
	try {
		asset = await getAssetForDownload(context.app, user, params.assetId)
	} catch (error) {
		if (isDomainError(error) && error.code === 'NOT_FOUND') throw new Response('Not found.', { status: 404 })
		throw error
	}
	const inline = asset.contentType.startsWith('image/') || asset.contentType === 'application/pdf'
	return new Response(Readable.toWeb(asset.body) as ReadableStream<Uint8Array>, {
		headers: {
			'Content-Type': asset.contentType,
			'Content-Length': String(asset.size),
			'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', asset.originalName),
			// Private to this user: never kept by a shared cache.
			'Cache-Control': 'private, max-age=300',
		},
	})
}

/** RFC 6266: an ASCII fallback name plus the exact name in UTF-8 (RFC 5987). */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string) {
	const ascii = fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_').trim() || 'file'
	const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
	return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
