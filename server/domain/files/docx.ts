/*
 * Whether a file that starts like a ZIP archive really is a Word document (.docx): a ZIP whose
 * central directory lists `[Content_Types].xml` and `word/document.xml`. A name ending in .docx and
 * the four bytes "PK\3\4" are 13 bytes anyone can type. The archive is never unpacked: only its
 * end-of-central-directory record and the central directory's entry headers are read, from the
 * last ZIP_TAIL_BYTES bytes of the upload, kept while it streams into storage.
 */

/** Bytes kept from the end of an upload: the end record, its comment and the central directory must fit. */
export const ZIP_TAIL_BYTES = 256 * 1024
/** A .docx has a few dozen parts; thousands is not a CV. */
const MAX_ENTRIES = 4_096
const MAX_NAME_BYTES = 1_024
const DOCX_PARTS = ['[Content_Types].xml', 'word/document.xml']

const END_SIGNATURE = 0x06054b50
const ENTRY_SIGNATURE = 0x02014b50
const END_RECORD_BYTES = 22
const ENTRY_HEADER_BYTES = 46
const MAX_COMMENT_BYTES = 0xffff

/** Keeps the last `limit` bytes of a stream passing through, holding at most `limit` plus one chunk. */
export class StreamTail {
	#chunks: Uint8Array[] = []
	#length = 0

	constructor(readonly limit: number = ZIP_TAIL_BYTES) {}

	push(chunk: Uint8Array) {
		this.#chunks.push(chunk)
		this.#length += chunk.byteLength
		while (this.#chunks.length > 1 && this.#length - this.#chunks[0]!.byteLength >= this.limit) {
			this.#length -= this.#chunks.shift()!.byteLength
		}
	}

	bytes(): Uint8Array {
		const [first, ...rest] = this.#chunks
		if (!first) return new Uint8Array(0)
		const skip = Math.max(0, this.#length - this.limit)
		return Buffer.concat([first.subarray(skip), ...rest])
	}
}

/**
 * The names in a ZIP archive's central directory, read from the archive's last bytes (`tail`, the
 * end of a file of `fileSize` bytes), or null when those bytes are not the end of a well-formed,
 * single-part, non-ZIP64 archive within the limits above. Every length is checked against the
 * bytes at hand before it is used.
 */
export function zipEntryNames(tail: Uint8Array, fileSize: number): string[] | null {
	if (tail.byteLength > fileSize || tail.byteLength < END_RECORD_BYTES) return null
	const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength)
	const tailStart = fileSize - tail.byteLength

	// The end record is the last 22 bytes plus its comment; look back no further than the longest comment.
	let end = -1
	const lowest = Math.max(0, tail.byteLength - END_RECORD_BYTES - MAX_COMMENT_BYTES)
	for (let at = tail.byteLength - END_RECORD_BYTES; at >= lowest; at--) {
		if (view.getUint32(at, true) === END_SIGNATURE && at + END_RECORD_BYTES + view.getUint16(at + 20, true) === tail.byteLength) {
			end = at
			break
		}
	}
	if (end < 0) return null

	const disk = view.getUint16(end + 4, true)
	const directoryDisk = view.getUint16(end + 6, true)
	const entriesHere = view.getUint16(end + 8, true)
	const entries = view.getUint16(end + 10, true)
	const directorySize = view.getUint32(end + 12, true)
	const directoryOffset = view.getUint32(end + 16, true)
	// Split archives and ZIP64 (0xFFFF / 0xFFFFFFFF markers) are not what a word processor writes for a CV.
	if (disk !== 0 || directoryDisk !== 0 || entriesHere !== entries || entries === 0xffff) return null
	if (entries === 0 || entries > MAX_ENTRIES) return null
	// The directory ends where the end record starts, and lies within the bytes kept.
	if (directoryOffset + directorySize !== tailStart + end || directoryOffset < tailStart) return null

	const names: string[] = []
	const decoder = new TextDecoder('utf-8', { fatal: false })
	let at = directoryOffset - tailStart
	for (let index = 0; index < entries; index++) {
		if (at + ENTRY_HEADER_BYTES > end || view.getUint32(at, true) !== ENTRY_SIGNATURE) return null
		const nameLength = view.getUint16(at + 28, true)
		const extraLength = view.getUint16(at + 30, true)
		const commentLength = view.getUint16(at + 32, true)
		const localHeaderOffset = view.getUint32(at + 42, true)
		const next = at + ENTRY_HEADER_BYTES + nameLength + extraLength + commentLength
		if (nameLength === 0 || nameLength > MAX_NAME_BYTES || next > end || localHeaderOffset >= directoryOffset) return null
		names.push(decoder.decode(tail.subarray(at + ENTRY_HEADER_BYTES, at + ENTRY_HEADER_BYTES + nameLength)))
		at = next
	}
	return at === end ? names : null
}

/** Whether the end of a ZIP file (see zipEntryNames) belongs to a Word document. */
export function isDocx(tail: Uint8Array, fileSize: number): boolean {
	const names = zipEntryNames(tail, fileSize)
	return names !== null && DOCX_PARTS.every((part) => names.includes(part))
}
