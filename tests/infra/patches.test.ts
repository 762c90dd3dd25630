import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Writable } from 'node:stream'
import { createElement, type ReactNode } from 'react'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type * as Router from '@remix-run/router'
import type * as ReactDomServer from 'react-dom/server'
import type * as StaticServer from 'react-router-dom/server'
// The browser's build of the router, which the patch leaves as it was: the reference. (Its own
// types only declare the router; the package's index declares the whole module.)
import * as browserBuild from '@remix-run/router/dist/router.js'

/*
 * patches/@remix-run+router+1.23.3.patch (ADR 026) keeps route matches in the router's CommonJS
 * build, which the server loads. These tests hold that build to the unpatched one: the same
 * matches for any path, however often the same routes are matched.
 */

const require = createRequire(import.meta.url)
/** React's server renderers as production loads them (the tests run with NODE_ENV=test, which would pick the development builds). */
const REACT_DOM = path.join(path.dirname(require.resolve('react-dom/package.json')), 'cjs')
const REACT_DOM_SERVER = path.join(REACT_DOM, 'react-dom-server.node.production.min.js')
const unpatched = browserBuild as unknown as typeof Router
const patched = require('@remix-run/router') as typeof Router

// An install without its postinstall would run the server unpatched.
test('every patched file the server loads is the patched one', () => {
	const files = [
		'@remix-run/router',
		'@remix-run/react/dist/server.js',
		'react-router-dom/server',
		'@remix-run/server-runtime/dist/data.js',
		'@web3-storage/multipart-parser',
	]
		.map((name) => require.resolve(name))
		.concat(REACT_DOM_SERVER)
	for (const file of files) expect(readFileSync(file, 'utf8'), `${file}: run npm ci (its postinstall applies patches/)`).toMatch(/Callboard \(patches\//)
})

/** Shaped like the app's: a root, pathless layouts, index routes, params, optional and splat segments. */
const ROUTES: Router.AgnosticRouteObject[] = [
	{
		id: 'root',
		path: '',
		children: [
			{ id: 'index', index: true },
			{ id: 'pricing', path: 'pricing' },
			{ id: 'signin', path: 'signin', caseSensitive: true },
			{
				id: 'portal',
				path: 'portal',
				children: [
					{ id: 'portal.index', index: true },
					{ id: 'feed', path: 'feed' },
					{ id: 'opportunity', path: 'opportunities/:id' },
					{ id: 'opportunity.save', path: 'opportunities/:id/save' },
					{ id: 'opportunity.context', path: 'opportunities/:id/questions/:slug/context' },
					{ id: 'drafts', path: 'drafts', children: [{ id: 'draft', path: ':draftId/:tab?' }] },
				],
			},
			{ id: 'admin-layout', children: [{ id: 'admin', path: 'admin' }, { id: 'admin.users', path: 'admin/users/:userId?' }] },
			{ id: 'files', path: 'files/*' },
			{ id: 'not-found', path: '*' },
		],
	},
]

const SEGMENTS = ['portal', 'feed', 'opportunities', 'questions', 'context', 'save', 'drafts', 'admin', 'users', 'files', 'pricing', 'signin', 'SignIn', 'Feed', '7f0d1199', 'a b', 'caf%C3%A9', '%2F', '']
const pathname = fc.array(fc.constantFrom(...SEGMENTS), { maxLength: 6 }).map((segments) => `/${segments.join('/')}`)

/** What a caller sees of the matches: the routes, their params and matched parts. */
const summary = (matches: ReturnType<typeof unpatched.matchRoutes>) =>
	matches?.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname, pathnameBase: match.pathnameBase })) ?? null

describe("the router's server build (patched)", () => {
	test('matches every path as the unpatched router does, the first time and every time after', () => {
		// Two trees: one matched again and again (kept), one new for every path (as a render's routes are).
		const kept = structuredClone(ROUTES)
		fc.assert(
			fc.property(pathname, fc.constantFrom('/', '/portal'), (path, basename) => {
				const expected = summary(unpatched.matchRoutes(structuredClone(ROUTES), path, basename))
				const first = patched.matchRoutes(kept, path, basename)
				expect(summary(first)).toEqual(expected)
				// As the router gives them: one params object shared by the branch's matches.
				for (const match of first ?? []) expect(match.params).toBe(first![0]!.params)
				// A caller that changes what it was given does not change what the next one gets.
				if (first) {
					;(first[0]!.params as Record<string, string>).id = 'changed'
					first[0]!.pathname = '/changed'
					first.pop()
				}
				expect(summary(patched.matchRoutes(kept, path, basename))).toEqual(expected)
				expect(summary(patched.matchRoutes(structuredClone(ROUTES), path, basename))).toEqual(expected)
			}),
			{ numRuns: 500 },
		)
	})

	test('matches a pattern as the unpatched router does, whatever its caseSensitive and end', () => {
		const flag = fc.constantFrom(true, false, undefined, null)
		const pattern = fc.constantFrom('/portal/feed', '/portal/:page', '/files/*', '/drafts/:id/:tab?', '/', '*', 'Feed')
		fc.assert(
			fc.property(pattern, flag, flag, pathname, (path, caseSensitive, end, at) => {
				const asObject = { path, caseSensitive, end } as Parameters<typeof unpatched.matchPath>[0]
				expect(patched.matchPath(asObject, at)).toEqual(unpatched.matchPath(asObject, at))
				expect(patched.matchPath(path, at)).toEqual(unpatched.matchPath(path, at))
			}),
			{ numRuns: 1000 },
		)
	})
})

/*
 * patches/react-router-dom+6.30.4.patch and patches/@remix-run+react+2.17.5.patch keep the route
 * tree a document renders (Remix's server routes, the static router's data routes), so the kept
 * matches above apply to them. Every end-to-end test renders through both; these check that the
 * patches are there and that a kept tree still gives each document its own matches.
 */
describe("the static router's data routes (patched)", () => {
	const server = require('react-router-dom/server') as typeof StaticServer

	test('are kept per routes array, and each document still gets its own matches', async () => {
		const routes = structuredClone(ROUTES) as Parameters<typeof server.createStaticRouter>[0]
		const handler = server.createStaticHandler(routes)
		const render = async (path: string) => {
			const context = await handler.query(new Request(`http://localhost${path}`))
			if (context instanceof Response) throw new Error(`${path} answered ${context.status}`)
			return server.createStaticRouter(routes, context)
		}
		const feed = await render('/portal/feed')
		const draft = await render('/portal/drafts/7f0d1199/answers')
		expect(draft.routes).toBe(feed.routes)
		expect(feed.state.matches.map((match) => match.route.id)).toEqual(['root', 'portal', 'feed'])
		const params = { draftId: '7f0d1199', tab: 'answers' }
		expect(draft.state.matches.map((match) => [match.route.id, match.params])).toEqual([
			['root', params],
			['portal', params],
			['drafts', params],
			['draft', params],
		])
		// The matches point into the kept data routes, as the render's hooks expect.
		const portal = feed.routes[0]!.children!.find((route) => route.id === 'portal')!
		expect(feed.state.matches[2]!.route).toBe(portal.children!.find((route) => route.id === 'feed'))
		// Another routes array is converted afresh.
		const other = structuredClone(ROUTES) as typeof routes
		const otherContext = await server.createStaticHandler(other).query(new Request('http://localhost/pricing'))
		if (otherContext instanceof Response) throw new Error('/pricing answered a response')
		expect(server.createStaticRouter(other, otherContext).routes).not.toBe(feed.routes)
	})
})

/*
 * patches/@remix-run+server-runtime+2.17.5.patch: a loader or action gets the request as it came
 * when there is no `index`, `_routes` or `_data` parameter to strip, instead of two new copies.
 */
describe("Remix's loader requests (patched)", () => {
	type Handler = (args: { loadContext: unknown; params: object; request: Request; routeId: string; singleFetch: boolean }) => Promise<unknown>
	const data = require('@remix-run/server-runtime/dist/data.js') as {
		callRouteLoader: (args: Parameters<Handler>[0] & { loader: (args: { request: Request }) => unknown }) => Promise<unknown>
		callRouteAction: (args: Parameters<Handler>[0] & { action: (args: { request: Request }) => unknown }) => Promise<unknown>
	}
	const requestSeen = async (url: string) => {
		let seen: Request | undefined
		const request = new Request(url)
		await data.callRouteLoader({ loadContext: {}, params: {}, routeId: 'feed', singleFetch: true, request, loader: (args) => ((seen = args.request), null) })
		return { request, seen: seen! }
	}

	test('a request with nothing to strip is passed as it came', async () => {
		const { request, seen } = await requestSeen('http://localhost/portal/feed?q=a%20b&type=grant')
		expect(seen).toBe(request)
	})

	test('the index and _routes parameters are still stripped, and the rest kept', async () => {
		const index = await requestSeen('http://localhost/admin?index&q=grant')
		expect(new URL(index.seen.url).search).toBe('?q=grant')
		const routes = await requestSeen('http://localhost/portal/feed?_routes=routes%2Fportal.feed&q=grant&index=kept')
		expect([...new URL(routes.seen.url).searchParams]).toEqual([
			['q', 'grant'],
			['index', 'kept'],
		])
		expect(routes.seen.signal.aborted).toBe(false)
	})

	test('an action reads the posted form, on its own URL or with an index parameter', async () => {
		for (const url of ['http://localhost/portal/drafts/1', 'http://localhost/admin?index']) {
			const request = new Request(url, { method: 'POST', body: new URLSearchParams({ answer: 'Forty words' }) })
			const read = await data.callRouteAction({
				loadContext: {},
				params: {},
				routeId: 'draft',
				singleFetch: true,
				request,
				action: async (args) => [new URL(args.request.url).search, (await args.request.formData()).get('answer')],
			})
			// The empty index parameter is stripped either way.
			expect(read).toEqual(['', 'Forty words'])
		}
	})
})

/*
 * patches/react-dom+18.3.1.patch: React's Node stream renderer gathers markup as strings and
 * encodes them in pieces of up to 32,768 UTF-16 code units. What it sends must be byte for byte
 * what React's string renderer makes of the same tree, whatever the text: multi-byte and astral
 * characters, text longer than a piece, many chunks; and a flush that failed must leave nothing
 * behind for the next response.
 */
describe("React's stream renderer (patched)", () => {
	const { renderToPipeableStream } = require(REACT_DOM_SERVER) as typeof ReactDomServer
	const { renderToString } = require(path.join(REACT_DOM, 'react-dom-server-legacy.node.production.min.js')) as typeof ReactDomServer

	/** The stream render as app/entry.server.tsx collects it: every write kept, then joined. */
	function renderToBuffer(node: ReactNode) {
		return new Promise<{ body: Buffer; writes: Buffer[] }>((resolve, reject) => {
			const writes: Buffer[] = []
			const sink = new Writable({
				write(chunk: Buffer, _encoding, done) {
					writes.push(chunk)
					done()
				},
				final(done) {
					resolve({ body: Buffer.concat(writes), writes })
					done()
				},
			})
			const { pipe } = renderToPipeableStream(node, { onAllReady: () => pipe(sink), onShellError: reject })
		})
	}

	// Text with the characters that take 1, 2, 3 and 4 bytes in UTF-8 and the ones React escapes,
	// and now and then a run long enough that a tree overflows a piece or two.
	const long = fc.tuple(fc.constantFrom('a', 'é', '—', '😀'), fc.integer({ min: 1_000, max: 12_000 })).map(([unit, count]) => unit.repeat(count))
	const text = fc
		.array(fc.oneof({ weight: 20, arbitrary: fc.constantFrom('a', ' ', 'é', '—', '✓', '😀', '<', '&', '"') }, { weight: 20, arbitrary: fc.string({ maxLength: 30, unit: 'binary' }) }, { weight: 1, arbitrary: long }), { maxLength: 60 })
		.map((parts) => parts.join(''))
	type Tree = { tag: 'div' | 'p' | 'span' | 'li'; title: string; children: (Tree | string)[] }
	const { tree } = fc.letrec<{ tree: Tree; child: Tree | string }>((tie) => ({
		tree: fc.record({ tag: fc.constantFrom('div', 'p', 'span', 'li'), title: text, children: fc.array(tie('child'), { maxLength: 12 }) }),
		child: fc.oneof({ depthSize: 'small' }, text, tie('tree')),
	}))
	const element = (node: Tree | string): ReactNode =>
		typeof node === 'string' ? node : createElement(node.tag, { title: node.title }, ...node.children.map(element))

	test('streams the same bytes as the string renderer, for any tree', async () => {
		await fc.assert(
			fc.asyncProperty(tree, async (node) => {
				const { body } = await renderToBuffer(element(node))
				expect(body.equals(Buffer.from(renderToString(element(node))))).toBe(true)
			}),
			{ numRuns: 200 },
		)
	})

	const cards = (count: number, words: string) =>
		Array.from({ length: count }, (_, index) => createElement('li', { key: index, className: 'card' }, `${words} ${index} — Résidence ✓`))

	test('a page of many chunks and a long text arrives whole, in pieces of at most 32,768 code units', async () => {
		const longText = '—😀é'.repeat(10_000) // 40,000 UTF-16 code units in one text: more than a piece
		const page = createElement('ul', null, cards(2_000, 'Open call'), createElement('li', { key: 'long' }, longText))
		const { body, writes } = await renderToBuffer(page)
		expect(body.equals(Buffer.from(renderToString(page)))).toBe(true)
		// Gathered, not one write per tag: 2,000 items in a few writes.
		expect(writes.length).toBeLessThan(10)
		// Every write but the long text's own is one piece; the long text is written alone.
		const texts = writes.map((write) => write.toString('utf8'))
		expect(texts.filter((written) => written.length > 32_768)).toEqual([longText])
	})

	test('a flush that failed leaves nothing behind for the next response', async () => {
		const failed = await new Promise<unknown>((resolve) => {
			// A destination whose write throws (a Writable would catch it and emit 'error' instead).
			const broken = {
				on: () => broken,
				write() {
					throw new Error('the connection broke')
				},
				end() {},
				destroy() {},
			}
			const { pipe } = renderToPipeableStream(createElement('ul', null, cards(2_000, 'Private to the first visitor')), {
				onAllReady: () => pipe(broken as unknown as Writable),
				onError: resolve,
			})
		})
		expect(failed).toMatchObject({ message: 'the connection broke' })

		const next = createElement('ul', null, cards(3, 'Open call'))
		const { body } = await renderToBuffer(next)
		expect(body.toString('utf8')).toBe(renderToString(next))
	})
})
