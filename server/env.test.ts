import { describe, expect, test } from 'vitest'
import { EnvError, isLocalOrigin, parseEnv } from './env.ts'

function problems(source: Record<string, string>) {
	try {
		parseEnv(source)
	} catch (error) {
		if (error instanceof EnvError) return error.problems
		throw error
	}
	throw new Error('expected parseEnv to reject the environment')
}

describe('parseEnv', () => {
	test('runs with nothing configured: local defaults', () => {
		const env = parseEnv({})
		expect(env.PORT).toBe(3000)
		expect(env.APP_URL).toBe('http://localhost:3000')
		expect(env.DATABASE_URL).toBeUndefined()
		expect(env.SEED_DEMO_DATA).toBe(true)
		expect(env.isProduction).toBe(false)
		expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32)
	})

	test('an invalid value stops start-up with a message naming the variable', () => {
		expect(problems({ PORT: 'eighty' })).toEqual([expect.stringMatching(/^PORT /)])
		// Out of range, it also makes no URL: still one message, not a crash while checking the others.
		expect(problems({ PORT: '99999' })).toEqual([expect.stringMatching(/^PORT /)])
		expect(problems({ DATABASE_URL: 'mysql://localhost/db' })).toEqual([
			'DATABASE_URL must start with postgres:// or postgresql://',
		])
		expect(problems({ SMTP_URL: 'http://mail' })).toEqual(['SMTP_URL must start with smtp:// or smtps://'])
		expect(problems({ LOG_LEVEL: 'loud' })).toEqual([expect.stringMatching(/^LOG_LEVEL /)])
	})

	test('production with an external database requires a shared SESSION_SECRET', () => {
		expect(problems({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/callboard' })).toEqual([
			'SESSION_SECRET is required in production with DATABASE_URL',
		])
		expect(problems({ SESSION_SECRET: 'short' })).toEqual(['SESSION_SECRET must be at least 32 characters'])
	})

	test('S3 settings must come together', () => {
		expect(problems({ S3_BUCKET: 'uploads' })).toEqual([
			'S3_BUCKET S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
		])
	})

	test('empty strings count as unset, so .env files may leave values blank', () => {
		const env = parseEnv({ DATABASE_URL: '', STRIPE_SECRET_KEY: '', SEED_DEMO_DATA: '' })
		expect(env.DATABASE_URL).toBeUndefined()
		expect(env.STRIPE_SECRET_KEY).toBeUndefined()
		expect(env.SEED_DEMO_DATA).toBe(true)
	})

	test('flags parse true/false/1/0', () => {
		expect(parseEnv({ SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe(false)
		expect(parseEnv({ SEED_DEMO_DATA: '0' }).SEED_DEMO_DATA).toBe(false)
		expect(parseEnv({ SEED_DEMO_DATA: '1' }).SEED_DEMO_DATA).toBe(true)
	})

	test('mail: the outbox locally, SMTP when SMTP_URL is set, and a public APP_URL must choose the outbox by name', () => {
		expect(parseEnv({}).MAIL_TRANSPORT).toBe('outbox')
		expect(parseEnv({ APP_URL: 'http://127.0.0.1:3000' }).MAIL_TRANSPORT).toBe('outbox')
		expect(parseEnv({ SMTP_URL: 'smtp://mail.example:25' }).MAIL_TRANSPORT).toBe('smtp')
		expect(parseEnv({ APP_URL: 'https://callboard.example', SMTP_URL: 'smtps://u:p@mail.example:465' }).MAIL_TRANSPORT).toBe('smtp')

		const [problem, ...others] = problems({ NODE_ENV: 'production', APP_URL: 'https://callboard.example' })
		expect(others).toEqual([])
		expect(problem).toMatch(/^SMTP_URL is required when APP_URL \(https:\/\/callboard\.example\) is not a local address/)
		expect(problem).toContain('MAIL_TRANSPORT=outbox')
		// Not only in production: a development server on a LAN address is reachable by others too.
		expect(problems({ APP_URL: 'http://192.168.1.20:3000' })).toHaveLength(1)

		const optedIn = parseEnv({ APP_URL: 'https://callboard.example', MAIL_TRANSPORT: 'outbox' })
		expect(optedIn.MAIL_TRANSPORT).toBe('outbox')
		expect(parseEnv({ SMTP_URL: 'smtp://mail.example:25', MAIL_TRANSPORT: 'outbox' }).MAIL_TRANSPORT).toBe('outbox')

		expect(problems({ MAIL_TRANSPORT: 'smtp' })).toEqual(['SMTP_URL is required when MAIL_TRANSPORT is smtp'])
		expect(problems({ MAIL_TRANSPORT: 'sendmail' })).toEqual(['MAIL_TRANSPORT must be smtp or outbox'])
		expect(parseEnv({ MAIL_TRANSPORT: '' }).MAIL_TRANSPORT).toBe('outbox')
	})

	test('local origins are this machine only', () => {
		for (const url of ['http://localhost:3000', 'http://LOCALHOST', 'http://callboard.localhost:8080', 'http://127.0.0.1', 'http://127.1.2.3:3000', 'http://[::1]:3000']) {
			expect(isLocalOrigin(url), url).toBe(true)
		}
		for (const url of ['https://callboard.example', 'http://192.168.1.20:3000', 'http://10.0.0.5', 'http://[2001:db8::1]', 'http://localhost.example.com', 'http://0.0.0.0:3000']) {
			expect(isLocalOrigin(url), url).toBe(false)
		}
	})
})
