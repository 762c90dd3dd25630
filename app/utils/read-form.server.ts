import { NUL } from '#server/http/nul.ts'

// The one definition lives beside the URL and tRPC checks; forms and upload parsers take it from here.
export { NUL }

/*
 * Reading a form post in a Remix action. The request's size was already checked before Remix saw
 * it (server/http/body-limit.ts); what can still go wrong is the body itself: not a form (JSON, or
 * nothing), a broken multipart body, or text PostgreSQL cannot store (a NUL character). Each is the
 * client's mistake, so it is a 4xx with a sentence, never a 500.
 */

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

export const FORM_MESSAGES = {
	notAForm: 'This address takes a form: send it as application/x-www-form-urlencoded or multipart/form-data.',
	unreadable: 'The form could not be read. Please try again.',
	nul: 'The form contains a character that cannot be stored (NUL).',
} as const

function plain(message: string, status: number) {
	return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}

/** Whether a request's body is a form, by its Content-Type. */
export function isFormRequest(request: Request) {
	const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
	return FORM_TYPES.includes(type)
}

/** Throws the 400 an action answers when a text field holds a NUL character. */
export function assertNoNul(values: Iterable<[string, FormDataEntryValue]>) {
	for (const [name, value] of values) {
		if (name.includes(NUL) || (typeof value === 'string' && value.includes(NUL))) throw plain(FORM_MESSAGES.nul, 400)
	}
}

/**
 * The posted form, or a thrown 415 (not a form) or 400 (unreadable, or a NUL character) Response,
 * which Remix sends as it is. For multipart posts with files, use parseUploads (app/utils/uploads.server.ts).
 */
export async function readForm(request: Request): Promise<FormData> {
	if (!isFormRequest(request)) throw plain(FORM_MESSAGES.notAForm, 415)
	let form: FormData
	try {
		form = await request.formData()
	} catch {
		throw plain(FORM_MESSAGES.unreadable, 400)
	}
	assertNoNul(form.entries())
	return form
}
