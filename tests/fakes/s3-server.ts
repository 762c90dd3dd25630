import { createHash, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readBody } from './http.ts'

type StoredObject = { body: Buffer; contentType: string; etag: string }
type PendingUpload = { key: string; contentType: string; parts: Map<number, { body: Buffer; etag: string }> }

/**
 * The S3 REST calls Callboard's storage makes, in path style
 * (`/{bucket}/{key}`), for the real AWS SDK to talk to: PutObject, GetObject,
 * HeadObject, DeleteObject and the multipart upload calls. Errors are S3's XML
 * bodies (NoSuchKey, NoSuchBucket, NoSuchUpload, InvalidAccessKeyId). It checks
 * that requests are signed with the expected access key but does not verify
 * signatures.
 */
export async function startFakeS3Server({ bucket, accessKeyId }: { bucket: string; accessKeyId: string }) {
	const objects = new Map<string, StoredObject>()
	const uploads = new Map<string, PendingUpload>()
	/** "METHOD query-operation" of every request, e.g. "POST uploads", for tests to see which calls were made. */
	const calls: string[] = []

	const server = createServer(async (req, res) => {
		try {
			await handle(req, res)
		} catch (error) {
			sendError(res, 500, 'InternalError', String(error))
		}
	})

	async function handle(req: IncomingMessage, res: ServerResponse) {
		const url = new URL(req.url ?? '/', 'http://fake-s3')
		const [, bucketName = '', ...rest] = url.pathname.split('/')
		const key = decodeURIComponent(rest.join('/'))
		const query = url.searchParams
		calls.push(`${req.method} ${[...query.keys()].filter((name) => !name.startsWith('x-id')).join('&')}`.trim())
		res.setHeader('x-amz-request-id', randomUUID())
		res.setHeader('x-amz-id-2', randomUUID())

		if (!String(req.headers.authorization ?? '').startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) {
			return sendError(res, 403, 'InvalidAccessKeyId', 'The AWS access key Id you provided does not exist in our records.')
		}
		if (bucketName !== bucket) return sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist')
		if (/^STREAMING-/.test(String(req.headers['x-amz-content-sha256'] ?? ''))) {
			return sendError(res, 501, 'NotImplemented', 'The fake does not decode aws-chunked bodies')
		}

		const uploadId = query.get('uploadId')
		if (req.method === 'POST' && query.has('uploads')) {
			const id = randomUUID()
			uploads.set(id, { key, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'), parts: new Map() })
			return sendXml(res, 200, `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`)
		}
		if (uploadId) {
			const upload = uploads.get(uploadId)
			if (!upload || upload.key !== key) return sendError(res, 404, 'NoSuchUpload', 'The specified upload does not exist.')
			if (req.method === 'PUT') {
				const body = await readBody(req)
				const etag = md5(body)
				upload.parts.set(Number(query.get('partNumber')), { body, etag })
				res.setHeader('ETag', etag)
				return res.writeHead(200).end()
			}
			if (req.method === 'POST') {
				const listed = [...(await readBody(req)).toString('utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]))
				const parts = listed.map((number) => upload.parts.get(number))
				if (!listed.length || parts.some((part) => !part)) return sendError(res, 400, 'InvalidPart', 'One or more of the specified parts could not be found.')
				const body = Buffer.concat(parts.map((part) => part!.body))
				const etag = `"${createHash('md5').update(body).digest('hex')}-${parts.length}"`
				objects.set(key, { body, contentType: upload.contentType, etag })
				uploads.delete(uploadId)
				return sendXml(res, 200, `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><ETag>${escapeXml(etag)}</ETag></CompleteMultipartUploadResult>`)
			}
			if (req.method === 'DELETE') {
				uploads.delete(uploadId)
				return res.writeHead(204).end()
			}
		}

		if (req.method === 'PUT') {
			const body = await readBody(req)
			const etag = md5(body)
			objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'), etag })
			res.setHeader('ETag', etag)
			return res.writeHead(200).end()
		}
		if (req.method === 'GET' || req.method === 'HEAD') {
			const object = objects.get(key)
			if (!object) {
				if (req.method === 'HEAD') return res.writeHead(404).end()
				return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.', key)
			}
			res.writeHead(200, {
				'Content-Type': object.contentType,
				'Content-Length': object.body.length,
				ETag: object.etag,
				'Last-Modified': new Date().toUTCString(),
			})
			return res.end(req.method === 'GET' ? object.body : undefined)
		}
		if (req.method === 'DELETE') {
			objects.delete(key)
			return res.writeHead(204).end()
		}
		return sendError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.')
	}

	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return {
		endpoint: `http://127.0.0.1:${port}`,
		objects,
		uploads,
		calls,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

function md5(body: Buffer) {
	return `"${createHash('md5').update(body).digest('hex')}"`
}

function sendXml(res: ServerResponse, status: number, xml: string) {
	res.writeHead(status, { 'Content-Type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}`)
}

function sendError(res: ServerResponse, status: number, code: string, message: string, key?: string) {
	const keyXml = key === undefined ? '' : `<Key>${escapeXml(key)}</Key>`
	sendXml(res, status, `<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message>${keyXml}<RequestId>${randomUUID()}</RequestId></Error>`)
}

function escapeXml(text: string) {
	return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)
}
