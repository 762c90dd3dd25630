import { describeTypes, FILE_TYPES, type SniffedType } from './sniff.ts'

/*
 * The words of a file's refusal, and what a browser can check of a picked file before it is sent
 * (its name, the type it claims, its size). Shared by the server's checks and the pages' pickers;
 * the server still judges the bytes (store-upload.ts).
 */

const MEGABYTE = 1024 * 1024

/** "Each file must be at most 10 MB." (10 MB = 10,485,760 bytes, as the specification counts). */
export const fileTooLargeMessage = (maxBytes: number) => `Each file must be at most ${Number((maxBytes / MEGABYTE).toFixed(1))} MB.`

/** "Only PDF, DOC, or DOCX files are allowed." */
export const fileTypeMessage = (types: readonly SniffedType[]) => `Only ${describeTypes(types)} files are allowed.`

/** Whether a picked file claims one of `types`, by the type the browser names or its name's extension. */
export function claimsType(file: { name: string; type: string }, types: readonly SniffedType[]) {
	const name = file.name.toLowerCase()
	const extensions = types.flatMap((type) => (type === 'image/jpeg' ? ['jpg', 'jpeg'] : [FILE_TYPES[type].extension]))
	return (types as readonly string[]).includes(file.type) || extensions.some((extension) => name.endsWith(`.${extension}`))
}

/** Why a picked file would be refused, judged by its name, claimed type and size; null when it may be sent. */
export function pickedFileProblem(file: { name: string; type: string; size: number }, { types, maxBytes }: { types: readonly SniffedType[]; maxBytes: number }) {
	if (!claimsType(file, types)) return fileTypeMessage(types)
	if (file.size > maxBytes) return fileTooLargeMessage(maxBytes)
	return null
}
