import { useState, type ChangeEvent } from 'react'
import { Field } from '#app/components/forms.tsx'
import { ACCEPT } from '#server/domain/profiles/choices.ts'

/**
 * A multiple-image file input that keeps at most `max` files. Browsers cannot limit how many files
 * a picker returns, so the extra ones are cut off at once, with a notice; the server enforces the
 * same limit without JavaScript.
 */
export function ImageFilesField({ label, hint, max, autoFocus }: { label: string; hint: string; max: number; autoFocus?: true }) {
	const [notice, setNotice] = useState<string | null>(null)

	function keepFirst(event: ChangeEvent<HTMLInputElement>) {
		const input = event.currentTarget
		const files = Array.from(input.files ?? [])
		if (files.length <= max) return setNotice(null)
		const kept = new DataTransfer()
		for (const file of files.slice(0, max)) kept.items.add(file)
		input.files = kept.files
		// Named, so the artist knows which to upload once there is room.
		const left = files.slice(max).map((file) => file.name)
		const first = max === 1 ? 'Only the first image' : `Only the first ${max} images`
		setNotice(`${first} will be uploaded; ${new Intl.ListFormat('en').format(left)} ${left.length === 1 ? 'was' : 'were'} left out.`)
	}

	return (
		<div className="grid gap-1.5">
			<Field
				label={label}
				hint={hint}
				inputProps={{ name: 'images', type: 'file', multiple: true, accept: ACCEPT.images, onChange: keepFirst, autoFocus, className: 'h-auto py-2' }}
			/>
			<p aria-live="polite" className="text-sm font-medium text-foreground empty:hidden">
				{notice}
			</p>
		</div>
	)
}
