import { zodResolver } from '@hookform/resolvers/zod'
import { Form, useNavigation } from '@remix-run/react'
import { useId, type FormEvent, type ReactNode } from 'react'
import { useFieldArray, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { ErrorList, Field, type FieldErrors } from '#app/components/forms.tsx'
import { CvFileField, ImageFilesField } from '#app/components/image-files-field.tsx'
import { PracticeFields } from '#app/components/practice-fields.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Plus, Trash2 } from '#app/components/ui/icons.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { focusNearest } from '#app/utils/focus.ts'
import { errorsOf } from '#app/utils/form-errors.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useValidatedSubmit } from '#app/utils/use-validated-submit.ts'
import {
	LINK_KIND_LABELS,
	MAX_IMAGES,
	MAX_ONBOARDING_LINKS,
	ONBOARDING_LINK_KINDS,
	ONBOARDING_STEPS,
} from '#server/domain/profiles/choices.ts'
import {
	OnboardingStep1Input,
	OnboardingStep2Input,
	OnboardingStep3Input,
} from '#server/domain/profiles/onboarding.schema.ts'
import type { OnboardingFormValues } from '#server/domain/profiles/onboarding.ts'

/*
 * The step forms. Every step is a real form post (server-validated, kept in the profile), so the
 * wizard works without JavaScript and a reload loses nothing. With JavaScript, react-hook-form
 * validates with the same zod schemas as the server and Next stays disabled until the step is
 * valid; the post itself is the same.
 */

export type StepProps = {
	values: OnboardingFormValues
	/** Field messages of a failed post, keyed by field name (`links.0.url`). */
	serverErrors: FieldErrors
	formError?: string
}


// "Previous" and the link rows' buttons need no valid step.
const skipValidation = (button: HTMLButtonElement) => button.value !== 'next'

function StepForm({
	step,
	onSubmit,
	canContinue,
	formError,
	children,
	multipart = false,
}: {
	step: number
	onSubmit?: (event: FormEvent<HTMLFormElement>) => void
	canContinue: boolean
	formError?: string
	children: ReactNode
	multipart?: boolean
}) {
	const hydrated = useHydrated()
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle' && navigation.formAction?.startsWith('/onboarding') === true
	const last = step === ONBOARDING_STEPS
	return (
		<Form
			method="post"
			action="/onboarding"
			encType={multipart ? 'multipart/form-data' : undefined}
			onSubmit={onSubmit}
			noValidate
			className="grid gap-6"
		>
			{/* Pressing Enter in a field means Next, not the Previous button that comes first. */}
			<button type="submit" name="intent" value="next" hidden tabIndex={-1} aria-hidden />
			<input type="hidden" name="step" value={step} />
			{children}
			{formError ? (
				<div role="alert">
					<ErrorList errors={[formError]} />
				</div>
			) : null}
			<div className="flex items-center justify-between gap-3 border-t border-border pt-5">
				<Button
					type="submit"
					name="intent"
					value="previous"
					variant="outline"
					disabled={step === 1 || busy}
					formNoValidate
					// The last step's form carries files; going back must not upload them.
					formEncType={multipart ? 'application/x-www-form-urlencoded' : undefined}
				>
					Previous
				</Button>
				<Button type="submit" name="intent" value="next" disabled={busy || (hydrated && !canContinue)}>
					{busy && navigation.formMethod === 'POST' ? (last ? 'Completing…' : 'Saving…') : last ? 'Complete profile' : 'Next'}
				</Button>
			</div>
		</Form>
	)
}

type Step1Values = z.input<typeof OnboardingStep1Input>

export function NameStep({ values, serverErrors, formError }: StepProps) {
	const form = useForm<Step1Values, unknown, z.output<typeof OnboardingStep1Input>>({
		resolver: zodResolver(OnboardingStep1Input),
		mode: 'onChange',
		defaultValues: { fullName: values.fullName, city: values.city, country: values.country },
	})
	const onSubmit = useValidatedSubmit(form.handleSubmit, { skipValidation })
	const { errors, isValid } = form.formState
	const field = (name: keyof Step1Values, label: string, autoComplete: string) => (
		<Field
			label={label}
			errors={errorsOf(errors, serverErrors, name)}
			inputProps={{ ...form.register(name), defaultValue: values[name], autoComplete, required: true }}
		/>
	)
	return (
		<StepForm step={1} onSubmit={onSubmit} canContinue={isValid} formError={formError}>
			{field('fullName', 'Full name', 'name')}
			<div className="grid gap-4 sm:grid-cols-2">
				{field('city', 'City', 'address-level2')}
				{field('country', 'Country', 'country-name')}
			</div>
		</StepForm>
	)
}

type Step2Values = z.input<typeof OnboardingStep2Input>

export function PracticeStep({ values, serverErrors, formError }: StepProps) {
	const form = useForm<Step2Values, unknown, z.output<typeof OnboardingStep2Input>>({
		resolver: zodResolver(OnboardingStep2Input),
		mode: 'onChange',
		defaultValues: {
			mediums: values.mediums as Step2Values['mediums'],
			interests: values.interests as Step2Values['interests'],
		},
	})
	const onSubmit = useValidatedSubmit(form.handleSubmit, { skipValidation })
	const { errors, isValid } = form.formState
	return (
		<StepForm step={2} onSubmit={onSubmit} canContinue={isValid} formError={formError}>
			<PracticeFields
				values={values}
				register={(name) => form.register(name)}
				errors={{ mediums: errorsOf(errors, serverErrors, 'mediums'), interests: errorsOf(errors, serverErrors, 'interests') }}
				hint="Select at least one."
			/>
		</StepForm>
	)
}

type Step3Values = z.input<typeof OnboardingStep3Input>
const blankLink = { kind: 'instagram', url: '' } as const

export function LinksStep({ values, serverErrors, formError }: StepProps) {
	const form = useForm<Step3Values, unknown, z.output<typeof OnboardingStep3Input>>({
		resolver: zodResolver(OnboardingStep3Input),
		mode: 'onChange',
		defaultValues: {
			websiteUrl: values.websiteUrl,
			links: values.links.length ? values.links : [blankLink],
		},
	})
	const rows = useFieldArray({ control: form.control, name: 'links' })
	const onSubmit = useValidatedSubmit(form.handleSubmit, { skipValidation })
	const { errors, isValid } = form.formState
	// Without JavaScript these buttons post and the server adds or removes the row.
	const rowButton = (run: () => void) => (event: { preventDefault(): void }) => {
		event.preventDefault()
		run()
	}
	const listId = useId()
	const removeRow = (index: number) => {
		rows.remove(index)
		// Its Remove button goes with it: focus the next row's (or the last one's), else "Add link".
		requestAnimationFrame(() => {
			const list = document.getElementById(listId)
			focusNearest(list?.querySelectorAll('button[value^="remove-link-"]'), index, list?.querySelector('button[value="add-link"]') ?? null)
		})
	}
	return (
		<StepForm step={3} onSubmit={onSubmit} canContinue={isValid} formError={formError}>
			<Field
				label="Website"
				hint="Optional."
				errors={errorsOf(errors, serverErrors, 'websiteUrl')}
				inputProps={{
					...form.register('websiteUrl'),
					defaultValue: values.websiteUrl,
					type: 'url',
					inputMode: 'url',
					autoComplete: 'url',
					placeholder: 'https://your-site.com',
				}}
			/>
			<fieldset id={listId} className="grid gap-3">
				<legend className="mb-1 text-sm font-medium">Press and social links</legend>
				<p className="-mt-1 text-sm text-muted-foreground">
					Optional, up to {MAX_ONBOARDING_LINKS}. Rows left blank are not saved.
				</p>
				{rows.fields.map((row, index) => {
					const urlErrors = errorsOf(errors, serverErrors, `links.${index}.url`)
					return (
						<fieldset key={row.id} className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
							<legend className="sr-only">Link {index + 1}</legend>
							<div className="grid gap-1.5">
								<Label htmlFor={`link-${row.id}-kind`}>Type</Label>
								<Select
									id={`link-${row.id}-kind`}
									{...form.register(`links.${index}.kind`)}
									defaultValue={values.links[index]?.kind ?? blankLink.kind}
								>
									{ONBOARDING_LINK_KINDS.map((kind) => (
										<option key={kind} value={kind}>
											{LINK_KIND_LABELS[kind]}
										</option>
									))}
								</Select>
							</div>
							<Field
								label="URL"
								errors={urlErrors}
								inputProps={{
									id: `link-${row.id}-url`,
									...form.register(`links.${index}.url`),
									defaultValue: values.links[index]?.url ?? '',
									type: 'url',
									inputMode: 'url',
									placeholder: 'https://',
								}}
							/>
							{rows.fields.length > 1 ? (
								<Button
									type="submit"
									name="intent"
									value={`remove-link-${index}`}
									variant="ghost"
									size="sm"
									formNoValidate
									onClick={rowButton(() => removeRow(index))}
									className={urlErrors ? 'sm:mb-7' : undefined}
								>
									<Trash2 aria-hidden />
									Remove<span className="sr-only"> link {index + 1}</span>
								</Button>
							) : null}
						</fieldset>
					)
				})}
				<ErrorList errors={errorsOf(errors, serverErrors, 'links')} />
				{rows.fields.length < MAX_ONBOARDING_LINKS ? (
					<div>
						<Button
							type="submit"
							name="intent"
							value="add-link"
							variant="outline"
							size="sm"
							formNoValidate
							onClick={rowButton(() => rows.append({ ...blankLink }))}
						>
							<Plus aria-hidden />
							Add link
						</Button>
					</div>
				) : null}
			</fieldset>
		</StepForm>
	)
}

export function FilesStep({ formError }: Pick<StepProps, 'formError'>) {
	return (
		<StepForm step={4} canContinue multipart formError={formError}>
			<CvFileField label="CV (PDF)" hint="Optional. A PDF of up to 10 MB." pdfOnly />
			<ImageFilesField
				label="Images"
				hint={`Optional. Up to ${MAX_IMAGES} images (JPEG, PNG, GIF or WEBP), 10 MB each.`}
				max={MAX_IMAGES}
			/>
		</StepForm>
	)
}
