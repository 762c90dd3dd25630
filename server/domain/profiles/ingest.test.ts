import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { createUser } from '#tests/factories.ts'
import type { RecordingJobs } from '#tests/fakes/recording-jobs.ts'
import { flateBombPdf, minimalPdf } from '#tests/fixtures/files.ts'
import { listAssets, removeAsset, uploadAsset } from './assets.ts'
import { ARTIST_BRIEF_MAX_CHARS, buildArtistBrief, describeCvReadError, ingestProfile, requestProfileIngestFor } from './ingest.ts'
import { getProfileBasics } from './profile.ts'

describe('the artist brief', () => {
	const profile = {
		fullName: 'Ada Lovelace',
		city: 'Lisbon',
		country: 'Portugal',
		mediums: ['Painting', 'Installation'],
		interests: ['grants', 'residencies'],
		websiteUrl: 'https://ada.example.com',
		links: [{ kind: 'instagram', url: 'https://instagram.com/ada' }],
		cvText: null,
	}

	test('names the artist, place, practice, interests, website and links', () => {
		expect(buildArtistBrief(profile)).toBe(
			[
				'Artist: Ada Lovelace',
				'Based in: Lisbon, Portugal',
				'Mediums: Painting, Installation',
				'Interested in: Grants, Residencies',
				'Website: https://ada.example.com',
				'Links:',
				'- Instagram: https://instagram.com/ada',
			].join('\n'),
		)
	})

	test('is cut to its maximum at a word boundary, keeping the profile lines', () => {
		const brief = buildArtistBrief({ ...profile, cvText: 'exhibition '.repeat(2_000) })
		expect(brief.length).toBeLessThanOrEqual(ARTIST_BRIEF_MAX_CHARS)
		expect(brief).toMatch(/^Artist: Ada Lovelace\n/)
		expect(brief).toContain('\n\nCV:\nexhibition exhibition')
		expect(brief).toMatch(/exhibition…$/)
	})
})

describe('ingesting a profile', () => {
	test('the job reads the CV and saves the brief, the CV text and the time', async () => {
		const ctx = await createTestContext()
		const user = await createUser(ctx.db)
		await ctx.db.profile.update({
			where: { userId: user.id },
			data: { fullName: 'Ada Lovelace', city: 'Lisbon', country: 'Portugal', mediums: ['Sculpture'], interests: ['grants'] },
		})
		await uploadAsset(ctx, user.id, {
			kind: 'cv',
			fileName: 'cv.pdf',
			stream: Readable.from([minimalPdf(['Residency at Casa Tres, 2023'])]),
		})
		// The upload queued the ingest; run it through the real worker.
		const ran = await (ctx.jobs as RecordingJobs).runAll(ctx)
		expect(ran.map((job) => job.name)).toEqual(['profile.ingest'])

		const saved = await ctx.db.profile.findUniqueOrThrow({ where: { userId: user.id } })
		expect(saved.cvText).toBe('Residency at Casa Tres, 2023')
		expect(saved.artistBrief).toContain('Artist: Ada Lovelace\nBased in: Lisbon, Portugal\nMediums: Sculpture')
		expect(saved.artistBrief).toMatch(/CV:\nResidency at Casa Tres, 2023$/)
		expect(saved.ingestedAt).toBeInstanceOf(Date)
	})

	test('an unreadable CV still gives a brief from the rest of the profile', async () => {
		const ctx = await createTestContext()
		const user = await createUser(ctx.db)
		await uploadAsset(ctx, user.id, { kind: 'cv', fileName: 'cv.pdf', stream: Readable.from([Buffer.from('%PDF-1.7 broken')]) })
		const result = await ingestProfile(ctx, user.id)
		expect(result).toEqual({ artistBrief: 'Artist: Test Artist', cvText: null, cvReadError: 'invalid' })
		expect(describeCvReadError('invalid').message).toBe('We could not read your CV: it does not look like a valid PDF, or it is damaged.')
	})

	test('a PDF bomb as the CV: the job completes with a brief, and the profile says the CV could not be read', async () => {
		const ctx = await createTestContext()
		const user = await createUser(ctx.db)
		const bomb = flateBombPdf()
		await uploadAsset(ctx, user.id, { kind: 'cv', fileName: 'cv.pdf', stream: Readable.from([bomb]) })
		// Run through the real worker: it must not throw, or pg-boss would retry it.
		const ran = await (ctx.jobs as RecordingJobs).runAll(ctx)
		expect(ran.map((job) => job.name)).toEqual(['profile.ingest'])

		const profile = await getProfileBasics(ctx, user.id)
		expect(profile).toMatchObject({ artistBrief: 'Artist: Test Artist', ingestedAt: expect.any(Date) })
		// The reader is killed at its memory cap (Linux) or its timeout.
		expect(profile.cvReadError).toMatch(/^(memory|timeout)$/)
		expect(describeCvReadError(profile.cvReadError!)).toEqual({
			message: 'We could not read your CV: it took too long or was too large to read.',
			advice: expect.stringContaining('upload another PDF'),
		})

		// A CV that can be read replaces it: the notice goes at once, and the ingest reads the text.
		await uploadAsset(ctx, user.id, { kind: 'cv', fileName: 'cv.pdf', stream: Readable.from([minimalPdf(['Residency, 2023'])]) })
		expect((await getProfileBasics(ctx, user.id)).cvReadError).toBeNull()
		await (ctx.jobs as RecordingJobs).runAll(ctx)
		expect(await ctx.db.profile.findUniqueOrThrow({ where: { userId: user.id }, select: { cvText: true, cvReadError: true } })).toEqual({
			cvText: 'Residency, 2023',
			cvReadError: null,
		})

		// Removing the CV removes the notice too.
		await ctx.db.profile.update({ where: { userId: user.id }, data: { cvReadError: 'crashed' } })
		const [cv] = await listAssets(ctx, user.id)
		await removeAsset(ctx, user.id, cv!.id)
		expect((await getProfileBasics(ctx, user.id)).cvReadError).toBeNull()
	})
})

describe('POST /api/profile/ingest', () => {
	test('queues an ingest of the caller’s own profile only', async () => {
		const ctx = await createTestContext()
		const user = await createUser(ctx.db)
		const other = await createUser(ctx.db)
		const jobs = ctx.jobs as RecordingJobs

		await expect(requestProfileIngestFor(ctx, user.id, { user_id: other.id, profile_data: {} })).rejects.toMatchObject({
			code: 'FORBIDDEN',
		})
		await expect(requestProfileIngestFor(ctx, user.id, { user_id: 'me', profile_data: {} })).rejects.toMatchObject({
			code: 'INVALID',
			message: 'user_id must be a user id',
		})
		await expect(requestProfileIngestFor(ctx, user.id, { user_id: user.id })).rejects.toMatchObject({ code: 'INVALID' })
		expect(jobs.sent).toEqual([])

		await requestProfileIngestFor(ctx, user.id, {
			user_id: user.id,
			profile_data: { fullName: 'Ada', mediums: ['Painting'], links: [], uploaded_assets: { cv: null, images: [] } },
		})
		expect(jobs.sent.map((job) => job.data)).toEqual([{ userId: user.id }])
	})
})
