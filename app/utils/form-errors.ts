import type { FieldErrors as RhfFieldErrors, FieldValues } from 'react-hook-form'
import type { FieldErrors } from '#app/components/forms.tsx'

/**
 * The messages of one field (`name` as react-hook-form names it, e.g. `links.0.url`): the
 * browser's validation first, else the server's (the same key in a DomainError's fieldErrors).
 */
export function errorsOf<T extends FieldValues>(
	errors: RhfFieldErrors<T>,
	serverErrors: FieldErrors,
	name: string,
): string[] | undefined {
	let node: unknown = errors
	for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part]
	const message = (node as { message?: unknown } | undefined)?.message
	return typeof message === 'string' && message ? [message] : serverErrors[name]
}
