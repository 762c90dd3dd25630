import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { cn } from '#app/utils/cn.ts'

/** Field-level messages from the server (a DomainError's fieldErrors) or the client. */
export type FieldErrors = Record<string, string[] | undefined>

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
	if (!errors?.length) return null
	return (
		<ul id={id} className="mt-1.5 space-y-0.5 text-sm text-destructive">
			{errors.map((error) => (
				<li key={error}>{error}</li>
			))}
		</ul>
	)
}

/** What a control needs to point at its label, hint and errors. */
type ControlAttributes = { id: string; autoFocus: true | undefined; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }

type FieldFrameProps = {
	label: ReactNode
	errors?: string[] | null
	hint?: ReactNode
	className?: string
	/** The control's own id, when it brings one. */
	id?: string
	children: (control: ControlAttributes) => ReactNode
}

/**
 * The label, hint and errors around one control, wired up for screen readers:
 * the one place Field, SelectField and TextareaField get their ids from.
 */
function FieldFrame({ label, errors, hint, className, id: ownId, children }: FieldFrameProps) {
	const fallbackId = useId()
	const id = ownId ?? fallbackId
	const errorId = errors?.length ? `${id}-error` : undefined
	const hintId = hint ? `${id}-hint` : undefined
	return (
		<div className={cn('grid gap-1.5', className)}>
			<Label htmlFor={id}>{label}</Label>
			{children({
				id,
				// A page that comes back with errors (a form posted without JavaScript) starts at the first
				// invalid field: the browser focuses the first autofocus element. (With JavaScript, which
				// applies autofocus only when a field first appears, FocusKeeper does it.)
				autoFocus: errorId ? true : undefined,
				'aria-invalid': errorId ? true : undefined,
				'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
			})}
			{hint ? (
				<p id={hintId} className="text-sm text-muted-foreground">
					{hint}
				</p>
			) : null}
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}

type FrameProps = Omit<FieldFrameProps, 'children' | 'id'>

/** A labelled input with its hint and errors wired up for screen readers. */
export function Field({ inputProps, ...frame }: FrameProps & { inputProps: InputHTMLAttributes<HTMLInputElement> & { name: string } }) {
	return (
		<FieldFrame {...frame} id={inputProps.id}>
			{(control) => <Input {...inputProps} {...control} autoFocus={control.autoFocus ?? inputProps.autoFocus} />}
		</FieldFrame>
	)
}

/** A labelled native select (works without JavaScript); its options are the children. */
export function SelectField({
	selectProps,
	children,
	...frame
}: FrameProps & { selectProps: SelectHTMLAttributes<HTMLSelectElement> & { name: string }; children: ReactNode }) {
	return (
		<FieldFrame {...frame} id={selectProps.id}>
			{(control) => (
				<Select {...selectProps} {...control}>
					{children}
				</Select>
			)}
		</FieldFrame>
	)
}

/** A labelled textarea with its hint and errors. */
export function TextareaField({
	textareaProps,
	...frame
}: FrameProps & { textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { name: string } }) {
	// A caller may mark the field invalid before any error comes back (notes over their limit).
	return (
		<FieldFrame {...frame} id={textareaProps.id}>
			{(control) => <Textarea {...textareaProps} {...control} aria-invalid={control['aria-invalid'] ?? textareaProps['aria-invalid']} />}
		</FieldFrame>
	)
}

type CheckboxGroupProps = {
	legend: ReactNode
	/** Each checkbox's props, given its value (e.g. react-hook-form's `register(name)`). */
	checkboxProps: (value: string) => InputHTMLAttributes<HTMLInputElement> & { name: string }
	options: readonly { value: string; label: string }[]
	/** Checked on the server render, so the group works without JavaScript. */
	defaultChecked?: readonly string[]
	errors?: string[] | null
	hint?: ReactNode
	className?: string
}

/** A multi-choice group: a fieldset whose legend names it, with its errors announced. */
export function CheckboxGroup({ legend, checkboxProps, options, defaultChecked = [], errors, hint, className }: CheckboxGroupProps) {
	const id = useId()
	const errorId = errors?.length ? `${id}-error` : undefined
	const hintId = hint ? `${id}-hint` : undefined
	return (
		<fieldset
			className={cn('grid gap-2', className)}
			aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
		>
			<legend className="mb-1 text-sm font-medium text-foreground">{legend}</legend>
			{hint ? (
				<p id={hintId} className="-mt-1 text-sm text-muted-foreground">
					{hint}
				</p>
			) : null}
			<div className="grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-3">
				{options.map((option) => (
					<label
						key={option.value}
						className="flex min-h-10 cursor-pointer items-center gap-2.5 rounded-md border border-border bg-card px-3 py-2 text-sm shadow-card transition-colors hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring/40"
					>
						<input
							type="checkbox"
							value={option.value}
							defaultChecked={defaultChecked.includes(option.value)}
							className="checkbox shrink-0"
							{...checkboxProps(option.value)}
						/>
						{option.label}
					</label>
				))}
			</div>
			<div aria-live="polite">
				<ErrorList id={errorId} errors={errors} />
			</div>
		</fieldset>
	)
}
