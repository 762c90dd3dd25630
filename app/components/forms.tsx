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
