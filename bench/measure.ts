// How the bench measures: autocannon runs (rates and latencies, always beside the bare baseline),
// single probes (status, Server-Timing, bytes on the wire), page weight, drafting and autosave.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import type pg from 'pg'

/** One request as the bench sends it; a target builds one per request, so it can rotate visitors. */
export type RequestSpec = {
	path: string
	method?: 'GET' | 'POST'
	headers?: Record<string, string>
	body?: string
}

/**
 * Something to load: a fixed request, or `rotate`, called for every request (autocannon's
 * setupRequest) so that signed-in requests cycle through many artists' cookies and no per-user
 * cache can make a page look cheaper than it is.
 */
export type Target = { name: string } & ({ fixed: RequestSpec } | { rotate: () => RequestSpec })

/** Where a server listens, and the Host header it expects (the app checks Origin against it). */
export type Endpoint = { url: string; host?: string }

/** What browsers send with a page request, so the server compresses as it does for them. */
const BROWSER_HEADERS = { accept: 'text/html,application/xhtml+xml,*/*', 'accept-encoding': 'gzip, deflate, br' }

/** autocannon's default; a request slower than this counts as an error (a timeout). */
const TIMEOUT_S = 10

export type LoadResult = {
	connections: number
	seconds: number
	requests: number
	/** Responses per second over the run, whatever their status. */
	rps: number
	/** Latency of the 2xx responses (autocannon's histogram, whole milliseconds). */
	latencyMs: { p50: number; p97_5: number; p99: number; max: number }
	/** Socket errors and timeouts. */
	errors: number
	timeouts: number
	status: { '2xx': number; '3xx': number; '4xx': number; '5xx': number }
}

/** Cycles through `items` on every call, across all connections. */
export function rotation<T>(items: readonly T[]): () => T {
	if (items.length === 0) throw new Error('nothing to rotate over')
	let index = -1
	return () => items[(index = (index + 1) % items.length)]!
}

function toAutocannonRequest(target: Target): autocannon.Request {
	if ('fixed' in target) return { method: 'GET', ...target.fixed }
	const { rotate } = target
	return {
		setupRequest: (request) => {
			const spec = rotate()
			return { ...request, method: spec.method ?? 'GET', path: spec.path, body: spec.body, headers: { ...request.headers, ...spec.headers } }
		},
	}
}

/** `targets` (one, or a mix that each connection cycles through) for `seconds` with `connections`. */
export async function load(endpoint: Endpoint, targets: Target[], { connections, seconds }: { connections: number; seconds: number }): Promise<LoadResult> {
	const result = await autocannon({
		url: endpoint.url,
		connections,
		duration: seconds,
		timeout: TIMEOUT_S,
		headers: { ...BROWSER_HEADERS, ...(endpoint.host ? { host: endpoint.host } : {}) },
		requests: targets.map(toAutocannonRequest),
	})
	return {
		connections,
		seconds: result.duration,
		requests: result.requests.total,
		rps: result.requests.total / result.duration,
		latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99, max: result.latency.max },
		errors: result.errors,
		timeouts: result.timeouts,
		status: { '2xx': result['2xx'], '3xx': result['3xx'], '4xx': result['4xx'], '5xx': result['5xx'] },
	}
}

export type Durations = { warmupSeconds: number; seconds: number }

export type PageResult = {
	name: string
	path: string
	/** One request's status before the load. */
	status: number
	/** Database statements of one request after the warm-up, when the server tells them (Server-Timing). */
	dbQueries: number | null
	/** At 10 connections (latency) and at 50 (throughput), each right after the baseline at the same count. */
	at10: LoadResult
	bare10: LoadResult
	at50: LoadResult
	bare50: LoadResult
	/** The page's rate as a fraction of the bare server's, at the same connection count. */
	ratio10: number
	ratio50: number
	/** Responses that were not 2xx during the two runs (a page that should be 200 every time). */
	non2xx: number
}

/**
 * A page against the baseline, interleaved so that the machine's noise hits both alike: a warm-up
 * of the page, then the baseline and the page at 10 connections, then both at 50.
 */
export async function measurePage(app: Endpoint, baseline: Endpoint, target: Target, durations: Durations): Promise<PageResult> {
	const sample = 'fixed' in target ? target.fixed : target.rotate()
	const first = await probe(app, sample)
	if (first.status !== 200) {
		throw new Error(`${target.name} (${sample.path}) answered ${first.status}${first.headers.location ? ` → ${first.headers.location}` : ''} before the load`)
	}
	const bareTarget: Target = { name: 'bare node:http', fixed: { path: '/' } }
	await load(app, [target], { connections: 10, seconds: durations.warmupSeconds })
	// Statements per request once warm (the first request of a process may fill caches).
	const warm = await probe(app, 'fixed' in target ? target.fixed : target.rotate())
	const bare10 = await load(baseline, [bareTarget], { connections: 10, seconds: durations.seconds })
	const at10 = await load(app, [target], { connections: 10, seconds: durations.seconds })
	const bare50 = await load(baseline, [bareTarget], { connections: 50, seconds: durations.seconds })
	const at50 = await load(app, [target], { connections: 50, seconds: durations.seconds })
	const non2xx = (run: LoadResult) => run.requests - run.status['2xx'] + run.errors
	return {
		name: target.name,
		path: sample.path,
		status: first.status,
		dbQueries: dbQueries(warm.headers),
		at10,
		bare10,
		at50,
		bare50,
		ratio10: at10.rps / bare10.rps,
		ratio50: at50.rps / bare50.rps,
		non2xx: non2xx(at10) + non2xx(at50),
	}
}

/** The statement count from `Server-Timing: db;desc="2 queries";dur=1.3`, or null when not told. */
export function dbQueries(headers: IncomingHttpHeaders): number | null {
	const match = /\bdb;[^,]*desc="(\d+) quer/.exec(String(headers['server-timing'] ?? ''))
	return match ? Number(match[1]) : null
}

export type Cacheability = { cacheControl: string | null; etag: string | null; revalidatedStatus: number | null }

/** Whether a signed-out page can be cached: its Cache-Control, its ETag, and a conditional GET's answer (304 hoped for). */
export async function cacheability(app: Endpoint, pagePath: string): Promise<Cacheability> {
	const first = await probe(app, { path: pagePath })
	const etag = typeof first.headers.etag === 'string' ? first.headers.etag : null
	const again = etag ? await probe(app, { path: pagePath, headers: { 'if-none-match': etag } }) : null
	return { cacheControl: first.headers['cache-control'] ?? null, etag, revalidatedStatus: again?.status ?? null }
}

export type Probe = { status: number; headers: IncomingHttpHeaders; body: Buffer }

/** One request through node:http, the body as it came over the wire (not decompressed). */
export function probe(endpoint: Endpoint, spec: RequestSpec): Promise<Probe> {
	return new Promise((resolve, reject) => {
		const headers = { ...(endpoint.host ? { host: endpoint.host } : {}), ...spec.headers }
		const request = httpRequest(new URL(spec.path, endpoint.url), { method: spec.method ?? 'GET', headers, agent: false }, (response) => {
			const chunks: Buffer[] = []
			response.on('data', (chunk: Buffer) => chunks.push(chunk))
			response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
			response.on('error', reject)
		})
		request.setTimeout(30_000, () => request.destroy(new Error(`${spec.path} did not answer within 30 s`)))
		request.on('error', reject)
		request.end(spec.body)
	})
}

export type PageWeight = {
	path: string
	/** The HTML as served without compression. */
	htmlBytes: number
	/** As served to `Accept-Encoding: gzip`; null when the server did not compress it. */
	servedGzipBytes: number | null
	/** The same HTML through zlib here at its default level, for comparison. */
	localGzipBytes: number
	/** As served to a browser (`Accept-Encoding: gzip, deflate, br`) in brotli; null when it was not. */
	servedBrotliBytes: number | null
	/** htmlBytes over the gzip bytes as served (the local gzip when the server sent it plain). */
	gzipRatio: number
}

export async function pageWeight(app: Endpoint, spec: RequestSpec): Promise<PageWeight> {
	const plain = await probe(app, { ...spec, headers: { ...spec.headers, 'accept-encoding': 'identity' } })
	const gzip = await probe(app, { ...spec, headers: { ...spec.headers, 'accept-encoding': 'gzip' } })
	const browser = await probe(app, { ...spec, headers: { ...spec.headers, 'accept-encoding': BROWSER_HEADERS['accept-encoding'] } })
	if ([plain, gzip, browser].some((probed) => probed.status !== 200)) throw new Error(`${spec.path} answered ${plain.status}/${gzip.status}/${browser.status} for its weight`)
	const servedGzipBytes = gzip.headers['content-encoding'] === 'gzip' ? gzip.body.length : null
	const localGzipBytes = gzipSync(plain.body).length
	return {
		path: spec.path,
		htmlBytes: plain.body.length,
		servedGzipBytes,
		localGzipBytes,
		servedBrotliBytes: browser.headers['content-encoding'] === 'br' ? browser.body.length : null,
		gzipRatio: plain.body.length / (servedGzipBytes ?? localGzipBytes),
	}
}

export type ScriptWeight = { assets: { url: string; bytes: number; gzipBytes: number }[]; bytes: number; gzipBytes: number }

/**
 * The JavaScript a page makes the browser load up front: the src of each <script type="module">,
 * each <link rel="modulepreload">, and the modules that inline module scripts import (Remix's
 * boot script imports the manifest and the route modules), each counted once, gzipped as served.
 */
export async function pageScripts(app: Endpoint, pagePath: string): Promise<ScriptWeight> {
	const page = await probe(app, { path: pagePath, headers: { 'accept-encoding': 'identity' } })
	const html = page.body.toString('utf8')
	const urls = new Set<string>()
	const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1]
	for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
		const [, attributes = '', content = ''] = match
		if (attribute(attributes, 'type') !== 'module') continue
		const src = attribute(attributes, 'src')
		if (src) urls.add(src)
		for (const imported of content.matchAll(/\bimport\s*(?:[^"'();]*?\sfrom\s*)?\(?\s*["']([^"']+)["']/g)) urls.add(imported[1]!)
	}
	for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
		if (attribute(match[0], 'rel') === 'modulepreload') urls.add(attribute(match[0], 'href') ?? '')
	}
	urls.delete('')
	const assets = []
	for (const url of urls) {
		const path = new URL(url, app.url).pathname
		const plain = await probe(app, { path, headers: { 'accept-encoding': 'identity' } })
		const gzip = await probe(app, { path, headers: { 'accept-encoding': 'gzip' } })
		if (plain.status !== 200) throw new Error(`${path} (referenced by ${pagePath}) answered ${plain.status}`)
		// A file below the server's compression threshold travels plain: count it gzipped all the same.
		const gzipBytes = gzip.headers['content-encoding'] === 'gzip' ? gzip.body.length : gzipSync(plain.body).length
		assets.push({ url: path, bytes: plain.body.length, gzipBytes })
	}
	return {
		assets,
		bytes: assets.reduce((sum, asset) => sum + asset.bytes, 0),
		gzipBytes: assets.reduce((sum, asset) => sum + asset.gzipBytes, 0),
	}
}

/** A tRPC mutation as the browser sends it (one call, JSON input), from the app's own origin. */
export function trpcMutation(origin: string, cookie: string, procedure: string, input: unknown): RequestSpec {
	return {
		method: 'POST',
		path: `/trpc/${procedure}`,
		headers: { cookie, 'content-type': 'application/json', origin },
		body: JSON.stringify(input),
	}
}

export type DraftingResult = {
	questions: number
	modelLatencySeconds: number
	/** Drafts written first, one per web process, before any is measured (their times, cold). */
	warmupSeconds: number[]
	runs: number
	seconds: number[]
	medianSeconds: number
	ratioToModel: number
}

/**
 * Seconds from pressing Generate to a written 10-question draft, with the model answering each
 * request after exactly `modelLatencyMs`: written one after another it would take 10 times that,
 * side by side once. Done is when the draft leaves `generating` (read from the database).
 *
 * Like every page, drafting is measured warm: the first draft a web process starts pays for
 * compiling its queries and code paths (0.3 to 0.8 s once per process), so `warmups` drafts go
 * first (one per web process: each new connection goes to the next process) and are reported apart.
 */
export async function measureDrafting(
	app: Endpoint & { origin: string },
	db: pg.Client,
	{ cookie, opportunityId, questions, modelLatencyMs, warmups, runs }: { cookie: string; opportunityId: string; questions: number; modelLatencyMs: number; warmups: number; runs: number },
): Promise<DraftingResult> {
	const draftOnce = async () => {
		const started = performance.now()
		const response = await probe(app, trpcMutation(app.origin, cookie, 'drafts.generate', { opportunityId }))
		if (response.status !== 200) throw new Error(`drafts.generate answered ${response.status}: ${response.body.toString()}`)
		const draftId = (JSON.parse(response.body.toString()) as { result: { data: { draftId: string } } }).result.data.draftId
		for (;;) {
			const { rows } = await db.query<{ status: string }>('SELECT status FROM drafts WHERE id = $1', [draftId])
			if (rows[0]?.status !== 'generating') {
				if (rows[0]?.status === 'failed') throw new Error(`draft ${draftId} failed to generate`)
				break
			}
			if (performance.now() - started > 60_000) throw new Error(`draft ${draftId} was still generating after 60 s`)
			await new Promise((resolve) => setTimeout(resolve, 20))
		}
		return (performance.now() - started) / 1000
	}
	const warmupSeconds: number[] = []
	for (let run = 0; run < warmups; run++) warmupSeconds.push(await draftOnce())
	const seconds: number[] = []
	for (let run = 0; run < runs; run++) seconds.push(await draftOnce())
	const sorted = [...seconds].sort((a, b) => a - b)
	const medianSeconds = sorted[Math.floor(sorted.length / 2)]!
	return {
		questions,
		modelLatencySeconds: modelLatencyMs / 1000,
		warmupSeconds,
		runs,
		seconds,
		medianSeconds,
		ratioToModel: medianSeconds / (modelLatencyMs / 1000),
	}
}
