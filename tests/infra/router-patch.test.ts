import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type * as Router from '@remix-run/router'
// The browser's build of the router, which the patch leaves as it was: the reference. (Its own
// types only declare the router; the package's index declares the whole module.)
import * as browserBuild from '@remix-run/router/dist/router.js'

/*
 * patches/@remix-run+router+1.23.3.patch (ADR 026) keeps route matches in the router's CommonJS
 * build, which the server loads. These tests hold that build to the unpatched one: the same
 * matches for any path, however often the same routes are matched, and that the patch is there
 * at all (an install without its postinstall would run the server unpatched).
 */

const require = createRequire(import.meta.url)
const serverBuildPath = require.resolve('@remix-run/router')
const unpatched = browserBuild as unknown as typeof Router
const patched = require('@remix-run/router') as typeof Router

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
	test('is the patched one', () => {
		expect(readFileSync(serverBuildPath, 'utf8'), `${serverBuildPath}: run npm ci (its postinstall applies patches/)`).toContain('rankedBranches')
	})

	test('matches every path as the unpatched router does, the first time and every time after', () => {
		// Two trees: one matched again and again (kept), one new for every path (as a render's routes are).
		const kept = structuredClone(ROUTES)
		fc.assert(
			fc.property(pathname, fc.constantFrom('/', '/portal'), (path, basename) => {
				const expected = summary(unpatched.matchRoutes(structuredClone(ROUTES), path, basename))
				expect(summary(patched.matchRoutes(kept, path, basename))).toEqual(expected)
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
