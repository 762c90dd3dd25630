/**
 * `npm run db:migration:new -- <name>`: writes a migration with the SQL that
 * takes the existing migrations to prisma/schema.prisma. Review it, add what
 * Prisma cannot express (CHECK constraints, data backfills), then commit it.
 */
import path from 'node:path'
import { createMigration } from '../migrate.ts'

async function main() {
	const name = process.argv[2]
	if (!name || process.argv.length > 3) {
		console.error('Usage: npm run db:migration:new -- <name>   (e.g. add_user_bio)')
		return 2
	}
	const dir = await createMigration(name)
	console.log(
		dir
			? `Created ${path.relative(process.cwd(), path.join(dir, 'migration.sql'))}`
			: 'prisma/schema.prisma and the migrations already agree: no migration created.',
	)
	return 0
}

// Exit explicitly: the schema engine leaves a timer pending after its work is done.
main().then(
	(code) => process.exit(code),
	(error: unknown) => {
		console.error(error instanceof Error ? error.message : error)
		process.exit(1)
	},
)
