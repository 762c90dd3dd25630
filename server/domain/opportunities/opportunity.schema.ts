import { parseIsoDate } from '#server/domain/dates.ts'
import { URL_MAX_CHARS } from '#server/domain/profiles/profile.schema.ts'
import { atLeastChars, atMostChars } from '#server/domain/text.ts'
import { z } from 'zod'

/*
 * The admin's opportunity form (spec section 5, "Opportunity form"), shared by the browser's
 * react-hook-form resolver, the Remix actions and the domain functions. zod only: the browser
 * imports this file.
 */

export const CATEGORIES = ['grant', 'residency', 'open_call'] as const
export type Category = (typeof CATEGORIES)[number]
export const CATEGORY_LABELS: Record<Category, string> = { grant: 'Grant', residency: 'Residency', open_call: 'Open Call' }

export const MAX_TAGS = 10
export const MAX_TAG_LENGTH = 50
export const TAG_TOO_LONG = `Tags must be at most ${MAX_TAG_LENGTH} characters`
export const TOO_MANY_TAGS = 'Maximum 10 tags allowed'
export const PAST_DEADLINE_WARNING = 'Deadline appears to be in the past'

/**
 * Trimmed, lowercased, without empties or duplicates, first occurrence first. A comma separates
 * tags wherever it comes (the form without JavaScript posts them comma-separated), so "a,b" is two.
 */
export function normalizeTags(tags: readonly string[]): string[] {
	return [...new Set(tags.flatMap((tag) => tag.split(',')).map((tag) => tag.trim().toLowerCase()).filter(Boolean))]
}

const text = (max: number, message: string) => z.string().trim().max(max, message)
/** Optional text: an empty field is stored as null. */
const optionalText = (max: number, message: string) =>
	z
		.string()
		.trim()
		.max(max, message)
		.optional()
		.transform((value) => value || null)

/** Deadlines a call can have: a typo'd year (0001, 9999) is refused rather than shown as "Invalid date". */
export const DEADLINE_YEARS = { min: 1900, max: 2100 } as const
const IsoDate = z.iso
	.date({ message: 'Deadline must be a date (yyyy-MM-dd)' })
	.refine((date) => {
		// zod runs this after a failed format check too: that one speaks for a malformed date.
		const year = Number(/^(\d{4})-\d\d-\d\d$/.exec(date)?.[1] ?? DEADLINE_YEARS.min)
		return year >= DEADLINE_YEARS.min && year <= DEADLINE_YEARS.max
	}, `Deadline must be between ${DEADLINE_YEARS.min} and ${DEADLINE_YEARS.max}`)

export const OpportunityInput = z.object({
	// Counted in characters, as the database's CHECK counts them.
	title: z.string().trim().refine(atLeastChars(3), 'Title must be at least 3 characters').refine(atMostChars(200), 'Title too long'),
	// Only web links: the URL is rendered as a link in the admin list and the feed, so no javascript: or data:.
	url: z
		.string({ message: 'URL is required' })
		.trim()
		.min(1, 'URL is required')
		// As long as a profile's links may be (a tester saved 10,000 characters); said alone when too long.
		.max(URL_MAX_CHARS, 'URL is too long')
		.pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, message: 'Must be a valid URL' })),
	organization: text(200, 'Organization too long').default(''),
	category: z.enum(CATEGORIES, { message: 'Please select a category' }),
	// An empty field is no deadline; anything else must be a real date, with one message if it is not.
	deadline: z
		.string()
		.nullish()
		.transform((value) => value || null)
		.pipe(IsoDate.nullable()),
	location: optionalText(200, 'Location too long'),
	// An array from the tag input, or one comma-separated string from the form without JavaScript.
	tags: z
		.union([z.string(), z.array(z.string())])
		.default([])
		.transform((value) => normalizeTags(typeof value === 'string' ? [value] : value))
		// Said of the field (not of "tags.3", which no field shows).
		.pipe(z.array(z.string()).refine((tags) => tags.every((tag) => tag.length <= MAX_TAG_LENGTH), TAG_TOO_LONG).max(MAX_TAGS, TOO_MANY_TAGS)),
	description: text(20_000, 'Description too long').default(''),
})
export type OpportunityInput = z.input<typeof OpportunityInput>
export type OpportunityValues = z.output<typeof OpportunityInput>

/** The edit form adds the "Active" switch (inactive opportunities are hidden from applicants). */
export const UpdateOpportunityInput = OpportunityInput.extend({
	active: z.boolean().default(true),
})
export type UpdateOpportunityInput = z.input<typeof UpdateOpportunityInput>

/** A past deadline only warns (spec section 5); `today` is `yyyy-MM-dd`. */
export function deadlineWarning(deadline: string | null | undefined, today: string): string | null {
	// Only a real date can be in the past: 2020-02-30 gets the "must be a date" error alone.
	return deadline && parseIsoDate(deadline) && deadline < today ? PAST_DEADLINE_WARNING : null
}

export const DEADLINE_FILTERS = ['all', 'upcoming', 'past'] as const
export const ADMIN_PAGE_SIZE = 20

/**
 * The admin list's filters as they arrive in the URL. Anything unexpected falls back to its
 * default rather than failing: a hand-edited address still shows a list.
 */
export const AdminListInput = z.object({
	// The search box holds 200 characters; a longer search in a hand-made URL is cut, as the drafts
	// list cuts it, rather than dropped (which listed everything under an empty box).
	q: z
		.string()
		.transform((value) => value.slice(0, 200).trim())
		.catch('')
		.default(''),
	category: z.enum([...CATEGORIES, 'all']).catch('all').default('all'),
	location: z.string().trim().max(200).catch('').default(''),
	deadline: z.enum(DEADLINE_FILTERS).catch('all').default('all'),
	page: z.coerce.number().int().min(1).catch(1).default(1),
})
export type AdminListInput = z.input<typeof AdminListInput>
