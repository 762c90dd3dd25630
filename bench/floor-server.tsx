// The stack's floor: what Express, Remix, React, tRPC, zod and Prisma cost on this machine with
// (almost) nothing of Callboard's own. One web process per core, as `npm start` runs, serving:
//   GET  /        a Remix document from one route whose loader sends one statement and whose page
//                 is one heading and a paragraph, rendered by app/entry.server.tsx as the app's
//                 documents are: the least a signed-in page can be;
//   POST /trpc/save  a tRPC mutation with a zod input that sends two trivial statements (the
//                 session's and the write's round trips, without their work): the least an autosave can be.
// The bench measures both beside bare Node in the same run (docs/performance.md, "The stack's floor"),
// so a goal above the floor reads as what it is. No compression, no middleware, no logging, no
// session: every omission makes the floor faster, so it is a generous one. Its statements go
// through the app's own Prisma client (server/db/client.ts), as the app's do. It runs the same
// patched packages as the app (patches/: React's stream renderer, the router's kept matches).
//
// Started by bench/processes.ts (startFloorServer) with FLOOR_DATABASE_URL and NODE_ENV=production;
// each worker tells the primary its port is listening, and the primary tells the bench over IPC.
import cluster from 'node:cluster'
import { availableParallelism } from 'node:os'
import { createRequestHandler } from '@remix-run/express'
import { Links, Meta, Scripts, useLoaderData } from '@remix-run/react'
import type { AppLoadContext, EntryContext, ServerBuild } from '@remix-run/node'
import { initTRPC } from '@trpc/server'
import { createExpressMiddleware } from '@trpc/server/adapters/express'
import express from 'express'
import { z } from 'zod'
import handleRequest from '#app/entry.server.tsx'
import { createDb } from '#server/db/client.ts'

const processes = Number(process.env.WEB_CONCURRENCY) || availableParallelism()

if (cluster.isPrimary) {
	let listening = 0
	let port = 0
	for (let i = 0; i < processes; i += 1) cluster.fork()
	cluster.on('message', (_worker, message: { port: number }) => {
		port = message.port
		listening += 1
		if (listening === processes) process.send?.({ port })
	})
	const stop = (code = 0) => {
		for (const worker of Object.values(cluster.workers ?? {})) worker?.kill()
		process.exit(code)
	}
	// A process that dies before the floor listens (a bad build, no database): the bench goes on without it.
	cluster.on('exit', () => {
		if (listening < processes) stop(1)
	})
	process.on('disconnect', () => stop())
	process.on('SIGTERM', () => stop())
} else {
	// The app's own client: Prisma on its pg adapter, statements named and planned as the app's are.
	const db = createDb(process.env.FLOOR_DATABASE_URL!)

	function Page() {
		const { now } = useLoaderData<{ now: string }>()
		return (
			<html lang="en">
				<head>
					<meta charSet="utf-8" />
					<Meta />
					<Links />
				</head>
				<body>
					<main>
						<h1>The stack&apos;s floor</h1>
						<p>One route, one statement ({now}).</p>
					</main>
					<Scripts />
				</body>
			</html>
		)
	}

	const routeModule = {
		default: Page,
		loader: async () => {
			const [row] = await db.$queryRaw<{ now: string }[]>`SELECT now()::text AS now`
			return { now: row!.now }
		},
	}
	const build = {
		mode: 'production',
		basename: '/',
		publicPath: '/assets/',
		assetsBuildDirectory: 'build/floor',
		isSpaMode: false,
		// As vite.config.ts sets them for the app.
		future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true, v3_singleFetch: true },
		entry: {
			module: {
				// The app's own document render: whole (onAllReady, loader data inline), then one body.
				default: (request: Request, status: number, headers: Headers, context: EntryContext) =>
					handleRequest(request, status, headers, context, { cspNonce: '', app: { logger: console } } as unknown as AppLoadContext),
			},
		},
		routes: {
			root: { id: 'root', path: '', module: routeModule },
		},
		assets: {
			version: '1',
			url: '/assets/manifest.js',
			entry: { module: '/assets/entry.js', imports: [] },
			routes: {
				root: { id: 'root', path: '', module: '/assets/root.js', hasAction: false, hasLoader: true, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false, imports: [] },
			},
		},
	} as unknown as ServerBuild

	const t = initTRPC.create()
	const router = t.router({
		save: t.procedure.input(z.object({ answerId: z.uuid(), userEdit: z.string().max(20_000), revision: z.number().int() })).mutation(async ({ input }) => {
			await db.$queryRaw`SELECT ${input.answerId}::uuid AS session`
			const [row] = await db.$queryRaw<{ revision: bigint }[]>`SELECT ${input.revision}::bigint AS revision`
			return { saved: true, revision: Number(row!.revision) }
		}),
	})

	const app = express()
	app.disable('x-powered-by')
	app.use('/trpc', createExpressMiddleware({ router }))
	app.all('*', createRequestHandler({ build, mode: 'production' }))
	// The primary gone, however it went, this process has nobody to serve.
	process.on('disconnect', () => process.exit(0))
	const server = app.listen(0, '127.0.0.1', () => {
		const address = server.address()
		process.send?.({ port: typeof address === 'object' && address ? address.port : 0 })
	})
}
