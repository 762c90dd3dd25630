import type { AppContext } from '#server/context.ts'
import { isDomainError } from '#server/domain/errors.ts'
import { uploadAsset, type AssetKind, type UploadAssetInput } from '#server/domain/profiles/assets.ts'
import { MAX_CV_BYTES, MAX_IMAGE_BYTES, MAX_IMAGES } from '#server/domain/profiles/choices.ts'
import { logFailure } from '#server/logger.ts'
import { parseUploads } from './uploads.server.ts'

/** The file inputs of the profile forms and the kind of asset each holds. */
const FILE_FIELDS: Record<string, AssetKind> = { cv: 'cv', images: 'image' }

export type UploadOutcome =
	| { ok: true; kind: AssetKind; fileName: string }
	| { ok: false; kind: AssetKind; fileName: string; reason: string; overLimit: boolean }

export type ReceivedFiles = {
	outcomes: UploadOutcome[]
	/** Files past the per-request limit, never read into storage. */
	skipped: number
	/** Why the rest of the request could not be read (e.g. a file far over the size limit), if so. */
	problem: string | null
	/** Which form was sent, by its button (`upload-cv`, `upload-images`): where to come back to when no file was chosen. */
	sentFor: AssetKind | null
}

/** The profile's upload buttons, by the name each posts. */
const UPLOAD_BUTTONS: Record<string, AssetKind> = { 'upload-cv': 'cv', 'upload-images': 'image' }

/**
 * Streams the files of a multipart form (fields `cv` and `images`) straight into storage, one by
 * one, and reports each file's outcome. It never throws for a bad file or a bad request: the
 * caller decides what a problem means (onboarding completes anyway; the profile shows an error).
 */
export async function receiveProfileFiles(
	request: Request,
	ctx: Pick<AppContext, 'db' | 'storage' | 'jobs' | 'logger'>,
	userId: string,
	{ cvTypes }: Pick<UploadAssetInput, 'cvTypes'> = {},
): Promise<ReceivedFiles> {
	try {
		const { files, skippedFiles, fields } = await parseUploads(request, {
			// One CV and a full set of images, with as many again for files refused (another type, too
			// large), so a refused file does not take a good image's place: the images stored are
			// capped at MAX_IMAGES by uploadAsset, in the order sent (a tester's finding).
			maxFiles: 1 + 2 * MAX_IMAGES,
			maxFileBytes: Math.max(MAX_CV_BYTES, MAX_IMAGE_BYTES),
			onFile: async ({ field, fileName, stream }): Promise<UploadOutcome | null> => {
				const kind = FILE_FIELDS[field]
				return kind ? upload(ctx, userId, { kind, fileName, stream, cvTypes }) : null
			},
		})
		const outcomes = files.flatMap(({ result }) => (result ? [result] : []))
		const button = Object.keys(UPLOAD_BUTTONS).find((name) => fields.has(name))
		return { outcomes, skipped: skippedFiles, problem: null, sentFor: button ? UPLOAD_BUTTONS[button]! : null }
	} catch (error) {
		if (!isDomainError(error)) throw error
		return { outcomes: [], skipped: 0, problem: error.message, sentFor: null }
	}
}

async function upload(ctx: Parameters<typeof uploadAsset>[0], userId: string, input: UploadAssetInput): Promise<UploadOutcome> {
	const { kind, fileName } = input
	try {
		await uploadAsset(ctx, userId, input)
		return { ok: true, kind, fileName }
	} catch (error) {
		if (isDomainError(error)) {
			return { ok: false, kind, fileName, reason: error.message, overLimit: error.code === 'LIMIT_EXCEEDED' }
		}
		logFailure(ctx.logger, error, { userId, kind }, 'file upload failed')
		return { ok: false, kind, fileName, reason: 'It could not be saved.', overLimit: false }
	}
}

/**
 * One sentence per problem, for a notice, or null when every file was stored: images over the
 * limit are counted ("cut off"), other failures named with their reason.
 */
export function uploadProblemsSummary({ outcomes, skipped, problem }: ReceivedFiles): string | null {
	const failed = outcomes.filter((outcome) => !outcome.ok)
	// The CV input comes first in the forms, so files past the per-request limit are extra images.
	const cutOff = failed.filter((outcome) => outcome.overLimit).length + skipped
	const sentences = failed
		.filter((outcome) => !outcome.overLimit)
		.map((outcome) => `${outcome.fileName} was not uploaded: ${outcome.reason}`)
	if (cutOff) {
		sentences.push(`${cutOff} ${cutOff === 1 ? 'image was' : 'images were'} left out: at most ${MAX_IMAGES} images are kept.`)
	}
	if (problem) sentences.push(problem)
	return sentences.length ? sentences.join(' ') : null
}
