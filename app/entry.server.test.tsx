import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node'
import { Outlet, Scripts, useLoaderData } from '@remix-run/react'
import { decode } from 'turbo-stream'
import { describe, expect, test } from 'vitest'
import * as entry from './entry.server.tsx'

/*
 * app/entry.server.tsx renders documents with renderToString, which cannot wait, after reading the
 * route data single fetch streams into the page. Rendered through real Remix here: if Remix stops
 * taking that data from where settleHandoff leaves it, the document loses its data script and these
 * tests fail (in the browser, the page would never hydrate).
 */

const NONCE = 'test-nonce'
const PAGE_DATA = { title: 'Open call: Tide & Stone — résidence', deadlines: [new Date('2026-12-01T00:00:00Z')], count: 3 }

function Root() {
	return (
		<html lang="en">
			<head />
			<body>
				<Outlet />
				<Scripts />
			</body>
		</html>
	)
}

function Page() {
	const { title } = useLoaderData<typeof PAGE_DATA>()
	return <h1>{title}</h1>
}

function Broken(): never {
	throw new Error('render failed')
}

function entryRoute(id: string, extra: { index?: boolean; parentId?: string; path?: string }) {
	return { id, module: `/${id}.js`, hasAction: false, hasLoader: true, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false, ...extra }
}

const build: ServerBuild = {
	mode: 'production',
	entry: { module: entry },
	routes: {
		root: { id: 'root', path: '', module: { default: Root, loader: () => ({ user: null }) } },
		page: { id: 'page', parentId: 'root', index: true, module: { default: Page, loader: () => PAGE_DATA } },
		broken: { id: 'broken', parentId: 'root', path: 'broken', module: { default: Broken, loader: () => null } },
	},
	assets: {
		entry: { module: '/entry.client.js', imports: [] },
		routes: {
			root: entryRoute('root', { path: '' }),
			page: entryRoute('page', { parentId: 'root', index: true }),
			broken: entryRoute('broken', { parentId: 'root', path: 'broken' }),
		},
		url: '/manifest.js',
		version: 'test',
	},
	publicPath: '/assets/',
	assetsBuildDirectory: 'build/client/assets',
	future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_singleFetch: true, v3_lazyRouteDiscovery: true },
	isSpaMode: false,
} as unknown as ServerBuild

const loadContext = { cspNonce: NONCE, requestId: 'test', app: { logger: { error() {} } } } as unknown as AppLoadContext
const handle = createRequestHandler(build, 'production')

async function document(path: string) {
	const response = await handle(new Request(`http://localhost${path}`), loadContext)
	return { status: response.status, type: response.headers.get('Content-Type'), html: await response.text() }
}

/** The route data the document hands to the browser, decoded as the browser decodes it. */
async function handedOver(html: string) {
	const scripts = [...html.matchAll(/<script nonce="([^"]*)">window\.__remixContext\.streamController\.enqueue\((.*?)\);<\/script>/g)]
	const text = scripts.map((match) => JSON.parse(match[2] ?? '') as string).join('')
	const stream = new ReadableStream<Uint8Array>({
		start(controller) {
			controller.enqueue(new TextEncoder().encode(text))
			controller.close()
		},
	})
	const decoded = await decode(stream)
	await decoded.done
	return { scripts: scripts.map((match) => ({ nonce: match[1] })), data: decoded.value as { loaderData: Record<string, unknown> } }
}

describe('documents', () => {
	test('a document is whole HTML with its route data in one script, then the stream closed', async () => {
		const { status, type, html } = await document('/')
		expect(status).toBe(200)
		expect(type).toBe('text/html; charset=utf-8')
		expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true)
		expect(html).toContain('<h1>Open call: Tide &amp; Stone — résidence</h1>')

		const { scripts, data } = await handedOver(html)
		expect(scripts).toEqual([{ nonce: NONCE }])
		expect(data.loaderData.page).toEqual(PAGE_DATA)
		expect(data.loaderData.root).toEqual({ user: null })
		// The stream is closed right after the data, so the browser's router stops waiting for more.
		expect(html).toMatch(/enqueue\([^<]*\);<\/script><script nonce="test-nonce">window\.__remixContext\.streamController\.close\(\);<\/script><!--\/\$-->$/)
	})

	test('route data split across chunks mid-character is handed over whole', async () => {
		const bytes = new TextEncoder().encode('["é—✓"]\n')
		const context = {
			serverHandoffStream: new ReadableStream<Uint8Array>({
				start(controller) {
					// Each multi-byte character cut in two.
					for (const cut of [[0, 3], [3, 6], [6, bytes.length]]) controller.enqueue(bytes.slice(cut[0], cut[1]))
					controller.close()
				},
			}),
			renderMeta: {},
		}
		await entry.settleHandoff(context as never)
		const cache = (context.renderMeta as { streamCache: Record<number, { result: unknown }> }).streamCache
		expect(Object.keys(cache)).toEqual(['0'])
		expect(cache[0]?.result).toEqual({ done: true, value: '["é—✓"]\n' })
		// Unlocked, so Remix can take its own reader.
		expect(context.serverHandoffStream.locked).toBe(false)
	})

	test('a page that fails to render gets the error document, not a half page', async () => {
		const { status, html } = await document('/broken')
		expect(status).toBe(500)
		expect(html).not.toContain('<h1>')
		expect(html).toContain('Application Error')
	})
})
