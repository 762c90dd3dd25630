import { useSubmit } from '@remix-run/react'
import type { FormEvent } from 'react'
import type { FieldValues, UseFormHandleSubmit } from 'react-hook-form'

/**
 * The `onSubmit` of a Remix `<Form>` validated by react-hook-form: the post (with the clicked
 * button's name and value, e.g. its intent) is sent only once the form is valid. Buttons for which
 * `skipValidation` is true (e.g. "Previous") go through as usual. Without JavaScript the form posts
 * natively and the server validates with the same schema.
 */
export function useValidatedSubmit<T extends FieldValues, Out = T>(
	handleSubmit: UseFormHandleSubmit<T, Out>,
	{ skipValidation }: { skipValidation?: (button: HTMLButtonElement) => boolean } = {},
) {
	const submit = useSubmit()
	return (event: FormEvent<HTMLFormElement>) => {
		// A form rendered inside this one's React tree (a dialog's, portalled elsewhere in the page)
		// bubbles its submit event here too: that form has sent itself, and this one must not resend it.
		if (event.target !== event.currentTarget) return
		const submitter = (event.nativeEvent as SubmitEvent).submitter
		const button = submitter instanceof HTMLButtonElement ? submitter : null
		if (button && skipValidation?.(button)) return
		const form = event.currentTarget
		void handleSubmit(() => submit(button ?? form))(event)
	}
}
