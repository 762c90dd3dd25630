import { z } from 'zod'
import { canonicalTimeZone, isValidTimeZone } from '#server/domain/time-zone.ts'
import { INTERESTS, MEDIUMS } from './choices.ts'

/*
 * The profile's field schemas, shared by the onboarding steps, the profile page (react-hook-form
 * resolver in the browser) and the domain functions (parseInput on the server).
 */

function requiredText(label: string) {
	return z
		.string({ error: `${label} is required` })
		.trim()
		.min(1, `${label} is required`)
		.max(200, `${label} must be at most 200 characters`)
}

export const FullName = requiredText('Full name')
export const City = requiredText('City')
export const Country = requiredText('Country')

function choices<const T extends readonly [string, ...string[]]>(values: T, required: string) {
	const known: readonly string[] = values
	return (
		z
			.array(z.string(), { error: required })
			.min(1, required)
			// Said on the list, where the form shows it, not on one entry ("mediums.1") that has no field;
			// a list longer than the choices holds something else, whatever the rest.
			.refine((list) => list.length <= 100 && list.every((value) => known.includes(value)), 'Choose from the list')
			.transform((list) => values.filter((value) => list.includes(value)))
	)
}

/** At least one medium, kept in the list's order without duplicates. */
export const Mediums = choices(MEDIUMS, 'Select at least one medium')
export const Interests = choices(INTERESTS, 'Select at least one interest')

const URL_MESSAGE = 'Must be a valid URL'
/** The longest link a profile keeps. */
export const URL_MAX_CHARS = 2048

// Only http(s) URLs with a real host name: links are rendered as hrefs, so javascript: and the
// like must never pass.
// A user name or password in a link ("https://me:secret@site.org") would be shown on the profile
// and sent to the drafting model with it: refused, with the reason.
const WebUrl = z
	.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: URL_MESSAGE })
	.refine((value) => !/^[a-z]+:\/\/[^/?#]*@/i.test(value), 'Remove the user name and password from the URL')
// Too long is said alone: the URL's own check only runs on one short enough to keep.
const ShortEnough = z.string().max(URL_MAX_CHARS, 'URL is too long')

/** People type "mysite.com"; treat a missing scheme as https. */
function withScheme(value: string) {
	return value === '' || /^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`
}

/** A required http(s) URL. */
export const RequiredUrl = z
	.string({ error: 'URL is required' })
	.trim()
	.min(1, 'URL is required')
	.transform(withScheme)
	.pipe(ShortEnough)
	.pipe(WebUrl)

/** An optional http(s) URL: blank (or missing) becomes null. Its output is a valid input again. */
export const OptionalUrl = z
	.string()
	.nullish()
	.transform((value) => withScheme((value ?? '').trim()))
	.pipe(ShortEnough)
	.pipe(z.union([z.literal(''), WebUrl]))
	.transform((value) => value || null)

/**
 * The zone whose calendar day is "today" for deadlines. Blank means automatic: the browser's zone
 * when JavaScript tells it, otherwise UTC.
 */
export const TimeZone = z
	.string()
	.trim()
	.nullish()
	.transform((value) => value || null)
	.refine((value) => value === null || isValidTimeZone(value), 'Choose a time zone from the list')
	// Saved under the name the list shows ("asia/calcutta" as "Asia/Kolkata").
	.transform((value) => value && canonicalTimeZone(value))

export const ProfileBasicsInput = z.object({
	fullName: FullName,
	city: City,
	country: Country,
	mediums: Mediums,
	interests: Interests,
	websiteUrl: OptionalUrl,
	timeZone: TimeZone,
})
export type ProfileBasicsInput = z.output<typeof ProfileBasicsInput>
