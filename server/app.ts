import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { createExpressMiddleware } from '@trpc/server/adapters/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express, { type ErrorRequestHandler } from 'express'
import type { ViteDevServer } from 'vite'
import type { AppContext, RequestContext } from '#server/context.ts'
import { PROJECT_ROOT } from '#server/paths.ts'
import { bodyLimits, drainUnreadBodies, ignoreRequestsOnClosingConnections, WEBHOOK_BODY_LIMIT } from '#server/http/body-limit.ts'
import { admitInTurn } from '#server/http/admission.ts'
import { rejectUnservableRequests } from '#server/http/request-target.ts'
import { limitConcurrentLargeRequests, limitTrpcBodies, MAX_TRPC_BODY_BYTES } from '#server/http/concurrent-large-requests.ts'
import { createPageCache } from '#server/http/page-cache.ts'
import { remixHandler } from '#server/http/remix-handler.ts'
import { rejectNulInUrl } from '#server/http/nul.ts'
import { cspNonce, dropUntrustedForwardedHost, sameOriginWrites, securityHeaders } from '#server/http/security.ts'
import { requestLog } from '#server/http/request-log.ts'
import { sessionMiddleware } from '#server/http/session-middleware.ts'
import { receiveStripeWebhook } from '#server/domain/billing/stripe-events.ts'
import { InvalidWebhookSignatureError, PaymentsNotConfiguredError } from '#server/integrations/payments/types.ts'
import { MAX_BATCH_SIZE } from '#server/trpc/limits.ts'
import { appRouter } from '#server/trpc/router.ts'
import { createContextFactory } from '#server/trpc/trpc.ts'

const CLIENT_BUILD = path.join(PROJECT_ROOT, 'build', 'client')
const SERVER_BUILD = path.join(PROJECT_ROOT, 'build', 'server', 'index.js')
/** The pages kept rendered for signed-out visitors; their routes export publicPageHeaders (ADR 026). */
const PUBLIC_PAGES = ['/', '/pricing', '/signin']
/** Reads waiting for their turn in one process at most; more are answered 503 at once. */
const MAX_WAITING_READS = 1000
/** Where the tRPC API is mounted (app/utils/trpc.tsx's links post there). */
const TRPC_PATH = '/trpc'
/** The draft page and its single-fetch twin (`…/{id}.data`), as Remix matches them (ignoring case). */
export const DRAFT_PAGE_PATHS = /^\/portal\/drafts\/[^/]+\/?$/i

type CreateAppOptions = {
	app: AppContext
	/** Development: serve through Vite with hot reload instead of the production build. */
	vite?: ViteDevServer
	/** Reports whether the process is draining, so /readyz can say "not ready". */
	isShuttingDown?: () => boolean
}

export async function createApp({ app: appContext, vite, isShuttingDown = () => false }: CreateAppOptions) {
	const { env, db, logger } = appContext
	const app = express()
	app.disable('x-powered-by')
	// Only the proxies the operator declares may tell the client's address and scheme (X-Forwarded-*):
	// trusting a header nobody sets would let any client choose its address, and so its attempt limits.
	app.set('trust proxy', env.TRUST_PROXY)
	app.use(ignoreRequestsOnClosingConnections())

	app.get('/healthz', (_req, res) => {
		res.json({ status: 'ok' })
	})
	app.get('/readyz', async (_req, res) => {
		if (isShuttingDown()) return void res.status(503).json({ status: 'shutting down' })
		try {
			await db.$queryRaw`SELECT 1`
			res.json({ status: 'ready' })
		} catch (error) {
			logger.warn({ err: error }, 'readiness check failed: database unreachable')
			res.status(503).json({ status: 'database unreachable' })
		}
	})

	app.use(requestLog(logger))
	app.use(drainUnreadBodies())
	app.use(rejectNulInUrl)
	app.use(dropUntrustedForwardedHost)
	app.use(rejectUnservableRequests)
	// Every body is refused by its declared size before anything reads it (body-parser, for one,
	// reads a body over its limit to the end before it answers 413); tRPC's in tRPC's shape.
	const limitBodies = bodyLimits()
	const limitTrpc = limitTrpcBodies({ maxBodyBytes: MAX_TRPC_BODY_BYTES })
	app.use((req, res, next) => (req.path.startsWith(`${TRPC_PATH}/`) ? limitTrpc(req, res, next) : limitBodies(req, res, next)))
	if (env.COMPRESSION === 'on') {
		// Documents are compressed whole by remixHandler; this compresses the rest (single-fetch data, files).
		app.use(compression({ filter: (req, res) => worthCompressing(req, res) && compression.filter(req, res) }))
	}
	const build = vite
		? () => vite.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
		: ((await import(/* @vite-ignore */ SERVER_BUILD)) as ServerBuild)
	// Public pages for signed-out visitors, kept rendered (development always renders afresh).
	const pageCache =
		typeof build === 'function'
			? undefined
			: createPageCache({
					paths: PUBLIC_PAGES,
					secret: env.SESSION_SECRET,
					buildVersion: build.assets.version,
					compress: env.COMPRESSION === 'on',
				})
	if (pageCache) app.use(pageCache.lookup)
	app.use(cspNonce)
	app.use(securityHeaders(env, appContext.payments.checkoutOrigins))
	if (pageCache) app.use(pageCache.serve)

	if (vite) {
		app.use(vite.middlewares)
	} else {
		// Fingerprinted assets never change; everything else in public/ may.
		// A missing fingerprinted asset is a 404 here, not a page.
		app.use('/assets', express.static(path.join(CLIENT_BUILD, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }))
		// The few other files (favicon.svg) are listed once, so a page request never waits on the disk.
		const publicFiles = new Set((existsSync(CLIENT_BUILD) ? readdirSync(CLIENT_BUILD) : []).filter((name) => name !== 'assets').map((name) => `/${name}`))
		const serveFile = express.static(CLIENT_BUILD, { maxAge: '1h', index: false })
		app.use((req, res, next) => (publicFiles.has(req.path) ? serveFile(req, res, next) : next()))
	}

	// Stripe's webhooks: the signature is checked on the raw bytes, so this route reads its own body
	// (bounded) before any other parser, and answers as soon as the event is queued.
	app.post('/webhooks/stripe', express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }), async (req, res) => {
		try {
			const event = await receiveStripeWebhook(appContext, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), req.get('stripe-signature'))
			res.json({ received: true, id: event.id })
		} catch (error) {
			if (error instanceof InvalidWebhookSignatureError || error instanceof PaymentsNotConfiguredError) {
				logger.warn({ requestId: res.locals.requestId, reason: error.message }, 'stripe webhook refused')
				return void res.status(400).json({ error: 'Invalid signature' })
			}
			logger.error({ err: error, requestId: res.locals.requestId }, 'stripe webhook could not be queued')
			res.status(500).json({ error: 'Could not queue the event' })
		}
	})

	// Everything after this reads the database or renders: reads go in turn (ADR 026, decision 17).
	app.use(admitInTurn({ concurrency: env.READ_CONCURRENCY, maxWaiting: MAX_WAITING_READS }))
	app.use(sameOriginWrites(env, logger))
	app.use(sessionMiddleware(db, { secure: env.isProduction }))
	// After the same-origin check and the session: procedures see the same session as loaders.
	// The adapter reads bodies without any limit by default, and whole, into memory. No procedure
	// takes files (they stream as multipart to Remix routes, ADR 024): the largest legitimate body is
	// a batch with an autosaved answer (at most 50,000 characters, at most 300 KB even if every one were
	// JSON-escaped), so 1 MiB leaves room: a larger declared body was refused with 413 PAYLOAD_TOO_LARGE
	// before it was read (limitTrpcBodies, above; the adapter's own limit would read it to the end).
	// A user has at most two large bodies in flight (counted before they are read), and a request
	// batches at most MAX_BATCH_SIZE calls (400 beyond), so no request takes the whole database pool.
	app.use(
		TRPC_PATH,
		limitConcurrentLargeRequests(),
		createExpressMiddleware({
			router: appRouter,
			createContext: createContextFactory(appContext),
			maxBodySize: MAX_TRPC_BODY_BYTES,
			maxBatchSize: MAX_BATCH_SIZE,
		}),
	)

	// The draft page's form carries every answer (up to DRAFT_FORM_LIMIT, read whole): two large ones
	// at a time per artist in each process, whatever the method (Remix runs the action for any but GET).
	app.all(DRAFT_PAGE_PATHS, limitConcurrentLargeRequests({ shape: 'form' }))

	app.all(
		'*',
		remixHandler({
			build,
			mode: env.NODE_ENV,
			pageCache,
			compress: env.COMPRESSION === 'on',
			getLoadContext: (req, res): RequestContext => ({
				app: appContext,
				cspNonce: res.locals.cspNonce as string,
				requestId: res.locals.requestId as string,
				session: res.locals.session ?? null,
				clientIp: req.ip ?? '',
			}),
		}),
	)

	const onError: ErrorRequestHandler = (error, req, res, _next) => {
		// Express middleware (static files, body parsing) reports client errors with a 4xx status.
		const status = Number(error?.status ?? error?.statusCode)
		if (status >= 400 && status < 500) {
			logger.warn({ requestId: res.locals.requestId, path: req.path, status }, error.message)
			if (!res.headersSent) res.status(status).type('text/plain').send(status === 404 ? 'Not found.' : 'Bad request.')
			return
		}
		logger.error({ err: error, requestId: res.locals.requestId }, 'request failed')
		if (res.headersSent) return
		res.status(500).type('text/plain').send('Something went wrong on our side. Please try again.')
	}
	app.use(onError)
	return app
}

/**
 * Server-sent events must reach the browser as they are written, not when a gzip block fills. tRPC
 * answers are small JSON (an autosave's is under 100 bytes) that the adapter writes and flushes
 * chunk by chunk without a length, so gzip would cost a deflate and a flush per answer (15 % of an
 * autosave's CPU, bench/profile.ts) to save a few bytes.
 */
function worthCompressing(req: express.Request, res: express.Response) {
	if (req.originalUrl.startsWith(`${TRPC_PATH}/`)) return false
	return !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream')
}
