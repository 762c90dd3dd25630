import { createHash, createHmac } from 'node:crypto'
import { constants } from 'node:zlib'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { cookieNames } from './cookies.ts'
import { brotliOffLoop, documentEncoding, endWhole, gzipOffLoop } from './whole-body.ts'

/** A kept page is compressed once per period, on the thread pool: brotli's best quality is affordable there. */
const BROTLI_KEPT = { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }

async function compressBoth(body: Buffer) {
	const [br, gzipped] = await Promise.all([brotliOffLoop(body, BROTLI_KEPT), gzipOffLoop(body)])
	return { br, gzip: gzipped }
}

/**
 * Cookies a signed-out visitor may carry that change nothing on a public page: the browser's time
 * zone hint and the portal's layout preferences. Any other cookie (a session, a toast waiting to be
 * shown, one we do not know) means the page is rendered for this request alone.
 */
const NEUTRAL_COOKIES = new Set(['cb_tz', 'cb_sidebar', 'cb_credits_banner'])

/** What routes say to be kept (app/utils/cache-control.ts): public, so the same for every visitor. */
const PUBLIC_CACHE_CONTROL = /^public\b/

/** Visitors waiting for one fill at most; the others render for themselves. */
const MAX_FILL_WAITERS = 500
/** Fillers that leave before their page is kept, one after another, that a waiter lives through. */
const MAX_FILL_ROUNDS = 3

/** What a fill came to: the kept page, a response not to keep, or nothing, its visitor gone first. */
type FillOutcome = CachedPage | 'not-kept' | 'abandoned'
type Fill = { outcome: Promise<FillOutcome>; waiting: number }

/** `outcome`, or 'too-slow' once `ms` have passed. */
async function waitAtMost(outcome: Promise<FillOutcome>, ms: number): Promise<FillOutcome | 'too-slow'> {
	let timer: NodeJS.Timeout | undefined
	try {
		return await Promise.race([outcome, new Promise<'too-slow'>((resolve) => (timer = setTimeout(resolve, ms, 'too-slow')))])
	} finally {
		clearTimeout(timer)
	}
}

export type CachedPage = {
	status: number
	headers: [string, string][]
	body: Buffer
	/** The body compressed once in each encoding, or null when the app leaves compression to a proxy (COMPRESSION=off). */
	compressed: { br: Buffer; gzip: Buffer } | null
	/** The plain body's validator; each encoding's is this one marked with it (`"…-br"`, `"…-gzip"`). */
	etag: string
	/** The CSP nonce the body's scripts carry: a request served this page is given the same one. */
	nonce: string
	expiresAt: number
}

export type PageCacheOptions = {
	/**
	 * The only paths whose pages may be kept (their routes must also export publicPageHeaders):
	 * only these get the shared nonce, so no other page ever renders with a nonce it did not draw.
	 */
	paths: readonly string[]
	/** Keys the nonces: SESSION_SECRET, which every web process shares. */
	secret: string
	/** The build's version: a new build renders new pages, with new nonces. */
	buildVersion: string
	maxEntries?: number
	ttlMs?: number
	/** How long a visitor waits for another's render of the same page before rendering it itself. */
	fillWaitMs?: number
	/** Keep a brotli and a gzip copy for clients that take them; false when a proxy in front compresses. */
	compress?: boolean
	now?: () => number
}

/**
 * Signed-out pages that routes mark public (`/`, `/pricing`, `/signin`), kept rendered and compressed
 * in this process until the end of the current `ttlMs` period: the same for every visitor, so
 * rendering them once serves them all.
 *
 * The nonce such a page is rendered with is not random but an HMAC of the URL, the build and the
 * period, under the server's secret: every web process renders the same bytes, so the ETag (the
 * body's hash) answers a browser's revalidation with 304 whichever process it reaches. Nobody
 * without the secret can compute it, and it is only ever used for the one body rendered from that
 * URL in that build and period, which is what a nonce must guarantee.
 *
 * Requests with a session or any other non-neutral cookie never read or fill the cache, and only a
 * 200 HTML response without Set-Cookie is kept, so one visitor's page cannot reach another.
 */
export function createPageCache({
	paths,
	secret,
	buildVersion,
	maxEntries = 200,
	ttlMs = 5 * 60_000,
	fillWaitMs = 5_000,
	compress = true,
	now = Date.now,
}: PageCacheOptions) {
	const pages = new Map<string, CachedPage>()
	/**
	 * Pages being rendered and compressed, by key: the visitors who arrive meanwhile (a period's first
	 * burst) wait for that one fill instead of each rendering and compressing the page again.
	 */
	const filling = new Map<string, Fill>()
	const publicPaths = new Set(paths)
	const periodOf = (time: number) => Math.floor(time / ttlMs)
	const nonceFor = (key: string, period: number) =>
		createHmac('sha256', secret).update(`page-nonce\0${buildVersion}\0${period}\0${key}`).digest('base64').slice(0, 24)

	function keyOf(req: Request) {
		if (req.method !== 'GET' || !publicPaths.has(req.path)) return null
		// An address with a query (`/signin?redirectTo=…`, a tracking tag, a random one to miss the cache)
		// is rendered as any page is: kept, every such address would cost a render and a compression at
		// brotli's best, and could push `/` itself out.
		if (req.originalUrl !== req.path) return null
		for (const name of cookieNames(req.headers.cookie)) if (!NEUTRAL_COOKIES.has(name)) return null
		return req.path
	}

	/** The kept page for `key`, waiting for the fill in flight if there is one, or marks the request to fill it. */
	async function find(key: string, res: Response, next: NextFunction) {
		for (let round = 0; round < MAX_FILL_ROUNDS; round++) {
			const page = fresh(key)
			if (page) return serveFrom(res, page, next)
			const fill = filling.get(key)
			if (!fill) return fillFor(key, res, next)
			// A crowd beyond this renders for itself, and meets the admission's own limit (admission.ts).
			if (fill.waiting >= MAX_FILL_WAITERS) break
			fill.waiting++
			const outcome = await waitAtMost(fill.outcome, fillWaitMs)
			fill.waiting--
			// A visitor who left meanwhile is owed nothing, and must not take a turn it will never give back.
			if (res.destroyed) return
			if (typeof outcome === 'object') return serveFrom(res, outcome, next)
			// The visitor filling it left before it was kept: one of those waiting fills it instead.
			if (outcome !== 'abandoned') break
		}
		// Not kept (an error, a cookie set), or too slow: rendered for this visitor.
		renderToKeep(key, res, next)
	}

	/** Marks the request as the one filling `key`: whoever comes meanwhile waits for its outcome. */
	function fillFor(key: string, res: Response, next: NextFunction) {
		let settle!: (outcome: FillOutcome) => void
		const fill: Fill = { outcome: new Promise((resolve) => (settle = resolve)), waiting: 0 }
		filling.set(key, fill)
		const settled = (outcome: FillOutcome) => {
			if (filling.get(key) === fill) filling.delete(key)
			settle(outcome)
		}
		res.locals.pageCacheSettle = settled
		// Closed before storeAndSend settled it: answered otherwise (an error page), or the visitor left.
		res.once('close', () => settled(res.writableFinished ? 'not-kept' : 'abandoned'))
		renderToKeep(key, res, next)
	}

	/** The page kept for `key`, if its period has not ended. */
	function fresh(key: string) {
		const page = pages.get(key)
		if (page && page.expiresAt > now()) return page
		pages.delete(key)
		return undefined
	}

	function serveFrom(res: Response, page: CachedPage, next: NextFunction) {
		res.locals.cachedPage = page
		res.locals.cspNonce = page.nonce
		next()
	}

	/** Marks the request so its page is rendered with the nonce every process uses for it in this period, and kept. */
	function renderToKeep(key: string, res: Response, next: NextFunction) {
		const period = periodOf(now())
		res.locals.pageCacheKey = key
		res.locals.cspNonce = nonceFor(key, period)
		res.locals.pageCacheExpiresAt = (period + 1) * ttlMs
		next()
	}

	function send(req: Request, res: Response, page: CachedPage) {
		res.status(page.status)
		for (const [name, value] of page.headers) res.setHeader(name, value)
		res.append('Vary', 'Accept-Encoding')
		// As documents are (whole-body.ts): brotli or gzip as the client weighs them.
		const { compressed } = page
		const encoding = compressed ? documentEncoding(req) : null
		// Each encoding is a representation of its own, with its own validator.
		res.setHeader('ETag', encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag)
		if (req.fresh) return void res.status(304).end()
		if (compressed && encoding) endWhole(res, compressed[encoding], encoding)
		else endWhole(res, page.body, null)
	}

	return {
		/**
		 * Runs before the CSP nonce is chosen: a request the cache can answer takes the page's nonce,
		 * one it cannot is marked so the rendered page can be kept.
		 */
		lookup: ((req, res, next) => {
			const key = keyOf(req)
			if (key === null) return next()
			void find(key, res, next)
		}) satisfies RequestHandler,

		/** Answers from the cache (after the security headers are set), or passes on. */
		serve: ((req, res, next) => {
			const page = res.locals.cachedPage as CachedPage | undefined
			if (!page) return next()
			send(req, res, page)
		}) satisfies RequestHandler,

		/**
		 * Sends a page rendered for a request `lookup` marked: kept when it is the same for everyone
		 * (200, HTML, Cache-Control public, no cookie set). Returns false, having sent nothing, for a
		 * response that is not to be kept.
		 */
		async storeAndSend(req: Request, res: Response, response: globalThis.Response): Promise<boolean> {
			const key = res.locals.pageCacheKey as string | undefined
			const cacheable =
				key !== undefined &&
				response.status === 200 &&
				PUBLIC_CACHE_CONTROL.test(response.headers.get('Cache-Control') ?? '') &&
				(response.headers.get('Content-Type') ?? '').startsWith('text/html') &&
				!response.headers.has('Set-Cookie')
			const settle = res.locals.pageCacheSettle as ((outcome: FillOutcome) => void) | undefined
			if (!cacheable) {
				settle?.('not-kept')
				return false
			}
			const body = Buffer.from(await response.arrayBuffer())
			const page: CachedPage = {
				status: response.status,
				headers: [...response.headers.entries()],
				body,
				// Both at once on the thread pool, before the first answer: every process then holds the same
				// copies from the start, so a validator one gave is one the other answers 304 to. Brotli's
				// best quality costs the first visitor of a period some 20-50 ms, once per process.
				compressed: compress ? await compressBoth(body) : null,
				etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
				nonce: res.locals.cspNonce as string,
				expiresAt: res.locals.pageCacheExpiresAt as number,
			}
			if (pages.size >= maxEntries) pages.delete(pages.keys().next().value!)
			pages.set(key, page)
			settle?.(page)
			send(req, res, page)
			return true
		},

		clear() {
			pages.clear()
		},
	}
}

export type PageCache = ReturnType<typeof createPageCache>
