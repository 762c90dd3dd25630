// What the bench puts in its database, written straight to PostgreSQL with `pg` (set-based
// INSERTs, seconds for 100,000 rows) rather than through the app: artists signed in by session rows,
// their drafts, and the catalogue grown to its scale target. Rows look like real ones (tags,
// locations, text lengths), because page weight and query plans depend on what is in them.
import { createHash, randomBytes } from 'node:crypto'
import type pg from 'pg'
import { INTERESTS, MEDIUMS } from '#server/domain/profiles/choices.ts'

/** A signed-in visitor: the Cookie header that signs in as them, and their practice for filters. */
export type Visitor = {
	id: string
	cookie: string
	/** The first of their mediums and interests, as the feed's filter values (lowercased tags). */
	medium: string
	interest: string
}

/** A draft of some artist's, with its ten answers (for the draft page and autosave). */
export type DraftFixture = { cookie: string; draftId: string; answerIds: string[] }

/** About 300 places in 30 countries, plus online calls, as the catalogue's locations. */
const CITIES: Record<string, string> = {
	'United Kingdom': 'London, Glasgow, Manchester, Bristol, Leeds, Edinburgh, Cardiff, Belfast, Penzance, Margate',
	Germany: 'Berlin, Hamburg, Munich, Cologne, Leipzig, Dresden, Frankfurt, Düsseldorf, Stuttgart, Bremen',
	France: 'Paris, Marseille, Lyon, Nantes, Bordeaux, Lille, Toulouse, Arles, Strasbourg, Rennes',
	Italy: 'Venice, Rome, Milan, Turin, Naples, Florence, Bologna, Palermo, Genoa, Matera',
	Spain: 'Madrid, Barcelona, Valencia, Seville, Bilbao, Málaga, Granada, Zaragoza, Vigo, Palma',
	Portugal: 'Lisbon, Porto, Coimbra, Braga, Faro, Évora, Aveiro, Guimarães, Funchal, Sintra',
	Netherlands: 'Amsterdam, Rotterdam, The Hague, Utrecht, Eindhoven, Maastricht, Groningen, Arnhem, Leiden, Haarlem',
	Belgium: 'Brussels, Antwerp, Ghent, Liège, Bruges, Leuven, Mechelen, Namur, Hasselt, Kortrijk',
	Switzerland: 'Zurich, Geneva, Basel, Bern, Lausanne, Lucerne, Lugano, St. Gallen, Winterthur, Biel',
	Austria: 'Vienna, Graz, Linz, Salzburg, Innsbruck, Klagenfurt, Bregenz, Krems, Villach, Wels',
	Poland: 'Warsaw, Kraków, Łódź, Wrocław, Gdańsk, Poznań, Lublin, Katowice, Szczecin, Toruń',
	Sweden: 'Stockholm, Gothenburg, Malmö, Uppsala, Umeå, Luleå, Örebro, Visby, Lund, Kiruna',
	Norway: 'Oslo, Bergen, Trondheim, Stavanger, Tromsø, Bodø, Kristiansand, Ålesund, Lofoten, Drammen',
	Finland: 'Helsinki, Turku, Tampere, Oulu, Espoo, Jyväskylä, Rovaniemi, Lahti, Kuopio, Vaasa',
	Iceland: 'Reykjavík, Akureyri, Ísafjörður, Seyðisfjörður, Hafnarfjörður, Húsavík, Vík, Selfoss, Egilsstaðir, Höfn',
	Ireland: 'Dublin, Cork, Galway, Limerick, Waterford, Kilkenny, Sligo, Derry, Wexford, Dingle',
	'United States': 'New York, Los Angeles, Chicago, Marfa, Portland, Detroit, New Orleans, Santa Fe, Miami, Seattle',
	Canada: 'Toronto, Montreal, Vancouver, Halifax, Calgary, Winnipeg, Ottawa, Banff, Quebec City, Dawson City',
	Mexico: 'Mexico City, Oaxaca, Guadalajara, Monterrey, Mérida, Puebla, Tijuana, San Cristóbal, Querétaro, Morelia',
	Brazil: 'São Paulo, Rio de Janeiro, Salvador, Belo Horizonte, Recife, Porto Alegre, Curitiba, Belém, Fortaleza, Brasília',
	Argentina: 'Buenos Aires, Córdoba, Rosario, Mendoza, Salta, La Plata, Ushuaia, Tucumán, Mar del Plata, Bariloche',
	Colombia: 'Bogotá, Medellín, Cali, Cartagena, Barranquilla, Bucaramanga, Pereira, Manizales, Santa Marta, Pasto',
	Japan: 'Tokyo, Kyoto, Osaka, Sapporo, Fukuoka, Naoshima, Shigaraki, Kanazawa, Nagoya, Yokohama',
	'South Korea': 'Seoul, Busan, Gwangju, Daegu, Incheon, Jeju, Daejeon, Ulsan, Suwon, Jeonju',
	India: 'Mumbai, New Delhi, Bengaluru, Kolkata, Chennai, Ahmedabad, Kochi, Jaipur, Hyderabad, Pune',
	China: 'Beijing, Shanghai, Guangzhou, Shenzhen, Chengdu, Hangzhou, Wuhan, Xiamen, Jingdezhen, Nanjing',
	Australia: 'Melbourne, Sydney, Brisbane, Perth, Adelaide, Hobart, Darwin, Canberra, Alice Springs, Fremantle',
	'South Africa': 'Cape Town, Johannesburg, Durban, Pretoria, Port Elizabeth, Bloemfontein, Stellenbosch, Soweto, Grahamstown, Knysna',
	Nigeria: 'Lagos, Abuja, Ibadan, Kano, Port Harcourt, Enugu, Benin City, Calabar, Jos, Abeokuta',
	Senegal: 'Dakar, Saint-Louis, Thiès, Ziguinchor, Kaolack, Rufisque, Mbour, Touba, Kolda, Tambacounda',
}

export const LOCATIONS = [
	...Object.entries(CITIES).flatMap(([country, cities]) => cities.split(', ').map((city) => `${city}, ${country}`)),
	'Online',
	'Remote',
]

/** Words that are not a medium, an interest or a place, as open calls are tagged with. */
const THEMES = [
	'emerging artists', 'mid-career', 'international', 'stipend', 'travel', 'research', 'studio', 'accommodation',
	'production costs', 'mentorship', 'women artists', 'bipoc', 'community', 'ecology', 'unrestricted', 'fellowship',
	'commission', 'exchange', 'rolling', 'all mediums',
]

/** Deterministic, so every run seeds the same practices (mulberry32). */
function random(seed: number) {
	let state = seed >>> 0
	return () => {
		state = (state + 0x6d2b79f5) >>> 0
		let t = state
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
}

function pick<T>(items: readonly T[], count: number, next: () => number): T[] {
	const pool = [...items]
	const chosen: T[] = []
	while (chosen.length < count && pool.length) chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!)
	return chosen
}

/**
 * `count` onboarded artists, each with a session (30 days left, so no request renews it) and a
 * practice of its own: 1 to 3 mediums and 1 to 3 interests, so best match differs per artist.
 * The last `admins` of them have the admin role. The first is on Pro (drafting spends no credit).
 */
export async function seedArtists(db: pg.Client, { count, admins }: { count: number; admins: number }) {
	const next = random(13)
	const rows = Array.from({ length: count }, (_, n) => {
		const token = randomBytes(24).toString('base64url')
		const [city, country] = LOCATIONS[n % (LOCATIONS.length - 2)]!.split(', ')
		return {
			n,
			token,
			email: `bench-artist-${n}@example.test`,
			full_name: `Bench Artist ${n}`,
			city,
			country,
			mediums: pick(MEDIUMS, 1 + Math.floor(next() * 3), next),
			interests: pick(INTERESTS, 1 + Math.floor(next() * 3), next),
			role: n >= count - admins ? 'admin' : 'user',
			plan: n === 0 ? 'pro' : 'free',
			token_hash: createHash('sha256').update(token).digest('hex'),
		}
	})
	// One statement: the users, their profiles and their sessions (foreign keys are checked at its end).
	await db.query(
		`WITH input AS (
			SELECT * FROM jsonb_to_recordset($1::jsonb)
				AS t(n int, email text, full_name text, city text, country text, mediums text[], interests text[], role text, plan text, token_hash text)
		), new_users AS (
			INSERT INTO users (email, email_verified_at, updated_at) SELECT email, now(), now() FROM input ORDER BY n RETURNING id, email
		), new_profiles AS (
			INSERT INTO profiles (user_id, role, full_name, city, country, mediums, interests, plan, onboarding_completed, onboarding_step, first_login_grant, updated_at)
			SELECT u.id, i.role::role, i.full_name, i.city, i.country, i.mediums, i.interests, i.plan::plan, true, 4, true, now()
			FROM new_users u JOIN input i USING (email)
		)
		INSERT INTO sessions (id, user_id, expires_at)
		SELECT i.token_hash, u.id, now() + interval '30 days' FROM new_users u JOIN input i USING (email)`,
		[JSON.stringify(rows.map(({ token: _token, ...row }) => row))],
	)
	const { rows: ids } = await db.query<{ id: string; email: string }>('SELECT id, email FROM users WHERE email = ANY($1::text[])', [rows.map((row) => row.email)])
	const idByEmail = new Map(ids.map((row) => [row.email, row.id]))
	const visitors = rows.map((row) => ({
		id: idByEmail.get(row.email)!,
		cookie: `cb_session=${row.token}`,
		medium: row.mediums[0]!.toLowerCase(),
		interest: row.interests[0]!,
		role: row.role,
	}))
	return {
		artists: visitors.filter((visitor) => visitor.role === 'user').map(({ role: _role, ...visitor }): Visitor => visitor),
		admins: visitors.filter((visitor) => visitor.role === 'admin').map(({ role: _role, ...visitor }): Visitor => visitor),
	}
}

const QUESTIONS = [
	'Artist statement',
	'Describe the project you would develop',
	'How will this opportunity change your practice?',
	'Describe a recent body of work',
	'What is your relationship to the place?',
	'Budget and how the funds will be used',
	'Timeline for the project',
	'Who is your audience, and how will you reach them?',
	'Describe your working methods and materials',
	'Anything else the panel should know',
]

const ANSWER = `My practice moves between painting and moving image, and lately between the studio and the
places the work is about. Over the last three years I have been walking the same stretch of coast each
season, drawing on site and filming the changes in light and water, then returning to the studio to
build large paintings from those notes. This opportunity would give me the time and space to bring
the two halves of the work together: a series of six paintings shown beside a single-channel video,
made with the people who live and work along that coast, and shared with them first.`.replace(/\s+/g, ' ')

/** A draft with ten written answers (about 100 words each) for each of `owners`, on open calls. */
export async function seedDrafts(db: pg.Client, owners: Visitor[]): Promise<DraftFixture[]> {
	const { rows } = await db.query<{ draft_id: string; user_id: string; answer_ids: string[] }>(
		`WITH new_drafts AS (
			INSERT INTO drafts (user_id, opportunity_id, opportunity_title, organization, deadline, opportunity_url, status, title, model, updated_at)
			SELECT owner.user_id, o.id, o.title, o.organization, o.deadline, o.url, 'in_progress', o.title, 'bench', now()
			FROM unnest($1::uuid[]) WITH ORDINALITY AS owner(user_id, n)
			CROSS JOIN LATERAL (
				SELECT * FROM opportunities WHERE active ORDER BY created_at, id OFFSET owner.n % 20 LIMIT 1
			) AS o
			RETURNING id, user_id
		), new_answers AS (
			INSERT INTO draft_answers (draft_id, idx, slug, prompt, question_type, limit_type, limit_value, status, model_answer, updated_at)
			SELECT d.id, q.idx, 'question-' || q.idx, q.prompt, 'long_text', 'words', 300, 'written', $3, now()
			FROM new_drafts d CROSS JOIN unnest($2::text[]) WITH ORDINALITY AS q(prompt, idx)
			RETURNING id, draft_id, idx
		)
		SELECT d.id AS draft_id, d.user_id, array_agg(a.id ORDER BY a.idx) AS answer_ids
		FROM new_drafts d JOIN new_answers a ON a.draft_id = d.id
		GROUP BY d.id, d.user_id`,
		[owners.map((owner) => owner.id), QUESTIONS, ANSWER],
	)
	const cookieById = new Map(owners.map((owner) => [owner.id, owner.cookie]))
	return rows.map((row) => ({ cookie: cookieById.get(row.user_id)!, draftId: row.draft_id, answerIds: row.answer_ids }))
}

/** An open residency with `count` long-text questions of 300 words at most, to draft against. */
export async function opportunityWithQuestions(db: pg.Client, count: number) {
	const { rows } = await db.query<{ id: string }>(
		`INSERT INTO opportunities (title, organization, url, category, deadline, description, slug)
		 VALUES ('Bench Residency', 'Bench Foundation', 'https://example.org/bench', 'residency', current_date + 60, 'A residency for the benchmark.', 'bench-residency')
		 RETURNING id`,
	)
	const id = rows[0]!.id
	await db.query(
		`INSERT INTO opportunity_questions (opportunity_id, label, slug, type, limit_type, limit_value, order_index, prompt, idx, updated_at)
		 SELECT $1, 'Question ' || n, 'question-' || n, 'long_text', 'words', 300, n, 'Question ' || n, n, now() FROM generate_series(1, $2) AS n`,
		[id, count],
	)
	return id
}

/**
 * `count` more open calls beside the demo data: the feed's scale target. Each has an interest tag
 * from its category, one to three mediums, a theme or two and its country, a location among ~300,
 * a deadline in the next 18 months and a creation date in the last year (the admin list's order).
 * random() is seeded, so every run grows the same catalogue.
 */
export async function growCatalogue(db: pg.Client, count: number) {
	await db.query('SELECT setseed(0.42)')
	await db.query(
		`INSERT INTO opportunities (title, organization, url, category, location, deadline, tags, description, slug, created_at)
		SELECT g.title, g.organization, 'https://example.org/calls/' || g.n, g.category, g.location, g.deadline,
		       -- Distinct, in the order they were listed (the CHECK allows 10; these are at most 7).
		       ARRAY(SELECT tag FROM unnest(g.tags) WITH ORDINALITY AS t(tag, i) GROUP BY tag ORDER BY min(i)),
		       g.description, 'bench-call-' || g.n, g.created_at
		FROM (
			SELECT r.n, r.category, r.location, r.deadline, r.created_at,
			       r.place || ' ' || r.kind AS title,
			       r.place || ' ' || r.body AS organization,
			       r.place || ' ' || r.body || ' invites artists to apply for its ' || lower(r.kind) || '. '
			         || 'Selected artists receive support, time and space to develop new work, with a public presentation at the end. '
			         || 'Applications are read by a panel of artists and curators; we welcome first-time applicants.' AS description,
			       ARRAY[r.interest] || r.mediums || r.themes
			         || CASE WHEN r.location IN ('Online', 'Remote') THEN ARRAY['online'] ELSE ARRAY[lower(regexp_replace(r.location, '^.*, ', ''))] END AS tags
			FROM (
				SELECT n, c.category, c.interest,
				       (c.kinds)[1 + floor(random() * 4)::int] AS kind,
				       (ARRAY['Northlight', 'Kestrel', 'Tidewater', 'Meridian', 'Riverside', 'Old Mill', 'Harbour', 'Granite', 'Lantern',
				              'Foundry', 'Orchard', 'Highland', 'Cedar', 'Ember', 'Saltmarsh', 'Ironworks', 'Linden', 'Marram'])[1 + floor(random() * 18)::int] AS place,
				       (ARRAY['Arts Foundation', 'Arts Council', 'Art Centre', 'Trust', 'Gallery', 'Kunsthalle', 'Institute', 'Studios'])[1 + floor(random() * 8)::int] AS body,
				       ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int] AS location,
				       -- Correlated on n, so each row draws its own (an uncorrelated subquery runs once).
				       ARRAY(SELECT m FROM unnest($3::text[]) AS m WHERE n > 0 ORDER BY random() LIMIT 1 + floor(random() * 3)::int) AS mediums,
				       ARRAY(SELECT t FROM unnest($4::text[]) AS t WHERE n > 0 ORDER BY random() LIMIT 1 + floor(random() * 2)::int) AS themes,
				       current_date + 1 + floor(random() * 540)::int AS deadline,
				       now() - random() * interval '365 days' AS created_at
				FROM generate_series(1, $1::int) AS n
				CROSS JOIN LATERAL (
					SELECT * FROM (VALUES
						('grant'::category, 'grants', ARRAY['Project Grant', 'Travel Grant', 'Production Grant', 'Fellowship']),
						('residency'::category, 'residencies', ARRAY['Residency', 'Studio Residency', 'Research Residency', 'Summer Residency']),
						('open_call'::category, 'exhibitions', ARRAY['Open Call', 'Biennial Open Call', 'Exhibition Open Call', 'Commission']),
						('open_call'::category, 'competitions', ARRAY['Prize', 'Award', 'Painting Prize', 'Open Competition'])
					) AS kinds(category, interest, kinds)
					OFFSET n % 4 LIMIT 1
				) AS c
			) AS r
		) AS g`,
		[count, LOCATIONS, MEDIUMS.map((medium) => medium.toLowerCase()), THEMES],
	)
}

/** Up-to-date statistics and a clean visibility map, as a database that has been running a while has. */
export async function vacuumAnalyze(db: pg.Client) {
	await db.query('VACUUM ANALYZE')
}

export async function countOpen(db: pg.Client) {
	const { rows } = await db.query<{ open: number }>('SELECT count(*)::int AS open FROM opportunities WHERE active AND deadline >= current_date')
	return rows[0]!.open
}

/** `limit` open calls, spread over the catalogue, for the opportunity page. */
export async function sampleOpenOpportunities(db: pg.Client, limit: number) {
	const { rows } = await db.query<{ id: string }>(
		'SELECT id FROM opportunities WHERE active AND deadline >= current_date ORDER BY md5(id::text) LIMIT $1',
		[limit],
	)
	return rows.map((row) => row.id)
}
