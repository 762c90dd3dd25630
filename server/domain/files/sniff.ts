/**
 * File types recognised by their first bytes. Browsers send whatever type the
 * file name suggests, so uploads are judged by content: a renamed executable
 * does not become a PDF.
 */
export const FILE_TYPES = {
	'application/pdf': { extension: 'pdf', label: 'PDF' },
	'image/png': { extension: 'png', label: 'PNG' },
	'image/jpeg': { extension: 'jpg', label: 'JPG' },
	'image/gif': { extension: 'gif', label: 'GIF' },
	'image/webp': { extension: 'webp', label: 'WEBP' },
	'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { extension: 'docx', label: 'DOCX' },
	'application/msword': { extension: 'doc', label: 'DOC' },
	'application/zip': { extension: 'zip', label: 'ZIP' },
} as const

export type SniffedType = keyof typeof FILE_TYPES

/** How many leading bytes sniffContentType needs to tell every known type apart. */
export const SNIFF_BYTES = 12

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

const startsWith = (head: Uint8Array, signature: readonly number[], offset = 0) =>
	head.length >= offset + signature.length && signature.every((byte, index) => head[offset + index] === byte)

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))

/**
 * The content type of a file from its first SNIFF_BYTES bytes, or null when
 * it is none of FILE_TYPES. A DOCX is a zip archive, so a zip is a DOCX
 * candidate only when its name says so; storeUpload then checks, once the
 * whole file has streamed by, that its central directory has a Word
 * document's parts (isDocx in ./docx.ts).
 */
export function sniffContentType(head: Uint8Array, fileName = ''): SniffedType | null {
	if (startsWith(head, ascii('%PDF-'))) return 'application/pdf'
	if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
	if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg'
	if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif'
	if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp'
	if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return /\.docx$/i.test(fileName.trim()) ? DOCX_TYPE : 'application/zip'
	if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'application/msword'
	return null
}

export function isSniffedType(contentType: string): contentType is SniffedType {
	return Object.hasOwn(FILE_TYPES, contentType)
}

/** "PDF", "JPG, PNG or PDF": the types as the user knows them, for messages. */
export function describeTypes(contentTypes: readonly string[]): string {
	const labels = contentTypes.map((type) => (isSniffedType(type) ? FILE_TYPES[type].label : type))
	return new Intl.ListFormat('en', { type: 'disjunction' }).format([...new Set(labels)])
}
