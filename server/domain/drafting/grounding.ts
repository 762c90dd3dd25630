import type { Readable } from 'node:stream'
import type { AppContext } from '#server/context.ts'
import { imageDimensions } from '#server/domain/files/image-size.ts'
import { extractPdfText } from '#server/domain/files/pdf-text.ts'
import { MAX_IMAGE_SIDE } from '#server/domain/context/context.schema.ts'
import { formatBytes } from '#server/domain/profiles/choices.ts'
import type { AnswerContext, ContextAttachment, DraftGrounding, DraftQuestion, DraftTier } from '#server/integrations/ai/types.ts'

/*
 * What a drafter may use, read from the database and storage once per run (PRODUCT.md,
 * "Grounding"): the artist's profile and brief, the opportunity (its snapshot on the draft, with
 * the live row's description and tags while it exists), every question of the draft, and per
 * question the artist's context notes and files.
 */

/** Anthropic takes images of at most 5 MB as base64, which is 3.75 MB of bytes. */
export const MAX_IMAGE_BYTES = 3_750_000
/** The text of one context PDF sent to the model. */
export const MAX_PDF_TEXT_CHARS = 20_000
/** Bytes of files one answer's request may carry, whatever the files: a bound on a worker's memory. */
export const MAX_ATTACHMENT_BYTES_PER_ANSWER = 16_000_000

export type DraftRun = {
	draftId: string
	userId: string
	opportunityId: string | null
	status: string
	tier: DraftTier
	grounding: DraftGrounding
	/** URLs an answer of type url may give: the artist's own. */
	profileUrls: string[]
	/** Each question's answer, in the order of `grounding.questions`: an answer is found by id, as its slug may change (an admin renaming the question). */
	answerIds: string[]
}

/** The draft with everything its answers share, or null when it is gone. */
export async function loadDraftRun(ctx: Pick<AppContext, 'db'>, draftId: string): Promise<DraftRun | null> {
	const draft = await ctx.db.draft.findUnique({
		where: { id: draftId },
		select: {
			id: true,
			userId: true,
			status: true,
			tone: true,
			opportunityId: true,
			opportunityTitle: true,
			organization: true,
			deadline: true,
			opportunityUrl: true,
			opportunity: { select: { location: true, category: true, description: true, tags: true } },
			answers: {
				orderBy: { idx: 'asc' },
				select: { id: true, slug: true, prompt: true, helpText: true, questionType: true, required: true, options: true, limitType: true, limitValue: true },
			},
			user: {
				select: {
					profile: {
						select: { plan: true, fullName: true, city: true, country: true, mediums: true, interests: true, websiteUrl: true, artistBrief: true },
					},
					links: { orderBy: { createdAt: 'asc' }, take: 20, select: { kind: true, url: true } },
				},
			},
		},
	})
	if (!draft) return null
	const profile = draft.user.profile
	const links = draft.user.links
	const questions: DraftQuestion[] = draft.answers.map((answer) => ({
		slug: answer.slug,
		label: answer.prompt,
		helpText: answer.helpText,
		type: answer.questionType,
		required: answer.required,
		options: answer.options,
		limitType: answer.limitType,
		limitValue: answer.limitValue,
	}))
	return {
		draftId: draft.id,
		userId: draft.userId,
		opportunityId: draft.opportunityId,
		status: draft.status,
		tier: profile?.plan === 'pro' ? 'pro' : 'free',
		profileUrls: [profile?.websiteUrl, ...links.map((link) => link.url)].filter((url): url is string => Boolean(url)),
		answerIds: draft.answers.map((answer) => answer.id),
		grounding: {
			tone: draft.tone,
			artist: {
				fullName: profile?.fullName ?? null,
				city: profile?.city ?? null,
				country: profile?.country ?? null,
				mediums: profile?.mediums ?? [],
				interests: profile?.interests ?? [],
				websiteUrl: profile?.websiteUrl ?? null,
				links,
				brief: profile?.artistBrief ?? null,
			},
			opportunity: {
				title: draft.opportunityTitle,
				organization: draft.organization,
				location: draft.opportunity?.location ?? null,
				deadline: draft.deadline ? draft.deadline.toISOString().slice(0, 10) : null,
				category: draft.opportunity?.category ?? null,
				description: draft.opportunity?.description ?? '',
				tags: draft.opportunity?.tags ?? [],
				url: draft.opportunityUrl,
			},
			questions,
		},
	}
}

type ContextCtx = Pick<AppContext, 'db' | 'storage' | 'logger'>

/**
 * One question's context: the artist's notes and files for it on the opportunity, then those added
 * on this draft's page (which only a Regenerate can see, since they come after the draft). Images
 * go as they are; a PDF's text comes from the bounded parser; what cannot be used is named with the
 * reason, so the model knows it is missing.
 */
export async function loadAnswerContext(ctx: ContextCtx, run: DraftRun, slug: string): Promise<AnswerContext> {
	if (!run.opportunityId) return { notes: [], attachments: [] }
	const contexts = await ctx.db.questionContext.findMany({
		where: { userId: run.userId, opportunityId: run.opportunityId, questionSlug: slug, OR: [{ draftId: null }, { draftId: run.draftId }] },
		select: {
			draftId: true,
			notes: true,
			files: { orderBy: [{ createdAt: 'asc' }, { name: 'asc' }], select: { id: true, name: true, contentType: true, size: true, storagePath: true } },
		},
	})
	// The opportunity's context first, then the draft's own.
	contexts.sort((a, b) => Number(a.draftId !== null) - Number(b.draftId !== null))
	const notes = contexts.map((context) => context.notes.trim()).filter(Boolean)
	const attachments: ContextAttachment[] = []
	let budget = MAX_ATTACHMENT_BYTES_PER_ANSWER
	for (const file of contexts.flatMap((context) => context.files)) {
		const omitted = (reason: string) => attachments.push({ kind: 'omitted', name: file.name, reason })
		const isImage = file.contentType === 'image/jpeg' || file.contentType === 'image/png'
		if (isImage && file.size > MAX_IMAGE_BYTES) {
			omitted(`an image larger than ${formatBytes(MAX_IMAGE_BYTES)} cannot be sent to the model`)
			continue
		}
		if (file.size > budget) {
			omitted('the files of this question are too large to send together')
			continue
		}
		try {
			const object = await ctx.storage.get(file.storagePath)
			if (!object) throw new Error('missing from storage')
			const bytes = await readBytes(object.body, file.size)
			// Checked at upload since 2026-11-27; files kept from before may still be too wide, or
			// not readable images, and either would make the model refuse the whole answer.
			const dimensions = isImage ? imageDimensions(bytes, file.contentType as 'image/jpeg' | 'image/png') : null
			if (dimensions === 'unreadable') {
				omitted('the image could not be read')
				continue
			}
			if (dimensions && Math.max(dimensions.width, dimensions.height) > MAX_IMAGE_SIDE) {
				omitted(`an image wider or taller than ${MAX_IMAGE_SIDE.toLocaleString('en-US')} pixels cannot be sent to the model`)
				continue
			}
			budget -= bytes.length
			if (isImage) {
				attachments.push({ kind: 'image', name: file.name, mediaType: file.contentType as 'image/jpeg' | 'image/png', data: bytes.toString('base64') })
			} else if (file.contentType === 'application/pdf') {
				const { text } = await extractPdfText(bytes, { maxChars: MAX_PDF_TEXT_CHARS })
				if (text.trim()) attachments.push({ kind: 'text', name: file.name, text })
				else omitted('the PDF has no text to read (a scan?)')
			} else {
				omitted('this kind of file cannot be read')
			}
		} catch (error) {
			ctx.logger.warn({ err: error, fileId: file.id, draftId: run.draftId }, 'a context file could not be read for drafting')
			omitted('the file could not be read')
		}
	}
	return { notes, attachments }
}

async function readBytes(stream: Readable, expectedSize: number): Promise<Buffer> {
	const chunks: Buffer[] = []
	let size = 0
	for await (const chunk of stream) {
		size += (chunk as Buffer).length
		// The row's size was checked when the file was stored; more bytes now means something is wrong.
		if (size > expectedSize) {
			stream.destroy()
			throw new Error(`stored object larger than its recorded ${expectedSize} bytes`)
		}
		chunks.push(chunk as Buffer)
	}
	return Buffer.concat(chunks)
}
