/**
 * The fixed choices and limits of the profile, shared by the pages (imported by the browser), the
 * schemas and the domain functions. The specification has two medium lists and two link-kind lists
 * (onboarding and profile screens); PRODUCT.md resolves each pair into one.
 */

import { DOCX_TYPE } from '#server/domain/files/sniff.ts'

/** The union of the onboarding and profile-screen medium lists, in onboarding order. */
export const MEDIUMS = [
	'Painting',
	'Drawing',
	'Sculpture',
	'Photography',
	'Digital Art',
	'Video',
	'Installation',
	'Performance',
	'Ceramics',
	'Textiles',
	'Printmaking',
	'Mixed Media',
] as const
export type Medium = (typeof MEDIUMS)[number]

export const INTERESTS = ['grants', 'residencies', 'exhibitions', 'competitions'] as const
export type Interest = (typeof INTERESTS)[number]

export const INTEREST_LABELS: Record<Interest, string> = {
	grants: 'Grants',
	residencies: 'Residencies',
	exhibitions: 'Exhibitions',
	competitions: 'Competitions',
}

/** Every kind a link can have (the `link_kind` enum). */
export const LINK_KINDS = ['instagram', 'press', 'social', 'portfolio', 'other'] as const
export type LinkKind = (typeof LINK_KINDS)[number]

/** The kinds offered at onboarding (spec section 3). */
export const ONBOARDING_LINK_KINDS = ['instagram', 'press', 'other'] as const satisfies readonly LinkKind[]

export const LINK_KIND_LABELS: Record<LinkKind, string> = {
	instagram: 'Instagram',
	press: 'Press',
	social: 'Social',
	portfolio: 'Portfolio',
	other: 'Other',
}

export const ONBOARDING_STEPS = 4
export const MAX_ONBOARDING_LINKS = 3
/** Links a profile keeps: each is part of the artist brief, and the page lists them all. */
export const MAX_PROFILE_LINKS = 20
export const TOO_MANY_LINKS_MESSAGE = `You can keep at most ${MAX_PROFILE_LINKS} links. Remove one to add another.`
/** Images a user may keep in total (onboarding and profile alike). */
export const MAX_IMAGES = 5

const MB = 1024 * 1024
export const MAX_CV_BYTES = 10 * MB
export const MAX_IMAGE_BYTES = 10 * MB

export const PDF_TYPE = 'application/pdf'
export const DOC_TYPE = 'application/msword'
/** CV types on the profile screen; onboarding takes PDF only (spec section 5). */
export const CV_TYPES = [PDF_TYPE, DOC_TYPE, DOCX_TYPE] as const
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const

/** `accept` attributes of the file inputs: a hint for the picker; the server checks the bytes. */
export const ACCEPT = {
	onboardingCv: '.pdf,application/pdf',
	cv: '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	images: 'image/jpeg,image/png,image/gif,image/webp',
} as const

export function formatBytes(bytes: number) {
	if (bytes < 1024) return `${bytes} B`
	if (bytes < MB) return `${Math.round(bytes / 1024)} KB`
	return `${(bytes / MB).toFixed(1).replace(/\.0$/, '')} MB`
}
