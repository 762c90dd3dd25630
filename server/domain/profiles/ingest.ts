import type { Readable } from 'node:stream'
import type { AppContext } from '#server/context.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import { PdfReadError, extractPdfText, normalizeText, type PdfReadFailure } from '#server/domain/files/pdf-text.ts'
import { INTEREST_LABELS, LINK_KIND_LABELS, MAX_CV_BYTES, PDF_TYPE, type Interest, type LinkKind } from './choices.ts'
import { ProfileIngestRequest } from './ingest.schema.ts'

/*
 * The profile ingest: turns the profile, its links and the CV into the artist brief, the compact
 * plain-text grounding that drafting reads. It runs as the `profile.ingest` job after onboarding,
 * on "Re-ingest profile" and whenever the files change. A CV that cannot be read (ADR 021) does not
 * fail the job: the brief is built from the rest of the profile and the reason is kept in
 * profiles.cv_read_error, which the profile page shows ("We could not read your CV").
 */

/** Long enough for a full CV summary, short enough to leave most of a prompt to the question. */
export const ARTIST_BRIEF_MAX_CHARS = 8_000
/** Extracted CV text kept in profiles.cv_text. */
export const CV_TEXT_MAX_CHARS = 100_000
const BRIEF_MAX_LINKS = 20

type JobsCtx = Pick<AppContext, 'jobs'>

/** Queues an ingest; at most one waits per user (a burst of file changes runs it once). */
export async function requestProfileIngest(ctx: JobsCtx, userId: string) {
	await ctx.jobs.send('profile.ingest', { userId }, { singletonKey: userId })
}

/** As requestProfileIngest, for the side effects of other actions: a failure is only logged (spec section 8). */
export async function requestProfileIngestQuietly(ctx: JobsCtx & Pick<AppContext, 'logger'>, userId: string) {
	try {
		await requestProfileIngest(ctx, userId)
	} catch (error) {
		ctx.logger.error({ err: error, userId }, 'could not queue the profile ingest')
	}
}

/**
 * POST /api/profile/ingest: a signed-in user may ask for their own profile only. The body's
 * profile_data is not trusted; the job reads the saved profile.
 */
export async function requestProfileIngestFor(ctx: JobsCtx, actorId: string, body: unknown) {
	const input = parseInput(ProfileIngestRequest, body)
	if (input.user_id !== actorId) throw new DomainError('FORBIDDEN', 'You can only ingest your own profile.')
	await requestProfileIngest(ctx, actorId)
}

type IngestCtx = Pick<AppContext, 'db' | 'storage' | 'logger'>

export async function ingestProfile(ctx: IngestCtx, userId: string) {
	const profile = await ctx.db.profile.findUnique({
		where: { userId },
		select: { fullName: true, city: true, country: true, mediums: true, interests: true, websiteUrl: true },
	})
	if (!profile) {
		ctx.logger.warn({ userId }, 'profile ingest skipped: no profile')
		return null
	}
	const [links, cv] = await Promise.all([
		ctx.db.userLink.findMany({
			where: { userId },
			orderBy: { createdAt: 'desc' },
			take: BRIEF_MAX_LINKS,
			select: { kind: true, url: true },
		}),
		ctx.db.userAsset.findFirst({
			where: { userId, kind: 'cv' },
			orderBy: { createdAt: 'desc' },
			select: { id: true, storagePath: true, contentType: true },
		}),
	])

	let cvText: string | null = null
	let cvReadError: PdfReadFailure | null = null
	if (cv?.contentType === PDF_TYPE) {
		// Storage failing to answer is not the file's fault: it throws, and the job is retried.
		const object = await ctx.storage.get(cv.storagePath)
		if (object) {
			try {
				const { text } = await extractPdfText(await readAll(object.body, MAX_CV_BYTES), { maxChars: CV_TEXT_MAX_CHARS })
				cvText = text || null
			} catch (error) {
				if (!(error instanceof PdfReadError)) throw error
				// A PDF that cannot be read (invalid, or past the reader's time or memory) would fail the
				// same way on every retry: the brief is built from the rest of the profile, and the page says why.
				cvReadError = error.reason
				ctx.logger.warn({ err: error, reason: error.reason, userId, assetId: cv.id }, 'profile ingest: could not read the CV text')
			}
		} else {
			ctx.logger.warn({ userId, assetId: cv.id }, 'profile ingest: the CV file is missing from storage')
		}
	} else if (cv) {
		ctx.logger.info({ userId, assetId: cv.id, contentType: cv.contentType }, 'profile ingest: no text extraction for this CV type')
	}

	const artistBrief = buildArtistBrief({ ...profile, links, cvText })
	await ctx.db.profile.update({ where: { userId }, data: { cvText, cvReadError, artistBrief, ingestedAt: new Date() } })
	ctx.logger.info({ userId, briefChars: artistBrief.length, cvChars: cvText?.length ?? 0, cvReadError }, 'profile ingested')
	return { artistBrief, cvText, cvReadError }
}

/**
 * "We could not read your CV: …": why, in plain words, for the profile page (the reasons are
 * PdfReadError's, stored in profiles.cv_read_error), and what to do about it.
 */
export function describeCvReadError(reason: PdfReadFailure) {
	const why: Record<PdfReadFailure, string> = {
		timeout: 'it took too long or was too large to read',
		memory: 'it took too long or was too large to read',
		too_large: 'it is larger than the 10 MB we read',
		invalid: 'it does not look like a valid PDF, or it is damaged',
		crashed: 'our PDF reader stopped while reading it',
	}
	return {
		message: `We could not read your CV: ${why[reason] ?? 'something went wrong while reading it'}.`,
		advice: 'Your drafts use the rest of your profile for now. To include your CV, upload another PDF of it, for example one saved again with "Save as PDF" or exported from your word processor.',
	}
}

type BriefInput = {
	fullName: string | null
	city: string | null
	country: string | null
	mediums: string[]
	interests: string[]
	websiteUrl: string | null
	links: { kind: string; url: string }[]
	cvText: string | null
}

/**
 * The artist brief: labelled lines for the profile, then the CV text, cut at a word boundary so
 * the whole fits in `maxChars`.
 */
export function buildArtistBrief(input: BriefInput, maxChars = ARTIST_BRIEF_MAX_CHARS) {
	const location = [input.city, input.country].filter(Boolean).join(', ')
	const lines = [
		input.fullName && `Artist: ${input.fullName}`,
		location && `Based in: ${location}`,
		input.mediums.length > 0 && `Mediums: ${input.mediums.join(', ')}`,
		input.interests.length > 0 &&
			`Interested in: ${input.interests.map((interest) => INTEREST_LABELS[interest as Interest] ?? interest).join(', ')}`,
		input.websiteUrl && `Website: ${input.websiteUrl}`,
		input.links.length > 0 &&
			['Links:', ...input.links.map((link) => `- ${LINK_KIND_LABELS[link.kind as LinkKind] ?? link.kind}: ${link.url}`)].join('\n'),
	].filter((line): line is string => Boolean(line))

	const head = lines.join('\n')
	const cv = input.cvText ? normalizeText(input.cvText) : ''
	if (!cv) return truncate(head, maxChars)
	const label = '\n\nCV:\n'
	const room = maxChars - head.length - label.length
	if (room < 200) return truncate(head, maxChars)
	return `${head}${label}${truncate(cv, room)}`
}

function truncate(text: string, maxChars: number) {
	if (text.length <= maxChars) return text
	const cut = text.slice(0, maxChars - 1)
	const boundary = cut.search(/\s\S*$/)
	return `${(boundary > maxChars * 0.8 ? cut.slice(0, boundary) : cut).trimEnd()}…`
}

async function readAll(stream: Readable, maxBytes: number) {
	const chunks: Buffer[] = []
	let size = 0
	for await (const chunk of stream) {
		size += (chunk as Buffer).length
		if (size > maxBytes) {
			stream.destroy()
			throw new PdfReadError('too_large', `The CV has more than ${maxBytes} bytes.`)
		}
		chunks.push(chunk as Buffer)
	}
	return new Uint8Array(Buffer.concat(chunks))
}
