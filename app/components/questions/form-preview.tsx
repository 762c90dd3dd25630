import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { limitLabel } from '#server/domain/questions/display.ts'

export type PreviewQuestion = {
	id: string
	section: string | null
	label: string
	type: string
	required: boolean
	helpText: string | null
	limitType: string | null
	limitValue: number | null
	options: string[]
}

/** Sections in the order their first question appears; questions without one under "General". */
function bySection(questions: readonly PreviewQuestion[]) {
	const sections = new Map<string, PreviewQuestion[]>()
	for (const question of questions) {
		const name = question.section?.trim() || 'General'
		sections.set(name, [...(sections.get(name) ?? []), question])
	}
	return [...sections]
}

/** The read-only "Application Form Preview" (spec section 2): how applicants will see the questions. */
export function ApplicationFormPreview({ questions }: { questions: readonly PreviewQuestion[] }) {
	return (
		<section aria-labelledby="form-preview-title">
			<Card>
				<CardHeader>
					<CardTitle as="h3" id="form-preview-title">
						Application Form Preview
					</CardTitle>
					<CardDescription>Preview Mode - Form is not functional</CardDescription>
				</CardHeader>
				<CardContent className="grid gap-6">
					{questions.length === 0 ? (
						<p className="text-sm text-muted-foreground">No questions added yet. Add some questions to see the preview.</p>
					) : (
						bySection(questions).map(([section, items]) => (
							<fieldset key={section} className="grid gap-5">
								<legend className="mb-3 border-b border-border pb-2 text-base font-semibold">{section}</legend>
								{items.map((question) => (
									<PreviewField key={question.id} question={question} />
								))}
							</fieldset>
						))
					)}
				</CardContent>
			</Card>
		</section>
	)
}

function PreviewField({ question }: { question: PreviewQuestion }) {
	const id = `preview-${question.id}`
	const limit = limitLabel(question.limitType, question.limitValue)
	const describedBy = [question.helpText ? `${id}-help` : null, limit ? `${id}-limit` : null].filter(Boolean).join(' ') || undefined
	const title = (
		<>
			{question.label}
			{question.required ? (
				<>
					<span aria-hidden className="ml-0.5 text-destructive">
						*
					</span>
					<span className="sr-only"> (required)</span>
				</>
			) : null}
		</>
	)
	const notes = (
		<>
			{question.helpText ? (
				<p id={`${id}-help`} className="text-sm text-muted-foreground">
					{question.helpText}
				</p>
			) : null}
			{limit ? (
				<p id={`${id}-limit`} className="text-xs text-muted-foreground">
					{limit}
				</p>
			) : null}
		</>
	)

	if (question.type === 'multiple_choice' || question.type === 'multi_select') {
		const inputType = question.type === 'multiple_choice' ? 'radio' : 'checkbox'
		return (
			<fieldset disabled className="grid gap-2" aria-describedby={describedBy}>
				<legend className="mb-1 text-sm font-medium">{title}</legend>
				{notes}
				{question.options.map((option) => (
					<label key={option} className="flex items-center gap-2 text-sm text-muted-foreground">
						<input type={inputType} name={id} value={option} className="checkbox" />
						{option}
					</label>
				))}
			</fieldset>
		)
	}

	const common = { id, disabled: true, 'aria-describedby': describedBy }
	return (
		<div className="grid gap-1.5">
			<label htmlFor={id} className="text-sm font-medium">
				{title}
			</label>
			{notes}
			{question.type === 'short_text' ? (
				<Input type="text" {...common} />
			) : question.type === 'url' ? (
				<Input type="url" placeholder="https://" {...common} />
			) : question.type === 'number' ? (
				<Input type="number" {...common} />
			) : (
				<Textarea rows={4} {...common} />
			)}
		</div>
	)
}
