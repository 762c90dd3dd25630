// `npx tsx bench/explain.ts <database url>`: EXPLAIN ANALYZE of the feed's and the admin list's
// statements, exactly as the app builds them, for docs/performance.md. Point it at a database with
// the catalogue you want to measure (e.g. one `npm run bench` seeded, or a copy of production).
import pg from 'pg'
import type { Prisma } from '#server/db/generated/client.ts'
import { feedQueries } from '#server/domain/feed/feed.ts'
import { FEED_PAGE_SIZE, FeedInput } from '#server/domain/feed/feed.schema.ts'
import { adminListQueries } from '#server/domain/opportunities/admin-list.ts'
import { AdminListInput } from '#server/domain/opportunities/opportunity.schema.ts'

const databaseUrl = process.argv[2]
if (!databaseUrl) {
	console.error('Usage: npx tsx bench/explain.ts <database url>')
	process.exit(2)
}

const client = new pg.Client({ connectionString: databaseUrl })
await client.connect()
try {
	const { rows } = await client.query<{ id: string; today: string; open: number }>(
		`SELECT (SELECT user_id FROM profiles LIMIT 1) AS id, to_char(current_date, 'YYYY-MM-DD') AS today,
		        (SELECT count(*)::int FROM opportunities WHERE active AND deadline >= current_date) AS open`,
	)
	const { id: userId, today, open } = rows[0]!
	console.log(`${open.toLocaleString('en-US')} open opportunities\n`)
	const scope = { userId, today, practiceTags: ['painting', 'video', 'grants'] }
	const feed = (input: FeedInput) => feedQueries(FeedInput.parse(input), scope)
	const admin = adminListQueries(AdminListInput.parse({}), today)
	const statements: [string, Prisma.Sql][] = [
		['feed, by deadline: page and count', feed({}).pageWithCount(FEED_PAGE_SIZE)],
		['feed, filtered by medium and type: page and count', feed({ mediums: ['painting'], types: ['grants'] }).pageWithCount(FEED_PAGE_SIZE)],
		['feed, best match: page and count', feed({ sort: 'match' }).pageWithCount(FEED_PAGE_SIZE)],
		['feed options: tags present (once per catalogue version)', feed({}).presentTags(scope.practiceTags)],
		['feed options: top locations (once per catalogue version)', feed({}).locations],
		['admin list: page', admin.pageWithVersion(0)],
		['admin list: count (once per catalogue version and filters)', admin.count],
	]
	for (const [title, statement] of statements) {
		const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF, BUFFERS OFF) ${statement.text}`, statement.values)
		console.log(`### ${title}\n\n\`\`\`\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n\`\`\`\n`)
	}
} finally {
	await client.end()
}
