import path from 'node:path'
import { defineConfig } from 'prisma/config'

// Used by `prisma generate` only. Migrations run through our offline runner
// (server/db/migrate.ts), which never downloads an engine.
export default defineConfig({
	schema: path.join('prisma', 'schema.prisma'),
	migrations: { path: path.join('prisma', 'migrations') },
})
