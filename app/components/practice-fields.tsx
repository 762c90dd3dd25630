import type { InputHTMLAttributes } from 'react'
import { CheckboxGroup } from '#app/components/forms.tsx'
import { INTEREST_LABELS, INTERESTS, MEDIUMS } from '#server/domain/profiles/choices.ts'

const mediumOptions = MEDIUMS.map((medium) => ({ value: medium, label: medium }))
const interestOptions = INTERESTS.map((interest) => ({ value: interest, label: INTEREST_LABELS[interest] }))

type PracticeField = 'mediums' | 'interests'

/** The artist's mediums and interests, as onboarding (step 2) and the profile page ask for them. */
export function PracticeFields({
	values,
	register,
	errors,
	hint,
}: {
	values: { mediums: readonly string[]; interests: readonly string[] }
	/** Each group's checkbox props (react-hook-form's `register`). */
	register: (name: PracticeField) => InputHTMLAttributes<HTMLInputElement> & { name: string }
	errors: Record<PracticeField, string[] | null | undefined>
	hint?: string
}) {
	return (
		<>
			<CheckboxGroup
				legend="Mediums"
				hint={hint}
				options={mediumOptions}
				defaultChecked={values.mediums}
				checkboxProps={() => register('mediums')}
				errors={errors.mediums}
			/>
			<CheckboxGroup
				legend="Interests"
				hint={hint}
				options={interestOptions}
				defaultChecked={values.interests}
				checkboxProps={() => register('interests')}
				errors={errors.interests}
			/>
		</>
	)
}
