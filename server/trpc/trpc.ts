import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server'
import type { CreateExpressContextOptions } from '@trpc/server/adapters/express'
import { ZodError } from 'zod'
import type { ValidatedSession } from '#server/auth/session.server.ts'
import type { AppContext } from '#server/context.ts'
import type { Actor } from '#server/domain/actor.ts'
import { isDomainError, type DomainError, type DomainErrorCode } from '#server/domain/errors.ts'
import { TIME_ZONE_COOKIE, timeZoneFromHint } from '#server/domain/time-zone.ts'
import { cookieValue } from '#server/http/cookies.ts'
import { containsNul, NUL_MESSAGES } from '#server/http/nul.ts'

/*
 * The one place tRPC is set up (create-t3-app's trpc.ts): the context, the error shape the client
 * sees, and the procedure factories, which are the only tRPC guards. Domain functions still check
 * the actor themselves, so a procedure that forgot its guard would still be refused.
 */

export type TrpcContext = {
	app: AppContext
	/** This request's session, resolved once by the session middleware (as for Remix's load context). */
	session: ValidatedSession | null
	requestId: string
	/** The browser's time zone from its hint cookie, for "today" (as Remix pages read it). */
	browserTimeZone: string | null
}

/** Builds each request's context from what the Express middleware already resolved into res.locals. */
export function createContextFactory(app: AppContext) {
	return ({ req, res }: CreateExpressContextOptions): TrpcContext => ({
		app,
		session: (res.locals.session as ValidatedSession | null | undefined) ?? null,
		requestId: res.locals.requestId as string,
		browserTimeZone: timeZoneFromHint(cookieValue(req.headers.cookie, TIME_ZONE_COOKIE)),
	})
}

const TRPC_CODES: Record<DomainErrorCode, TRPC_ERROR_CODE_KEY> = {
	INVALID: 'BAD_REQUEST',
	UNAUTHORIZED: 'UNAUTHORIZED',
	FORBIDDEN: 'FORBIDDEN',
	NOT_FOUND: 'NOT_FOUND',
	CONFLICT: 'CONFLICT',
	LIMIT_EXCEEDED: 'PAYMENT_REQUIRED',
	RATE_LIMITED: 'TOO_MANY_REQUESTS',
	UNAVAILABLE: 'SERVICE_UNAVAILABLE',
}

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.'

/** Field messages keyed by dotted path, the same shape a DomainError carries for forms. */
function fieldErrorsOf(cause: unknown): Record<string, string[]> | null {
	if (isDomainError(cause)) return cause.fieldErrors ?? null
	if (cause instanceof ZodError) {
		const fieldErrors: Record<string, string[]> = {}
		for (const issue of cause.issues) (fieldErrors[issue.path.map(String).join('.') || 'form'] ??= []).push(issue.message)
		return fieldErrors
	}
	return null
}

const t = initTRPC.context<TrpcContext>().create({
	// Live draft progress: a heartbeat every 25 seconds (spec section 9) keeps proxies from closing
	// an idle stream, and a client that hears nothing for a minute reconnects.
	sse: { ping: { enabled: true, intervalMs: 25_000 }, client: { reconnectAfterInactivityMs: 60_000 } },
	errorFormatter({ shape, error }) {
		const internal = error.code === 'INTERNAL_SERVER_ERROR'
		return {
			...shape,
			// A bug's message may name tables or values: the client gets a plain sentence. An input that
			// failed its schema gets its first problem's words, not zod's issues as JSON.
			message: internal ? INTERNAL_MESSAGE : error.cause instanceof ZodError ? (error.cause.issues[0]?.message ?? shape.message) : shape.message,
			data: {
				...shape.data,
				stack: undefined,
				fieldErrors: fieldErrorsOf(error.cause),
			},
		}
	},
})

/** The tRPC error a domain error becomes: its code's, with its message (safe to show). */
const trpcErrorOf = (error: DomainError) => new TRPCError({ code: TRPC_CODES[error.code], message: error.message, cause: error })

/** Turns the domain's error into the matching tRPC error and logs everything unexpected. */
const domainErrors = t.middleware(async ({ ctx, next, path, type }) => {
	const result = await next()
	if (result.ok) return result
	const { error } = result
	if (isDomainError(error.cause)) {
		throw trpcErrorOf(error.cause)
	}
	if (error.code === 'INTERNAL_SERVER_ERROR') {
		ctx.app.logger.error({ err: error.cause ?? error, requestId: ctx.requestId, path, type }, 'tRPC procedure failed')
	}
	return result
})

/**
 * A subscription's stream runs after the middlewares have returned, so domainErrors never sees
 * what it throws: its domain errors become tRPC's here, and anything else is logged.
 */
export async function* withDomainErrors<T>(ctx: TrpcContext, path: string, stream: AsyncIterable<T>): AsyncGenerator<T> {
	try {
		yield* stream
	} catch (error) {
		if (isDomainError(error)) throw trpcErrorOf(error)
		ctx.app.logger.error({ err: error, requestId: ctx.requestId, path, type: 'subscription' }, 'tRPC subscription failed')
		throw error
	}
}

/**
 * PostgreSQL's text cannot hold a NUL character: an input with one anywhere is the client's
 * mistake (400), refused here once for every procedure rather than by each input schema.
 */
const noNulInInput = t.middleware(async ({ getRawInput, next }) => {
	if (containsNul(await getRawInput())) throw new TRPCError({ code: 'BAD_REQUEST', message: NUL_MESSAGES.input })
	return next()
})

export const router = t.router
export const createCallerFactory = t.createCallerFactory

export const publicProcedure = t.procedure.use(domainErrors).use(noNulInInput)

/** Signed in; the context gains the actor domain functions take. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
	const user = ctx.session?.user
	if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'User must be authenticated' })
	const actor: Actor = { id: user.id, role: user.role }
	return next({ ctx: { ...ctx, user, actor } })
})

/** Signed in with onboarding completed, as the /portal pages require (spec section 4). */
export const onboardedProcedure = authedProcedure.use(({ ctx, next }) => {
	if (!ctx.user.onboardingCompleted) {
		throw new TRPCError({ code: 'FORBIDDEN', message: 'Complete your profile first.' })
	}
	return next({ ctx })
})

/** An onboarded admin, as the /admin pages require (spec section 6). */
export const adminProcedure = onboardedProcedure.use(({ ctx, next }) => {
	if (ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Only admins can do this.' })
	return next({ ctx })
})

export type TrpcFieldErrors = ReturnType<typeof fieldErrorsOf>
