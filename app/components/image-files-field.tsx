import { useState, type ChangeEvent } from 'react'
import { Field } from '#app/components/forms.tsx'
import { pickedFileProblem } from '#server/domain/files/file-checks.ts'
import type { SniffedType } from '#server/domain/files/sniff.ts'
import { ACCEPT, CV_TYPES, IMAGE_TYPES, MAX_CV_BYTES, MAX_IMAGE_BYTES, PDF_TYPE } from '#server/domain/profiles/choices.ts'

type PickedFilesFieldProps = {
	name: string
	label: string
	hint?: string
	accept: string
	/** The files kept: the first of those that may be sent. */
	max: number
	types: readonly SniffedType[]
	maxBytes: number
	multiple?: true
	autoFocus?: true
	required?: true
}

/**
 * A file input that says at once which picked files will not be sent, and drops them: a file of
 * another type or over the size limit (by name, claimed type and size: the server judges the
 * bytes), and those past `max`, which browsers cannot limit a picker to. A refused file so never
 * takes the place of one that would be kept (a tester's finding: five slots went to a text file and
 * an 11 MB image first). Without JavaScript the server does the same (app/utils/profile-files.server.ts).
 */
function PickedFilesField({ name, label, hint, accept, max, types, maxBytes, multiple, autoFocus, required }: PickedFilesFieldProps) {
	const [notice, setNotice] = useState<string | null>(null)

	function keepUsable(event: ChangeEvent<HTMLInputElement>) {
		const input = event.currentTarget
		const files = Array.from(input.files ?? [])
		const problems = files.map((file) => pickedFileProblem(file, { types, maxBytes }))
		const usable = files.filter((_file, index) => !problems[index])
		const kept = usable.slice(0, max)
		if (kept.length === files.length) return setNotice(null)
		const transfer = new DataTransfer()
		for (const file of kept) transfer.items.add(file)
		input.files = transfer.files
		// Named, so the artist knows what to fix, or to upload once there is room.
		const sentences = files.flatMap((file, index) => (problems[index] ? [`${file.name} will not be uploaded: ${problems[index]}`] : []))
		const left = usable.slice(max).map((file) => file.name)
		if (left.length) {
			const first = max === 1 ? 'Only the first image' : `Only the first ${max} images`
			sentences.push(`${first} will be uploaded; ${new Intl.ListFormat('en').format(left)} ${left.length === 1 ? 'was' : 'were'} left out.`)
		}
		setNotice(sentences.join(' '))
	}

	return (
		<div className="grid gap-1.5">
			<Field label={label} hint={hint} inputProps={{ name, type: 'file', multiple, accept, onChange: keepUsable, autoFocus, required, className: 'h-auto py-2' }} />
			<p aria-live="polite" className="text-sm font-medium text-foreground empty:hidden">
				{notice}
			</p>
		</div>
	)
}

/** The images input of onboarding and the profile: at most `max` images (the slots left). */
export function ImageFilesField({ label, hint, max, autoFocus }: { label: string; hint: string; max: number; autoFocus?: true }) {
	return <PickedFilesField name="images" label={label} hint={hint} accept={ACCEPT.images} max={max} types={IMAGE_TYPES} maxBytes={MAX_IMAGE_BYTES} multiple autoFocus={autoFocus} />
}

/** The CV input: a PDF at onboarding (spec section 5), a PDF, DOC or DOCX on the profile. */
export function CvFileField({ label, hint, pdfOnly, autoFocus, required }: { label: string; hint?: string; pdfOnly?: true; autoFocus?: true; required?: true }) {
	return (
		<PickedFilesField
			name="cv"
			label={label}
			hint={hint}
			accept={pdfOnly ? ACCEPT.onboardingCv : ACCEPT.cv}
			max={1}
			types={pdfOnly ? [PDF_TYPE] : CV_TYPES}
			maxBytes={MAX_CV_BYTES}
			autoFocus={autoFocus}
			required={required}
		/>
	)
}
