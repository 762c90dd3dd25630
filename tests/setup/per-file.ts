import { afterAll } from 'vitest'
import { removeTestDataDirs } from '#tests/app-context.ts'
import { disconnectTestDatabase } from '#tests/db.ts'

afterAll(async () => {
	await disconnectTestDatabase()
	await removeTestDataDirs()
})
