// Each path segment starts with a letter, digit, "_" or "-", so no key can be
// absolute, climb out with "..", name a hidden file (where the local store
// keeps its metadata and partial writes) or hold an empty segment.
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/
const MAX_KEY_LENGTH = 512

/** Refuses a key that could escape the storage root or mean different things to different stores. */
export function assertStorageKey(key: string): void {
	if (key.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(key)) {
		throw new Error(`Invalid storage key ${JSON.stringify(key.slice(0, 100))}`)
	}
}
