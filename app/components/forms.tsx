import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
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

type FieldProps = {
	label: ReactNode
	errors?: string[] | null
	hint?: ReactNode
	className?: string
	inputProps: InputHTMLAttributes<HTMLInputElement> & { name: string }
}

/** A labelled input with its hint and errors wired up for screen readers. */
export function Field({ label, errors, hint, className, inputProps }: FieldProps) {
	const fallbackId = useId()
	const id = inputProps.id ?? fallbackId
	const errorId = errors?.length ? `${id}-error` : undefined
	const hintId = hint ? `${id}-hint` : undefined
	return (
		<div className={cn('grid gap-1.5', className)}>
			<Label htmlFor={id}>{label}</Label>
			<Input
				{...inputProps}
				id={id}
				aria-invalid={errorId ? true : undefined}
				aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
			/>
			{hint ? (
				<p id={hintId} className="text-sm text-muted-foreground">
					{hint}
				</p>
			) : null}
			<ErrorList id={errorId} errors={errors} />
		</div>
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
							className="size-4 shrink-0 accent-primary"
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
