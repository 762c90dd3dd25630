import { afterAll } from 'vitest'
import { closeTestNotifications, removeTestDataDirs } from '#tests/app-context.ts'
import { disconnectTestDatabase } from '#tests/db.ts'

afterAll(async () => {
	await closeTestNotifications()
	await disconnectTestDatabase()
	await removeTestDataDirs()
})
