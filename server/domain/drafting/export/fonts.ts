/*
 * The one typeface the PDF and Word exports embed: DejaVu Sans, whose Latin, Greek and Cyrillic
 * cover the names artists write, from the `dejavu-fonts-ttf` package. Its license lets documents
 * embed it (OS/2 fsType 0). Server-only.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'

export const FONT_FAMILY = 'DejaVu Sans'

export type FontFaces = { regular: Buffer; bold: Buffer; oblique: Buffer }

let faces: Promise<FontFaces> | undefined

/**
 * The three faces, read once per process. The directory is found through package resolution, not
 * a path relative to this file: the server is bundled into server-build/ with packages external,
 * so only node_modules is in the same place in development and in production.
 */
export function dejaVuSans(): Promise<FontFaces> {
	faces ??= loadFaces().catch((error: unknown) => {
		// A failed read is not cached, so a later export tries again.
		faces = undefined
		throw error
	})
	return faces
}

async function loadFaces(): Promise<FontFaces> {
	const packageJson = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')
	const directory = path.join(path.dirname(packageJson), 'ttf')
	const [regular, bold, oblique] = await Promise.all(
		['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSans-Oblique.ttf'].map((file) => readFile(path.join(directory, file))),
	)
	return { regular: regular!, bold: bold!, oblique: oblique! }
}
