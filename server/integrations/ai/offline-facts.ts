import type { DraftGrounding } from './types.ts'

/*
 * The facts the offline drafter may state: read from the grounding only, cleaned, and absent
 * (undefined) rather than empty when the artist or the call does not give them, so a sentence
 * that needs a missing fact is left out instead of printing a gap.
 */

export type Facts = {
	name?: string
	city?: string
	country?: string
	/** "City, Country", or whichever of the two exists. */
	place?: string
	/** Display forms, as the artist chose them ("Digital Art"). */
	mediums: string[]
	/** The first three mediums as prose: "painting, drawing and digital art". */
	mediumPhrase?: string
	/** What the artist applies for, as prose words ("residencies"). */
	interests: string[]
	website?: string
	/** The website and link URLs, in that order: what a url answer may give. */
	urls: string[]
	links: { kind: string; url: string }[]
	/** Usable CV lines, most recent first as the CV lists them. */
	cv: string[]
	opportunity: {
		title?: string
		organization?: string
		/** The call's place, absent for online calls. */
		location?: string
		/** "12 March 2025". */
		deadline?: string
		/** grant, residency, open call, or opportunity. */
		kind: string
		/** The call's tags that name one of the artist's mediums. */
		matches: string[]
		/** The call's other thematic tags. */
		themes: string[]
		/** The award the description states ("CAD 7,500"). */
		amount?: string
		/** Sentences of the description that say what the call is looking for, best first. */
		asks: string[]
	}
}

/** Whitespace collapsed and trimmed; undefined when nothing is left. */
export function clean(value: string | null | undefined): string | undefined {
	const text = (value ?? '').replace(/\s+/g, ' ').trim()
	return text || undefined
}

/** "a", "a and b", "a, b and c". */
export function listPhrase(items: readonly string[]): string | undefined {
	if (items.length === 0) return undefined
	if (items.length === 1) return items[0]
	return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

/** Lower-cases plain capitalised words ("Digital Art" reads "digital art" mid-sentence); keeps acronyms and odd spellings. */
export function proseCase(value: string): string {
	return value
		.split(' ')
		.map((word) => (/^\p{Lu}\p{Ll}+$/u.test(word) ? word.toLowerCase() : word))
		.join(' ')
}

/** The labelled lines of the artist brief (server/domain/profiles/ingest.ts) and the CV text after "CV:". */
export function parseBrief(brief: string | null): { fields: Map<string, string>; cvText: string } {
	const fields = new Map<string, string>()
	if (!brief) return { fields, cvText: '' }
	const text = brief.replace(/\r\n?/g, '\n')
	const cvAt = text.search(/(?:^|\n)CV:\n/)
	const head = cvAt === -1 ? text : text.slice(0, cvAt)
	const cvText = cvAt === -1 ? '' : text.slice(cvAt).replace(/^\n?CV:\n/, '')
	for (const line of head.split('\n')) {
		const match = /^([A-Za-z ]+):\s*(.+)$/.exec(line.trim())
		if (match) fields.set(match[1]!.toLowerCase(), match[2]!.trim())
	}
	return { fields, cvText }
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** yyyy-MM-dd as "12 March 2025"; undefined for anything else. */
export function formatDeadline(value: string | null): string | undefined {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '')
	if (!match) return undefined
	const month = MONTHS[Number(match[2]) - 1]
	const day = Number(match[3])
	if (!month || day < 1 || day > 31) return undefined
	return `${day} ${month} ${match[1]}`
}

/**
 * CV lines worth quoting: not headings ("EXHIBITIONS", "Education:"), not contact details, not the
 * line the brief cut short ("…"), not whole paragraphs. When the CV has dated lines only those are
 * used: they are the facts a panel looks for, where an undated line may be "Lives and works in...".
 */
export function cvLines(cvText: string, name: string | undefined): string[] {
	const lines = cvText
		.split('\n')
		.map((line) =>
			line
				.replace(/^\s*(?:[-*•·–]|\d+[.)])\s+/, '')
				.replace(/\s+/g, ' ')
				.trim(),
		)
		.filter((line) => {
			if (!/\p{L}/u.test(line) || line.endsWith('…') || line.endsWith(':')) return false
			if (/@|https?:\/\/|www\.|\+\d|\(\d+\)\s*\d|\b\d{3}[ .-]\d{3}[ .-]\d{3,4}\b/.test(line)) return false
			if (name && line.toLowerCase() === name.toLowerCase()) return false
			const words = line.split(' ').length
			const dated = /\b(?:19|20)\d{2}\b/.test(line)
			if (!dated && (words <= 3 || line === line.toUpperCase())) return false
			return words <= 30 && line.length <= 200
		})
	const unique = [...new Set(lines)]
	const dated = unique.filter((line) => /\b(?:19|20)\d{2}\b/.test(line))
	return (dated.length ? dated : unique).slice(0, 10).map((line) => line.replace(/[.;,]+$/, ''))
}

/** A set of lower-case phrases written "a|b|c". */
const phrases = (list: string) => new Set(list.split('|'))

// Tags that say what kind of call it is or who may apply, not what it is about.
const NON_THEME_TAGS = phrases(
	'grant|grants|residency|residencies|exhibition|exhibitions|competition|competitions|open call|open calls|international|online|prize|award|awards|stipend|commission|fellowship|funding|project funding|production costs|emerging artists|early career|mid-career|established artists|women artists|festival|biennial|group show|solo show|logistics|common|europe|africa|asia|oceania|latin america|north america|south america|middle east|uk|usa|us|eu',
)

/** The profile's medium list (server/domain/profiles/choices.ts) and common neighbours, lower-case. */
export const KNOWN_MEDIUMS = phrases(
	'painting|drawing|sculpture|photography|digital art|video|installation|performance|ceramics|textiles|textile|printmaking|mixed media|collage|new media|film|sound|illustration',
)

const KINDS: Record<string, string> = { grant: 'grant', residency: 'residency', open_call: 'open call' }

export function readFacts(grounding: DraftGrounding): Facts {
	const { artist, opportunity } = grounding
	const { fields, cvText } = parseBrief(artist.brief)
	const name = clean(artist.fullName) ?? clean(fields.get('artist'))
	const city = clean(artist.city)
	const country = clean(artist.country)
	const place = [city, country].filter(Boolean).join(', ') || clean(fields.get('based in'))
	const mediums = unique((artist.mediums.length ? artist.mediums : (fields.get('mediums') ?? '').split(',')).map((medium) => clean(medium)))
	const interests = unique(artist.interests.map((interest) => clean(interest)?.replace(/_/g, ' ').toLowerCase()))
	// Only the profile's own URLs: the domain accepts a url answer only when it is one of them.
	const website = clean(artist.websiteUrl)
	const links = artist.links.map((link) => ({ kind: link.kind, url: clean(link.url) ?? '' })).filter((link) => link.url)
	const urls = unique([website, ...links.map((link) => link.url)])

	const location = clean(opportunity.location)
	const onlineOnly = location !== undefined && /^(?:online|virtual|remote|anywhere|worldwide)$/i.test(location)
	const placeWords = new Set((location ?? '').toLowerCase().split(/[^\p{L}]+/u))
	const mediumWords = new Set(mediums.map((medium) => medium.toLowerCase()))
	const tags = unique(opportunity.tags.map((tag) => clean(tag)?.toLowerCase())).filter(
		(tag) => !NON_THEME_TAGS.has(tag) && !placeWords.has(tag) && !/\d/.test(tag) && tag.length <= 40,
	)
	const matches = tags.filter((tag) => mediumWords.has(tag) || mediumWords.has(tag.replace(/s$/, '')))
	// A medium the artist does not work in is not a theme they share.
	const themes = tags.filter((tag) => !matches.includes(tag) && !KNOWN_MEDIUMS.has(tag) && !KNOWN_MEDIUMS.has(tag.replace(/s$/, '')))

	return {
		name,
		city,
		country,
		place,
		mediums,
		mediumPhrase: listPhrase(mediums.slice(0, 3).map(proseCase)),
		interests,
		website,
		urls,
		links,
		cv: cvLines(cvText, name),
		opportunity: {
			title: clean(opportunity.title),
			organization: clean(opportunity.organization),
			location: onlineOnly ? undefined : location,
			deadline: formatDeadline(opportunity.deadline),
			kind: KINDS[opportunity.category ?? ''] ?? 'opportunity',
			matches,
			themes,
			amount: offeredAmount(opportunity.description)?.phrase,
			asks: callAsks(opportunity.description),
		},
	}
}

const ASKS =
	/\b(?:looking for|looks for|look for|seeks?|seeking|interested in|encouraged|welcome[sd]?|invites?|invite|we want|aims? to|is meant to|particularly)\b/gi

/**
 * The description's sentences that say what the call wants ("The panel looks for a clear sense of
 * direction..."), which an answer can quote back word for word; not the rules and fees.
 */
export function callAsks(description: string): string[] {
	return description
		.replace(/\s+/g, ' ')
		.split(/(?<=[.!?])\s+(?=[\p{Lu}"“])/u)
		.map((sentence) => sentence.trim())
		.filter((sentence) => {
			const words = sentence.split(' ').length
			return words >= 6 && words <= 40 && /[.!?]$/.test(sentence) && !/["“”]/.test(sentence)
		})
		.map((sentence, index) => ({ sentence, index, score: sentence.match(ASKS)?.length ?? 0 }))
		.filter((entry) => entry.score > 0)
		.sort((a, b) => b.score - a.score || a.index - b.index)
		.slice(0, 3)
		.map((entry) => entry.sentence)
}

const AMOUNT =
	/(?:\b(USD|EUR|GBP|CAD|AUD|NZD|CHF|JPY|KRW|BRL|KES|ZAR|SEK|NOK|DKK|MXN|INR|CNY|HKD|SGD)\s?|([$£€¥]\s?))(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?/g

/**
 * A sum of money the text states with its currency ("CAD 7,500", "£500"), preferring the given
 * currency; the value without separators ("7500").
 */
export function offeredAmount(text: string, currency?: string): { phrase: string; value: string } | undefined {
	const found = [...text.matchAll(AMOUNT)].map((match) => ({
		phrase: match[0].trim(),
		code: match[1] ?? match[2]?.trim() ?? '',
		value: match[0].replace(/[^\d.]/g, ''),
	}))
	const preferred = currency ? found.find((amount) => amount.code === currency.toUpperCase()) : undefined
	const amount = preferred ?? found[0]
	return amount && { phrase: amount.phrase, value: amount.value }
}

function unique(values: readonly (string | undefined)[]): string[] {
	return [...new Set(values.filter((value): value is string => Boolean(value)))]
}

/** A small stable hash (FNV-1a): varies phrasing by question without randomness. */
export function hash(value: string): number {
	let result = 0x811c9dc5
	for (let index = 0; index < value.length; index += 1) {
		result ^= value.charCodeAt(index)
		result = Math.imul(result, 0x01000193)
	}
	return result >>> 0
}

/** Words of a text for overlap scoring: lower-case letters and digits, longer than two characters, a plural "s" dropped. */
export function wordSet(text: string): Set<string> {
	return new Set(
		text
			.toLowerCase()
			.split(/[^\p{L}\p{N}]+/u)
			.filter((word) => word.length > 2)
			.map((word) => (word.length > 3 ? word.replace(/s$/, '') : word)),
	)
}
