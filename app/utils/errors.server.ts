import { data } from '@remix-run/node'
import { isDomainError } from '#server/domain/errors.ts'

export type FormErrorData<Values = unknown> = {
	/** The first problem, for a form-level message. */
	formError: string
	fieldErrors: Record<string, string[]>
	/** Which form failed, on a route with several forms (their `intent` field). */
	intent?: string
	/** What was submitted, so a page rendered without JavaScript shows it again. */
	values?: Values
}

/**
 * Runs a form action's domain call and turns a DomainError into the form's
 * error data with the error's HTTP status (400 for bad input), so the page
 * re-renders with the messages, with or without JavaScript. Any other error is
 * a bug and propagates to the error boundary.
 */
export async function handleFormErrors<T, Values = unknown>(
	run: () => Promise<T>,
	{ intent, values }: { intent?: string; values?: Values } = {},
) {
	try {
		return { ok: true as const, value: await run() }
	} catch (error) {
		if (!isDomainError(error)) throw error
		return {
			ok: false as const,
			response: data<FormErrorData<Values>>(
				{ formError: error.message, fieldErrors: error.fieldErrors ?? {}, intent, values },
				{ status: error.status },
			),
		}
	}
}

/**
 * Runs a loader's domain call; a NOT_FOUND becomes a thrown 404 Response, so the
 * route's error boundary shows the "page not found" page. Anything else propagates.
 */
export async function orNotFound<T>(run: () => Promise<T>): Promise<T> {
	try {
		return await run()
	} catch (error) {
		if (isDomainError(error) && error.code === 'NOT_FOUND') throw new Response(error.message, { status: 404 })
		throw error
	}
}
