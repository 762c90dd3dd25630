import { pino, type Logger } from 'pino'
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
