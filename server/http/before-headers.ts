import type { ServerResponse } from 'node:http'

/**
 * Calls `listener` once, just before the response's headers are written (however they are
 * written: writeHead, or the first write or end), so it can still set or remove headers.
 */
export function beforeHeaders(res: ServerResponse, listener: () => void) {
	const writeHead = res.writeHead
	let called = false
	res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
		if (!called) {
			called = true
			listener()
		}
		return (writeHead as (...args: unknown[]) => ServerResponse).apply(this, args)
	} as ServerResponse['writeHead']
}
