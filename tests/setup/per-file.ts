import { afterAll } from 'vitest'
import { disconnectTestDatabase } from '#tests/db.ts'

afterAll(async () => {
	await disconnectTestDatabase()
})
