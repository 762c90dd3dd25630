import { pino } from 'pino'
import type { AppContext } from '#server/context.ts'
import { parseEnv } from '#server/env.ts'
import { getTestDb } from './db.ts'

/** An app context on this test file's database, with local integrations and a silent logger. */
export async function createTestContext(overrides: Partial<AppContext> = {}): Promise<AppContext> {
	return {
		env: parseEnv({ NODE_ENV: 'test', APP_URL: 'http://localhost:3999', DATA_DIR: './data/test' }),
		db: await getTestDb(),
		logger: pino({ level: 'silent' }),
		...overrides,
	}
}
