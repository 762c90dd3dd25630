import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { z } from 'zod'

/**
 * Every environment variable Callboard reads, parsed once at boot. Nothing else
 * reads process.env. An invalid value stops start-up with a message naming the
 * variable (see formatEnvError).
 */
const optionalString = z
	.string()
	.trim()
	.transform((value) => (value === '' ? undefined : value))
	.optional()

const optionalUrl = z
	.string()
	.trim()
	.transform((value) => (value === '' ? undefined : value))
	.pipe(z.url({ message: 'must be a URL' }).optional())
	.optional()

const booleanFlag = (fallback: boolean) =>
	z
		.enum(['true', 'false', '1', '0', ''])
		.optional()
		.transform((value) => (value === undefined || value === '' ? fallback : value === 'true' || value === '1'))

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback)

const EnvSchema = z
	.object({
		NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
		PORT: port(3000),
		HOST: z.string().trim().min(1).default('0.0.0.0'),
		/** Public origin used in e-mailed links, e.g. https://callboard.example. */
		APP_URL: optionalUrl,
		LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
		/** Signs the flash-message cookie. Required in production. */
		SESSION_SECRET: optionalString.pipe(z.string().min(32, { message: 'must be at least 32 characters' }).optional()),
		/** Where the embedded database, uploads and the outbox live. */
		DATA_DIR: z.string().trim().min(1).default('./data'),

		DATABASE_URL: optionalUrl.refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
			message: 'must start with postgres:// or postgresql://',
		}),
		EMBEDDED_DATABASE_PORT: port(54329),
		/** Load demo opportunities and templates into an empty database at start-up. */
		SEED_DEMO_DATA: booleanFlag(true),
		/**
		 * How many reverse proxies in front of the server may be believed about the client's address
		 * (X-Forwarded-For) and scheme. 0 (the default) trusts none: the server is reached directly, as
		 * with `npm start` or the shipped compose file, so a client cannot pick its own address. Set
		 * 1 behind one proxy (nginx, a load balancer), 2 behind two (a CDN and a load balancer).
		 */
		TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
		/** Run the background job workers inside the web process; false when `npm run worker` processes do it. */
		RUN_WORKERS: booleanFlag(true),
		/**
		 * How many web processes serve requests (node:cluster). Unset: one per core in production,
		 * one in development. The job workers, migrations and the embedded database stay in the
		 * first process, whatever this says.
		 */
		WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
		/**
		 * Reads (pages, tRPC queries) each web process works on at once; the others wait their turn
		 * in order (server/http/admission.ts). Below the database pool's size (10 per process), which
		 * leaves connections for writes and jobs.
		 */
		READ_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(6),
		/** Compress pages (brotli or gzip) and files here (not tRPC's small JSON); `off` when a reverse proxy in front compresses (it does it better and off our cores). */
		COMPRESSION: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),

		SMTP_URL: optionalUrl.refine((value) => value === undefined || /^smtps?:\/\//.test(value), {
			message: 'must start with smtp:// or smtps://',
		}),
		/**
		 * How e-mail leaves: `smtp` (SMTP_URL) or `outbox` (files under DATA_DIR/outbox, nothing
		 * delivered). Unset: smtp when SMTP_URL is set, otherwise the outbox, which a public APP_URL
		 * must ask for by name (see superRefine).
		 */
		MAIL_TRANSPORT: optionalString.pipe(z.enum(['smtp', 'outbox'], { message: 'must be smtp or outbox' }).optional()),
		MAIL_FROM: z.string().trim().min(3).default('Callboard <no-reply@callboard.local>'),
		CONTACT_EMAIL: z.email({ message: 'must be an e-mail address' }).default('hello@callboard.app'),
		/**
		 * Serve /dev/outbox even when NODE_ENV is production (it always needs the
		 * outbox mailer): the end-to-end tests run the production build and read
		 * confirmation links there. Never set it on a public deployment.
		 */
		OUTBOX_PAGE: booleanFlag(false),

		S3_ENDPOINT: optionalUrl,
		S3_REGION: z.string().trim().default('us-east-1'),
		S3_BUCKET: optionalString,
		S3_ACCESS_KEY_ID: optionalString,
		S3_SECRET_ACCESS_KEY: optionalString,
		S3_FORCE_PATH_STYLE: booleanFlag(true),

		ANTHROPIC_API_KEY: optionalString,
		ANTHROPIC_BASE_URL: optionalUrl,
		ANTHROPIC_MODEL: z.string().trim().min(1).default('claude-haiku-4-5'),
		ANTHROPIC_MODEL_PRO: z.string().trim().min(1).default('claude-sonnet-4-6'),
		/** Answers of one draft written at the same time (each is one model request). */
		DRAFT_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(10),

		STRIPE_SECRET_KEY: optionalString,
		STRIPE_WEBHOOK_SECRET: optionalString,
		STRIPE_PRICE_PRO: optionalString,
		STRIPE_PRICE_CREDITS: optionalString,
		/** Points the Stripe SDK at another host (tests use a local fake). */
		STRIPE_API_BASE: optionalUrl,
		CREDIT_PACK_SIZE: z.coerce.number().int().min(1).max(1000).default(5),
		/** The Pro price the pricing page shows, in US dollars a month; it should match STRIPE_PRICE_PRO. */
		PRO_PRICE_USD: z.coerce.number().min(0).max(10_000).default(19),
	})
	.superRefine((env, ctx) => {
		// Several processes behind a load balancer must share one secret; a
		// single process on the embedded database can keep its own (see parseEnv).
		if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.SESSION_SECRET) {
			ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production with DATABASE_URL' })
		}
		if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
			ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when MAIL_TRANSPORT is smtp' })
		}
		// The outbox keeps every sign-in and reset link readable on the server, and nothing reaches the
		// people who asked: right on a developer's machine, a silent trap on a public installation.
		const appUrl = env.APP_URL ?? `http://localhost:${env.PORT}`
		// An unusable PORT or APP_URL is reported on its own field.
		if (!env.SMTP_URL && !env.MAIL_TRANSPORT && URL.canParse(appUrl) && !isLocalOrigin(appUrl)) {
			ctx.addIssue({
				code: 'custom',
				path: ['SMTP_URL'],
				message: `is required when APP_URL (${appUrl}) is not a local address: without it no e-mail is delivered and every sign-in link stays on the server. Set SMTP_URL, or MAIL_TRANSPORT=outbox to keep e-mails in DATA_DIR/outbox on purpose`,
			})
		}
		const s3 = [env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY]
		if (s3.some(Boolean) && !s3.every(Boolean)) {
			ctx.addIssue({
				code: 'custom',
				path: ['S3_BUCKET'],
				message: 'S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
			})
		}
	})

type ParsedEnv = z.infer<typeof EnvSchema>

export type Env = ParsedEnv & {
	APP_URL: string
	MAIL_TRANSPORT: 'smtp' | 'outbox'
	SESSION_SECRET: string
	DATA_DIR: string
	isProduction: boolean
	WEB_CONCURRENCY: number
}

export class EnvError extends Error {
	constructor(readonly problems: string[]) {
		super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
		this.name = 'EnvError'
	}
}

// Only for local runs: production refuses to start without SESSION_SECRET.
const DEVELOPMENT_SECRET = 'callboard-development-secret-not-for-production'

export function parseEnv(source: Record<string, string | undefined>): Env {
	const result = EnvSchema.safeParse(source)
	if (!result.success) {
		throw new EnvError(
			result.error.issues.map((issue) => {
				const name = issue.path.join('.') || 'environment'
				return `${name} ${issue.message}`.replace(/^(\w+) \1 /, '$1 ')
			}),
		)
	}
	const env = result.data
	const dataDir = path.resolve(env.DATA_DIR)
	const isProduction = env.NODE_ENV === 'production'
	return {
		...env,
		APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
		MAIL_TRANSPORT: env.MAIL_TRANSPORT ?? (env.SMTP_URL ? 'smtp' : 'outbox'),
		SESSION_SECRET: env.SESSION_SECRET ?? (isProduction ? localSecret(dataDir) : DEVELOPMENT_SECRET),
		DATA_DIR: dataDir,
		isProduction,
		WEB_CONCURRENCY: env.WEB_CONCURRENCY ?? (isProduction ? availableParallelism() : 1),
	}
}

/**
 * Whether a URL points at this machine only (localhost, *.localhost, 127.0.0.0/8, ::1): what
 * `npm start` on a laptop uses. Anything else may be reached by others, and is treated as public.
 */
export function isLocalOrigin(url: string) {
	const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '')
	return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host)
}

/** A secret generated once and kept beside the embedded database, for `npm start` with no configuration. */
function localSecret(dataDir: string) {
	const file = path.join(dataDir, 'session-secret')
	if (existsSync(file)) return readFileSync(file, 'utf8').trim()
	mkdirSync(dataDir, { recursive: true })
	const secret = randomBytes(32).toString('base64url')
	writeFileSync(file, secret, { mode: 0o600 })
	return secret
}

let cached: Env | undefined

/** The process environment, parsed on first use. */
export function getEnv(): Env {
	cached ??= parseEnv(process.env)
	return cached
}
