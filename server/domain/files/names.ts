import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { FILE_TYPES, type SniffedType } from './sniff.ts'

export const MAX_FILE_NAME_LENGTH = 120
const FALLBACK_NAME = 'file'

/**
 * An uploaded file's original name, safe to store and show: no directories
 * (browsers on Windows send `C:\…\cv.pdf`), no control or bidirectional
 * override characters (which can disguise `cv‮fdp.exe`), spaces collapsed,
 * at most 120 characters with the extension kept.
 */
export function sanitizeFileName(original: string): string {
	const base = original.split(/[/\\]/).pop() ?? ''
	const cleaned = base
		.normalize('NFC')
		.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
		.replace(/\s+/g, ' ')
		.trim()
		.replace(/^\.+/, '')
		.trim()
	if (!cleaned) return FALLBACK_NAME
	return truncateKeepingExtension(cleaned, MAX_FILE_NAME_LENGTH)
}

function truncateKeepingExtension(name: string, max: number) {
	const chars = [...name]
	if (chars.length <= max) return name
	const dot = name.lastIndexOf('.')
	const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : ''
	const stem = [...name.slice(0, name.length - extension.length)].slice(0, max - [...extension].length)
	return `${stem.join('').trimEnd()}${extension}`
}

const StorageKeyParts = z.object({
	userId: z.uuid(),
	kind: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'must be a lowercase word'),
})

/**
 * Where a user's file is stored: `user-assets/{userId}/{kind}/{timestamp_random.ext}`
 * (the specification's bucket layout). The extension comes from the sniffed
 * type, never from the uploaded name, and the random part makes keys
 * unguessable and unique.
 */
export function buildStorageKey(parts: { userId: string; kind: string; contentType: SniffedType; now?: Date }): string {
	const { userId, kind } = StorageKeyParts.parse(parts)
	const timestamp = (parts.now ?? new Date()).getTime()
	return `user-assets/${userId}/${kind}/${timestamp}_${randomBytes(8).toString('hex')}.${FILE_TYPES[parts.contentType].extension}`
}
