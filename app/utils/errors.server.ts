import { data } from '@remix-run/node'
import { isDomainError } from '#server/domain/errors.ts'

export type FormErrorData = {
	/** The first problem, for a form-level message. */
	formError: string
	fieldErrors: Record<string, string[]>
}

/**
 * Runs a form action's domain call and turns a DomainError into the form's
 * error data with the error's HTTP status (400 for bad input), so the page
 * re-renders with the messages, with or without JavaScript. Any other error is
 * a bug and propagates to the error boundary.
 */
export async function handleFormErrors<T>(run: () => Promise<T>) {
	try {
		return { ok: true as const, value: await run() }
	} catch (error) {
		if (!isDomainError(error)) throw error
		return {
			ok: false as const,
			response: data<FormErrorData>(
				{ formError: error.message, fieldErrors: error.fieldErrors ?? {} },
				{ status: error.status },
			),
		}
	}
}
