import { startEmbeddedPostgres } from '../server/db/embedded.ts'
import pg from 'pg'
const db = await startEmbeddedPostgres({ dataDir: '/work/main/data/postgres-try', port: 54399, log: console.log })
const c = new pg.Client(db.adminUrl); await c.connect(); console.log((await c.query('select version()')).rows[0]); await c.end()
await db.stop()
