import type { Logger } from 'pino'
import type { Env } from '#server/env.ts'
import type { Db } from '#server/db/client.ts'
import type { Notifications } from '#server/db/notifications.ts'
import type { Drafter } from '#server/integrations/ai/types.ts'
import type { Payments } from '#server/integrations/payments/types.ts'
import type { Mailer } from '#server/integrations/email/types.ts'
import type { Storage } from '#server/integrations/storage/types.ts'
import type { Jobs } from '#server/jobs/types.ts'
import type { ValidatedSession } from '#server/auth/session.server.ts'

/**
 * The long-lived parts of the running app, built once at start-up by
 * server/index.ts (or by a test) and handed to every loader, action and tRPC
 * procedure. Domain functions receive what they need from it, so tests swap in
 * a test database or a local integration without module mocking.
 */
export type AppContext = {
	env: Env
	db: Db
	/** The database's connection string, for connections of their own (advisory locks). */
	databaseUrl: string
	/** LISTEN/NOTIFY: how web processes hear what workers did (draft progress). */
	notifications: Notifications
	logger: Logger
	mailer: Mailer
	storage: Storage
	drafter: Drafter
	payments: Payments
	jobs: Jobs
}

/** What Remix loaders and actions receive as `context`. */
export type RequestContext = {
	app: AppContext
	/** Nonce of this response's Content-Security-Policy; every inline script carries it. */
	cspNonce: string
	requestId: string
	/** The session of this request's cookie, resolved once by the server. */
	session: ValidatedSession | null
	/** The client's address (Express `req.ip`, which honours `trust proxy`), for the attempt limits. */
	clientIp: string
}

declare module '@remix-run/node' {
	// eslint-disable-next-line @typescript-eslint/no-empty-object-type
	interface AppLoadContext extends RequestContext {}
}
