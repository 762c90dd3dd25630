import { pino, type Logger } from 'pino'
import { ERROR_STATUS, isDomainError } from '#server/domain/errors.ts'
import type { Env } from '#server/env.ts'

/** Structured JSON logs, one object per line, on stdout. */
export function createLogger(env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
	return pino({
		level: env.NODE_ENV === 'test' && env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL,
		base: { service: 'callboard' },
		timestamp: pino.stdTimeFunctions.isoTime,
		redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'], remove: true },
	})
}

/**
 * Logs why a request's work failed: a DomainError under 500 is the client's (an id that is gone, a
 * value out of range) or a refusal, worth a warning; anything else is ours, an error. Level 50 stays
 * for what an operator must look at, and no client can fill it by sending bad ids.
 */
export function logFailure(logger: Pick<Logger, 'warn' | 'error'>, error: unknown, fields: Record<string, unknown>, message: string) {
	if (isDomainError(error) && ERROR_STATUS[error.code] < 500) logger.warn({ ...fields, code: error.code, reason: error.message }, message)
	else logger.error({ ...fields, err: error }, message)
}
