// The goals of issue #13 and how the bench prints its figures beside them. A goal missed is a
// MISS in the table, never a failure of the run: the bench measures, it does not test.
import type { Cacheability, DraftingResult, LoadResult, PageResult, PageWeight, ScriptWeight } from './measure.ts'

/** kB here is 1,000 bytes, as browsers' network panels count. */
const KB = 1000

export const GOALS = {
	public: { shareOfBare: 1 / 25, p97_5Ms: 50 },
	signedIn: { shareOfBare: 1 / 100, p97_5Ms: 150, dbQueries: 3 },
	/** Rate at 100,000 opportunities no worse than at the demo catalogue's ~45 by more than this. */
	flatSlowdown: 1.5,
	feedHtmlBytes: 60 * KB,
	landingJsGzipBytes: 150 * KB,
	gzipRatio: 5,
	mix: { errors: 0, p99Ms: 2000 },
	autosavePerSecond: 1000,
	draftSeconds: 1.5,
} as const

/** A page's kind decides its goals: the health check has none. */
export type PageKind = 'public' | 'signed-in' | 'health'

/** One goal against one figure; `pass` null when the figure is unknown (n/a). */
export type Check = { subject: string; figure: string; goal: string; pass: boolean | null }

export function verdict(pass: boolean | null) {
	return pass === null ? 'n/a' : pass ? 'PASS' : 'MISS'
}

export function formatRate(perSecond: number) {
	return perSecond >= 100 ? Math.round(perSecond).toLocaleString('en') : perSecond.toFixed(1)
}

/** A fraction of the bare server's rate, as "1/37" (or "1.20×" in the unlikely case it is faster). */
export function formatShare(ratio: number) {
	if (!Number.isFinite(ratio) || ratio <= 0) return '—'
	return ratio >= 1 ? `${ratio.toFixed(2)}×` : `1/${(1 / ratio).toFixed(1 / ratio >= 10 ? 0 : 1)}`
}

export function formatBytes(bytes: number) {
	return `${(bytes / KB).toFixed(1)} kB`
}

/** Prints rows as an aligned table; numbers (and figures that start with one) are right-aligned. */
export function printTable(title: string, rows: Record<string, string | number>[]) {
	console.log(`\n${title}`)
	if (rows.length === 0) return console.log('  (nothing measured)')
	const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))]
	const cell = (row: Record<string, string | number>, column: string) => String(row[column] ?? '')
	const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => cell(row, column).length)))
	const rightAligned = columns.map((column) => rows.every((row) => /^[-\d.,/×]*\d/.test(cell(row, column)) || cell(row, column) === '—'))
	const line = (cells: string[]) =>
		`  ${cells.map((text, i) => (rightAligned[i] ? text.padStart(widths[i]!) : text.padEnd(widths[i]!))).join('  ')}`.trimEnd()
	console.log(line(columns))
	console.log(line(widths.map((width) => '-'.repeat(width))))
	for (const row of rows) console.log(line(columns.map((column) => cell(row, column))))
}

export type PageOutcome = {
	name: string
	kind: PageKind
	stage: string | null
	result?: PageResult
	/** Signed-out pages only. */
	cache?: Cacheability
	error?: string
}

/** Cacheable as the issue asks: a Cache-Control that lets a cache keep it, an ETag, and 304 to If-None-Match. */
export function isCacheable(cache: Cacheability) {
	const control = cache.cacheControl ?? ''
	return /\b(public|max-age=[1-9]|s-maxage=[1-9])/.test(control) && !/\bno-store\b/.test(control) && cache.etag !== null && cache.revalidatedStatus === 304
}

function describeCache(cache: Cacheability | undefined) {
	if (!cache) return '—'
	return `${cache.cacheControl ?? 'no Cache-Control'}; ${cache.etag ? 'ETag' : 'no ETag'}${cache.revalidatedStatus ? ` → ${cache.revalidatedStatus}` : ''}`
}

/** A page's row and its checks: rate against bare Node at 50, p97.5 at 10, statements per request. */
export function pageRow(page: PageOutcome): { row: Record<string, string | number>; checks: Check[] } {
	const subject = page.stage ? `${page.name} (${page.stage})` : page.name
	if (!page.result) {
		const checks = page.kind === 'health' ? [] : [{ subject, figure: 'error', goal: 'answers 200', pass: false }]
		return { row: { page: subject, result: `ERROR: ${page.error}` }, checks }
	}
	const { result } = page
	const goals = page.kind === 'public' ? GOALS.public : page.kind === 'signed-in' ? GOALS.signedIn : null
	const checks: Check[] = []
	const missed: string[] = []
	if (goals) {
		const check = (what: string, figure: string, goal: string, pass: boolean | null) => {
			checks.push({ subject: `${subject}: ${what}`, figure, goal, pass })
			if (pass === false) missed.push(what)
		}
		check('rate @50', `${formatShare(result.ratio50)} of bare`, `≥ ${formatShare(goals.shareOfBare)}`, result.ratio50 >= goals.shareOfBare)
		check('p97.5 @10', `${result.at10.latencyMs.p97_5} ms`, `< ${goals.p97_5Ms} ms`, result.at10.latencyMs.p97_5 < goals.p97_5Ms)
		if ('dbQueries' in goals) {
			check('db round trips', result.dbQueries === null ? 'n/a' : String(result.dbQueries), `≤ ${goals.dbQueries}`, result.dbQueries === null ? null : result.dbQueries <= goals.dbQueries)
		}
		check('non-2xx', String(result.non2xx), '0', result.non2xx === 0)
		if (page.cache) check('cacheable', describeCache(page.cache), 'Cache-Control, ETag, 304', isCacheable(page.cache))
	}
	const goalText = !goals ? '—' : `≥ ${formatShare(goals.shareOfBare)} @50, p97.5 < ${goals.p97_5Ms} ms${'dbQueries' in goals ? `, db ≤ ${goals.dbQueries}` : ''}`
	return {
		row: {
			page: subject,
			'req/s @10': formatRate(result.at10.rps),
			'of bare @10': formatShare(result.ratio10),
			'p50 ms': result.at10.latencyMs.p50,
			'p97.5 ms': result.at10.latencyMs.p97_5,
			'p99 ms': result.at10.latencyMs.p99,
			'req/s @50': formatRate(result.at50.rps),
			'of bare @50': formatShare(result.ratio50),
			'bare @50': formatRate(result.bare50.rps),
			db: result.dbQueries ?? 'n/a',
			...(page.kind === 'public' ? { cache: describeCache(page.cache) } : {}),
			goal: goalText,
			result: !goals ? '—' : missed.length ? `MISS (${missed.join(', ')})` : 'PASS',
		},
		checks,
	}
}

export type FlatResult = { page: string; ratio50Small: number | null; ratio50Large: number | null; slowdown: number | null; pass: boolean }

/** The same page at the demo catalogue's size and at 100,000 more, compared as shares of bare Node @50. */
export function flatRow(name: string, small: PageOutcome, large: PageOutcome | undefined): { row: Record<string, string | number>; result: FlatResult; check: Check } {
	const goal = `≤ ${GOALS.flatSlowdown}×`
	if (!small.result || !large?.result) {
		return {
			row: { page: name, result: 'ERROR: not measured at both sizes' },
			result: { page: name, ratio50Small: small.result?.ratio50 ?? null, ratio50Large: large?.result?.ratio50 ?? null, slowdown: null, pass: false },
			check: { subject: `${name}: flat with size`, figure: 'error', goal, pass: false },
		}
	}
	const slowdown = small.result.ratio50 / large.result.ratio50
	const pass = slowdown <= GOALS.flatSlowdown
	return {
		row: {
			page: name,
			[`of bare @50 (${small.stage})`]: formatShare(small.result.ratio50),
			[`of bare @50 (${large.stage})`]: formatShare(large.result.ratio50),
			slowdown: `${slowdown.toFixed(2)}×`,
			[`p97.5 ms @10 (${small.stage})`]: small.result.at10.latencyMs.p97_5,
			[`p97.5 ms @10 (${large.stage})`]: large.result.at10.latencyMs.p97_5,
			goal,
			result: verdict(pass),
		},
		result: { page: name, ratio50Small: small.result.ratio50, ratio50Large: large.result.ratio50, slowdown, pass },
		check: { subject: `${name}: flat with size`, figure: `${slowdown.toFixed(2)}×`, goal, pass },
	}
}

export function weightChecks({ feed, landing, scripts }: { feed: PageWeight; landing: PageWeight; scripts: ScriptWeight }): Check[] {
	const served = (weight: PageWeight) =>
		weight.servedGzipBytes === null ? `not compressed by the server; zlib ${formatBytes(weight.localGzipBytes)}` : `${formatBytes(weight.servedGzipBytes)} served, zlib ${formatBytes(weight.localGzipBytes)}`
	// No goal of its own: what a browser is sent (brotli), beside the goal's gzip (pass null: not a check).
	const brotli = (weight: PageWeight, name: string): Check => ({
		subject: `${name} brotli ratio (to browsers)`,
		figure: weight.servedBrotliBytes === null ? 'not sent in brotli' : `${(weight.htmlBytes / weight.servedBrotliBytes).toFixed(1)}:1 (${formatBytes(weight.servedBrotliBytes)} served)`,
		goal: '—',
		pass: null,
	})
	return [
		{ subject: `feed HTML, 24 cards (${feed.path})`, figure: formatBytes(feed.htmlBytes), goal: `≤ ${formatBytes(GOALS.feedHtmlBytes)}`, pass: feed.htmlBytes <= GOALS.feedHtmlBytes },
		{ subject: 'feed gzip ratio', figure: `${feed.gzipRatio.toFixed(1)}:1 (${served(feed)})`, goal: `> ${GOALS.gzipRatio}:1`, pass: feed.gzipRatio > GOALS.gzipRatio },
		brotli(feed, 'feed'),
		// No goal of its own: shown for the ratio below it (pass null: not counted as a check).
		{ subject: `landing HTML (${landing.path})`, figure: formatBytes(landing.htmlBytes), goal: '—', pass: null },
		{ subject: 'landing gzip ratio', figure: `${landing.gzipRatio.toFixed(1)}:1 (${served(landing)})`, goal: `> ${GOALS.gzipRatio}:1`, pass: landing.gzipRatio > GOALS.gzipRatio },
		brotli(landing, 'landing'),
		{
			subject: 'landing JavaScript, gzipped',
			figure: `${formatBytes(scripts.gzipBytes)} in ${scripts.assets.length} files (${formatBytes(scripts.bytes)} raw)`,
			goal: `≤ ${formatBytes(GOALS.landingJsGzipBytes)}`,
			pass: scripts.gzipBytes <= GOALS.landingJsGzipBytes,
		},
	]
}

/** Errors under the mix: socket errors and timeouts, and 4xx/5xx answers (redirects are fine). */
export function mixErrors(mix: LoadResult) {
	return mix.errors + mix.status['4xx'] + mix.status['5xx']
}

export function mixCheck(mix: LoadResult): { row: Record<string, string | number>; checks: Check[] } {
	const errors = mixErrors(mix)
	const checks = [
		{ subject: '200-connection mix: errors', figure: String(errors), goal: '0', pass: errors <= GOALS.mix.errors },
		{ subject: '200-connection mix: p99', figure: `${mix.latencyMs.p99} ms`, goal: `< ${GOALS.mix.p99Ms} ms`, pass: mix.latencyMs.p99 < GOALS.mix.p99Ms },
	]
	return {
		row: {
			connections: mix.connections,
			seconds: mix.seconds,
			requests: mix.requests.toLocaleString('en'),
			'req/s': formatRate(mix.rps),
			errors,
			timeouts: mix.timeouts,
			'3xx': mix.status['3xx'],
			'p50 ms': mix.latencyMs.p50,
			'p99 ms': mix.latencyMs.p99,
			goal: `${GOALS.mix.errors} errors, p99 < ${GOALS.mix.p99Ms} ms`,
			result: checks.every((check) => check.pass) ? 'PASS' : `MISS (${checks.filter((check) => !check.pass).map((check) => check.subject.split(': ')[1]).join(', ')})`,
		},
		checks,
	}
}

export function autosaveRows({ at10, at50 }: { at10: LoadResult; at50: LoadResult }): { rows: Record<string, string | number>[]; check: Check } {
	const row = (run: LoadResult, goal: boolean) => ({
		connections: run.connections,
		'calls/s': formatRate(run.rps),
		'p50 ms': run.latencyMs.p50,
		'p97.5 ms': run.latencyMs.p97_5,
		'p99 ms': run.latencyMs.p99,
		'non-2xx': run.requests - run.status['2xx'],
		errors: run.errors,
		goal: goal ? `≥ ${GOALS.autosavePerSecond.toLocaleString('en')}/s` : '—',
		result: goal ? verdict(run.rps >= GOALS.autosavePerSecond && run.requests === run.status['2xx']) : '—',
	})
	return {
		rows: [row(at10, false), row(at50, true)],
		check: {
			subject: 'autosave @50',
			figure: `${formatRate(at50.rps)}/s`,
			goal: `≥ ${GOALS.autosavePerSecond.toLocaleString('en')}/s`,
			pass: at50.rps >= GOALS.autosavePerSecond && at50.requests === at50.status['2xx'],
		},
	}
}

export function draftingRow(drafting: DraftingResult): { row: Record<string, string | number>; check: Check } {
	const pass = drafting.medianSeconds <= GOALS.draftSeconds
	return {
		row: {
			questions: drafting.questions,
			'model latency s': drafting.modelLatencySeconds,
			'first per process s': drafting.warmupSeconds.map((seconds) => seconds.toFixed(2)).join(', ') || '-',
			runs: drafting.runs,
			'median s': drafting.medianSeconds.toFixed(2),
			'ratio to model': drafting.ratioToModel.toFixed(2),
			goal: `≤ ${GOALS.draftSeconds} s`,
			result: verdict(pass),
		},
		check: { subject: '10-question draft', figure: `${drafting.medianSeconds.toFixed(2)} s`, goal: `≤ ${GOALS.draftSeconds} s`, pass },
	}
}

/**
 * The stack's floor (bench/floor-server.tsx) beside the goals it bounds: a Remix document with one
 * statement against the signed-in pages' share of bare Node, a tRPC mutation with two trivial
 * statements against autosave's calls per second. Not goals of their own: what the stack itself
 * reaches on this machine in this run, so a goal far above it reads as what it is. Its non-2xx
 * answers are shown: a floor that failed under load would look faster than it is.
 */
export function floorRows({ document, mutation }: { document: PageResult; mutation: PageResult }, signedIn: PageOutcome[], autosave: LoadResult): Record<string, string | number>[] {
	const shares = signedIn.flatMap((page) => (page.result ? [page.result.ratio50] : []))
	const range = shares.length ? `${formatShare(Math.max(...shares))}${shares.length > 1 ? `–${formatShare(Math.min(...shares)).slice(2)}` : ''} of bare` : 'not measured'
	return [
		{
			floor: 'Remix document, one statement',
			'req/s @50': formatRate(document.at50.rps),
			'of bare @50': formatShare(document.ratio50),
			'bare @50': formatRate(document.bare50.rps),
			'p97.5 ms @10': document.at10.latencyMs.p97_5,
			'non-2xx': document.non2xx,
			"Callboard's": `signed-in pages ${range}`,
			goal: `≥ ${formatShare(GOALS.signedIn.shareOfBare)} of bare`,
		},
		{
			floor: 'tRPC mutation, zod, two trivial statements',
			'req/s @50': formatRate(mutation.at50.rps),
			'of bare @50': formatShare(mutation.ratio50),
			'bare @50': formatRate(mutation.bare50.rps),
			'p97.5 ms @10': mutation.at10.latencyMs.p97_5,
			'non-2xx': mutation.non2xx,
			"Callboard's": `autosave ${formatRate(autosave.rps)}/s`,
			goal: `≥ ${GOALS.autosavePerSecond.toLocaleString('en')}/s`,
		},
	]
}
