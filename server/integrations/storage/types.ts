import type { Readable } from 'node:stream'

export type StoredObject = {
	body: Readable
	contentType: string
	size: number
}

/**
 * Where uploaded files live. Implementations: local disk under
 * DATA_DIR/uploads (default) and S3-compatible object storage (S3_*).
 * Keys look like `user-assets/{userId}/{kind}/{timestamp_random.ext}`.
 * Bodies are streamed in both directions; nothing holds a whole file in memory.
 */
export interface Storage {
	readonly kind: 'local' | 's3'
	put(key: string, body: Readable, options: { contentType: string }): Promise<{ size: number }>
	get(key: string): Promise<StoredObject | null>
	delete(key: string): Promise<void>
}
