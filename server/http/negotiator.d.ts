/** The part of `negotiator` (the content negotiation the compression middleware uses) this app calls. */
declare module 'negotiator' {
	import type { IncomingMessage } from 'node:http'

	export default class Negotiator {
		constructor(request: Pick<IncomingMessage, 'headers'>)
		/**
		 * The encoding of `available` the client prefers: the highest q-value first, then the order of
		 * `preferred` among equals; undefined when the client takes none of them.
		 */
		encoding(available: string[], preferred?: string[]): string | undefined
	}
}
