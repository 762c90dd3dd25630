/**
 * `npm run db:seed`: loads the demo opportunities and question templates into
 * DATABASE_URL or, when it is not set, the embedded PostgreSQL. Safe to re-run:
 * rows that already exist (by opportunity slug or template label) are left alone.
 */
import { seedDemoData } from '#server/db/seed.ts'
import { runWithDatabase } from './with-database.ts'

await runWithDatabase(async ({ db }) => {
	const result = await seedDemoData(db, { today: new Date() })
	console.log(
		`Seeded ${result.opportunities} opportunities and ${result.templates} question templates (existing rows left unchanged).`,
	)
})
