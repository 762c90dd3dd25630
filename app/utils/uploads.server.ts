import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node'
import { DomainError } from '#server/domain/errors.ts'
import { limitSize } from '#server/domain/files/size-limit.ts'
import { isMultipartForm } from '#server/http/multipart.ts'
import { FORM_MESSAGES, NUL } from './read-form.server.ts'

export type UploadedFile = {
	/** The form field the file came in. */
	field: string
	/** The name the browser sent (unsanitised: see sanitizeFileName). */
	fileName: string
	/** The type the browser claimed; not to be trusted (see sniffContentType). */
	contentType: string
	/** The file's bytes, read straight from the request as the consumer pulls them. */
	stream: AsyncIterable<Uint8Array>
}

export type ParseUploadsOptions<T> = {
	/** Called once per file, in form order, while the request is being read. */
	onFile(file: UploadedFile): Promise<T>
	/** Files after this many are read past and reported in `skippedFiles` (the spec cuts extra images off). */
	maxFiles: number
	/** A larger file fails the whole request with "Each file must be at most N MB.". */
	maxFileBytes: number
	maxFieldBytes?: number
	maxFields?: number
	/** All text fields together: what a request holds in memory besides the part being read. */
	maxTotalFieldBytes?: number
}

export type ParsedUploads<T> = {
	/** The text fields. */
	fields: FormData
	files: { field: string; fileName: string; result: T }[]
	skippedFiles: number
}

export const UPLOAD_MESSAGES = {
	fieldTooLong: 'A form field is too long.',
	tooMuchText: 'The form holds too much text.',
} as const

const DEFAULTS = { maxFieldBytes: 100_000, maxFields: 100, maxTotalFieldBytes: 256 * 1024 }

/**
 * Reads a multipart form in a Remix action, streaming each file part straight
 * into `onFile` (typically storeUpload) so that no file is buffered in memory
 * or written to a temporary file. Empty file inputs (no name) are ignored.
 * Bad input (not multipart, malformed, over a limit, a NUL character in a text
 * field) is a DomainError INVALID, so the action answers 400; errors of `onFile`
 * other than DomainErrors propagate.
 */
export async function parseUploads<T>(request: Request, options: ParseUploadsOptions<T>): Promise<ParsedUploads<T>> {
	const { onFile, maxFiles, maxFileBytes } = options
	const { maxFieldBytes, maxFields, maxTotalFieldBytes } = { ...DEFAULTS, ...options }
	const files: ParsedUploads<T>['files'] = []
	let skippedFiles = 0
	let fieldCount = 0
	let fieldBytes = 0
	let failure: { error: unknown } | undefined

	const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
		if (filename === undefined) {
			if (++fieldCount > maxFields) throw new DomainError('INVALID', 'The form has too many fields.')
			const textLeft = maxTotalFieldBytes - fieldBytes
			const fieldLimit =
				textLeft < maxFieldBytes ? { bytes: textLeft, message: UPLOAD_MESSAGES.tooMuchText } : { bytes: maxFieldBytes, message: UPLOAD_MESSAGES.fieldTooLong }
			const text = await readText(data, fieldLimit)
			fieldBytes += Buffer.byteLength(text)
			if (text.includes(NUL) || name.includes(NUL)) throw new DomainError('INVALID', FORM_MESSAGES.nul)
			return text
		}
		if (!filename || files.length >= maxFiles) {
			if (filename) skippedFiles++
			await drain(limitSize(data, maxFileBytes))
			return undefined
		}
		const stream = limitSize(data, maxFileBytes)
		try {
			const result = await onFile({ field: name, fileName: filename, contentType, stream })
			files.push({ field: name, fileName: filename, result })
		} catch (error) {
			failure = { error }
			throw error
		}
		// The parser buffers whatever a handler leaves unread; read past it here instead.
		await drain(limitSize(data, maxFileBytes))
		return undefined
	}

	if (!isMultipartForm(request.headers.get('content-type'))) {
		throw new DomainError('INVALID', 'The form must be sent as multipart/form-data.')
	}
	try {
		const fields = await unstable_parseMultipartFormData(request, handler)
		return { fields, files, skippedFiles }
	} catch (error) {
		if (error instanceof DomainError) throw error
		if (failure) throw failure.error
		// The parser's own errors: a truncated or malformed body.
		throw new DomainError('INVALID', 'The upload could not be read. Please try again.', { cause: error })
	}
}

async function readText(data: AsyncIterable<Uint8Array>, limit: { bytes: number; message: string }) {
	const chunks: Uint8Array[] = []
	let size = 0
	for await (const chunk of data) {
		size += chunk.byteLength
		if (size > limit.bytes) throw new DomainError('INVALID', limit.message)
		chunks.push(chunk)
	}
	return Buffer.concat(chunks).toString('utf8')
}

async function drain(stream: AsyncIterable<Uint8Array>) {
	for await (const _chunk of stream);
}
