import { zodResolver } from '@hookform/resolvers/zod'
import { Form, useNavigation } from '@remix-run/react'
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { humanize } from '#app/components/admin/opportunity-labels.ts'
import { ErrorList, Field, type FieldErrors } from '#app/components/forms.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { ExternalLink, MapPin, CalendarDays, X } from '#app/components/ui/icons.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { formatLongDate } from '#server/domain/dates.ts'
import { focusNearest } from '#app/utils/focus.ts'
import { errorsOf } from '#app/utils/form-errors.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useDiscardGuard } from '#app/utils/use-discard-guard.ts'
import { useValidatedSubmit } from '#app/utils/use-validated-submit.ts'
import {
	CATEGORIES,
	CATEGORY_LABELS,
	deadlineWarning,
	MAX_TAGS,
	normalizeTags,
	MAX_TAG_LENGTH,
	TAG_TOO_LONG,
	TOO_MANY_TAGS,
	UpdateOpportunityInput,
} from '#server/domain/opportunities/opportunity.schema.ts'

export type OpportunityFormDefaults = {
	title: string
	url: string
	organization: string
	category: string
	deadline: string
	location: string
	tags: string[]
	description: string
	active?: boolean
}

export const EMPTY_OPPORTUNITY: OpportunityFormDefaults = {
	title: '',
	url: '',
	organization: '',
	category: '',
	deadline: '',
	location: '',
	tags: [],
	description: '',
}

type Failed = { formError: string; fieldErrors: FieldErrors } | null

type FormValues = z.input<typeof UpdateOpportunityInput>

/**
 * The create and edit form (spec section 2) with its live preview. A real `<Form method="post">`:
 * without JavaScript the server validates with the same schema and renders the messages, the
 * entered values and the preview of what was sent.
 */
export function OpportunityForm({
	mode,
	defaults,
	failed,
	today,
}: {
	mode: 'create' | 'edit'
	defaults: OpportunityFormDefaults
	failed: Failed
	today: string
}) {
	const id = useId()
	const hydrated = useHydrated()
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
	const serverErrors = failed?.fieldErrors ?? {}
	// One resolver for both modes: `active` has a default, so the create form validates the same fields.
	const form = useForm<FormValues, unknown, z.output<typeof UpdateOpportunityInput>>({
		resolver: zodResolver(UpdateOpportunityInput),
		mode: 'onChange',
		defaultValues: { ...defaults, category: defaults.category as FormValues['category'], active: defaults.active ?? true },
	})
	const onSubmit = useValidatedSubmit(form.handleSubmit)
	const { errors, isValid, isDirty } = form.formState
	// Another tab of the opportunity, a link or a reload asks before typed changes are lost.
	useDiscardGuard(isDirty)
	const watched = useWatch({ control: form.control })
	const tags = hydrated && Array.isArray(watched.tags) ? watched.tags : defaults.tags
	const preview = hydrated ? { ...watched, tags } : defaults
	const warning = deadlineWarning(hydrated ? watched.deadline : defaults.deadline, today)
	const fieldErrors = (name: string) => errorsOf(errors, serverErrors, name)

	return (
		<div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
			<Card>
				<CardHeader>
					<CardTitle as="h2">{mode === 'create' ? 'Opportunity details' : 'Edit details'}</CardTitle>
				</CardHeader>
				<CardContent>
					<Form method="post" onSubmit={onSubmit} noValidate className="grid gap-5" aria-describedby={failed?.formError ? `${id}-form-error` : undefined}>
						{failed?.formError && !Object.keys(serverErrors).length ? (
							<p id={`${id}-form-error`} role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive">
								{failed.formError}
							</p>
						) : null}
						<Field
							label="Title"
							errors={fieldErrors('title')}
							inputProps={{ ...form.register('title'), defaultValue: defaults.title, required: true }}
						/>
						<Field
							label="URL"
							errors={fieldErrors('url')}
							inputProps={{ ...form.register('url'), defaultValue: defaults.url, type: 'url', inputMode: 'url', required: true, placeholder: 'https://' }}
						/>
						<Field
							label="Organization"
							hint="Optional. Who runs the call."
							errors={fieldErrors('organization')}
							inputProps={{ ...form.register('organization'), defaultValue: defaults.organization }}
						/>
						<div className="grid gap-1.5">
							<Label htmlFor={`${id}-category`}>Category</Label>
							<Select
								id={`${id}-category`}
								{...form.register('category')}
								defaultValue={defaults.category}
								required
								aria-invalid={fieldErrors('category') ? true : undefined}
								aria-describedby={fieldErrors('category') ? `${id}-category-error` : undefined}
							>
								<option value="">Select a category</option>
								{CATEGORIES.map((category) => (
									<option key={category} value={category}>
										{CATEGORY_LABELS[category]}
									</option>
								))}
							</Select>
							<ErrorList id={`${id}-category-error`} errors={fieldErrors('category')} />
						</div>
						<Field
							label="Deadline"
							errors={fieldErrors('deadline')}
							hint={
								<span aria-live="polite" className={warning ? 'font-medium text-amber-700' : undefined}>
									{warning ?? 'Optional.'}
								</span>
							}
							inputProps={{ ...form.register('deadline'), defaultValue: defaults.deadline, type: 'date' }}
						/>
						<Field
							label="Location"
							hint="Optional."
							errors={fieldErrors('location')}
							inputProps={{ ...form.register('location'), defaultValue: defaults.location }}
						/>
						{hydrated ? (
							<TagInput
								tags={tags}
								onChange={(next) => form.setValue('tags', next, { shouldValidate: true, shouldDirty: true })}
								errors={fieldErrors('tags')}
							/>
						) : (
							<Field
								label="Tags"
								hint={`Separate tags with commas; at most ${MAX_TAGS}.`}
								errors={fieldErrors('tags')}
								inputProps={{ name: 'tags', defaultValue: defaults.tags.join(', ') }}
							/>
						)}
						<div className="grid gap-1.5">
							<Label htmlFor={`${id}-description`}>Description</Label>
							<Textarea
								id={`${id}-description`}
								{...form.register('description')}
								defaultValue={defaults.description}
								rows={6}
								aria-invalid={fieldErrors('description') ? true : undefined}
								aria-describedby={fieldErrors('description') ? `${id}-description-error` : undefined}
							/>
							<ErrorList id={`${id}-description-error`} errors={fieldErrors('description')} />
						</div>
						{mode === 'edit' ? (
							<label className="flex items-start gap-3 rounded-md border border-border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring/40">
								<input
									type="checkbox"
									role="switch"
									{...form.register('active')}
									defaultChecked={defaults.active ?? true}
									className="checkbox mt-0.5 shrink-0"
								/>
								<span className="grid gap-0.5">
									<span className="text-sm font-medium">Active</span>
									<span className="text-sm text-muted-foreground">Inactive opportunities are hidden from applicants.</span>
								</span>
							</label>
						) : null}
						<div className="flex flex-wrap gap-3">
							<ButtonLink to="/admin" variant="outline">
								Cancel
							</ButtonLink>
							<Button type="submit" disabled={busy || (hydrated && !isValid)}>
								{/* The spec's "Cancel and Create buttons". */}
								{mode === 'create' ? (busy ? 'Creating…' : 'Create') : busy ? 'Saving…' : 'Update Opportunity'}
							</Button>
						</div>
					</Form>
				</CardContent>
			</Card>
			<OpportunityPreview values={preview} />
		</div>
	)
}

/** Enter (or a comma) adds a tag; Backspace in the empty box removes the last. Posts them as one comma-separated field. */
function TagInput({ tags, onChange, errors }: { tags: string[]; onChange: (tags: string[]) => void; errors?: string[] }) {
	const id = useId()
	const [draft, setDraft] = useState('')
	// A tag refused as it is added stays in the box, with the reason.
	const [refusal, setRefusal] = useState<string | null>(null)
	const full = tags.length >= MAX_TAGS
	const add = () => {
		const next = normalizeTags([...tags, draft])
		if (next.some((tag) => tag.length > MAX_TAG_LENGTH)) return setRefusal(TAG_TOO_LONG)
		if (next.length > MAX_TAGS) return setRefusal(TOO_MANY_TAGS)
		setRefusal(null)
		onChange(next)
		setDraft('')
		// The tenth disables the box, which drops focus: it goes to the last tag's Remove button.
		if (next.length >= MAX_TAGS && document.activeElement === input.current) {
			requestAnimationFrame(() => focusNearest(list.current?.querySelectorAll('button'), MAX_TAGS, null))
		}
	}
	const list = useRef<HTMLUListElement>(null)
	const input = useRef<HTMLInputElement>(null)
	const remove = (index: number) => {
		onChange(tags.filter((_, i) => i !== index))
		// Its button goes with it: focus the next tag's (the last one's, or the box) once rendered.
		requestAnimationFrame(() => focusNearest(list.current?.querySelectorAll('button'), index, input.current))
	}
	const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
		if (event.key === 'Enter' || event.key === ',') {
			event.preventDefault()
			if (draft.trim()) add()
		} else if (event.key === 'Backspace' && !draft && tags.length) {
			onChange(tags.slice(0, -1))
		}
	}
	return (
		<div className="grid gap-1.5">
			<Label htmlFor={id}>Tags</Label>
			<input type="hidden" name="tags" value={tags.join(',')} />
			{tags.length ? (
				<ul ref={list} className="flex flex-wrap gap-1.5" aria-label="Tags added">
					{tags.map((tag, index) => (
						<li key={tag}>
							<Badge variant="secondary" className="py-1 pr-1">
								{tag}
								<button
									type="button"
									onClick={() => remove(index)}
									// A 24 px target around the chip's 12 px icon; the negative margins keep the chip's size.
									className="-my-1.5 -mr-1.5 -ml-0.5 rounded-full p-1.5 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
								>
									<X aria-hidden />
									<span className="sr-only">Remove tag {tag}</span>
								</button>
							</Badge>
						</li>
					))}
				</ul>
			) : null}
			<Input
				ref={input}
				id={id}
				value={draft}
				onChange={(event) => {
					setDraft(event.target.value)
					setRefusal(null)
				}}
				onKeyDown={onKeyDown}
				onBlur={() => draft.trim() && add()}
				disabled={full}
				placeholder={full ? 'Maximum 10 tags reached' : 'Type a tag and press Enter'}
				aria-describedby={`${id}-hint ${id}-error`}
				aria-invalid={errors?.length || refusal ? true : undefined}
			/>
			<p id={`${id}-hint`} className="text-sm text-muted-foreground" aria-live="polite">
				{tags.length}/{MAX_TAGS} tags
			</p>
			{full ? <p className="text-sm font-medium text-amber-700">Maximum 10 tags reached</p> : null}
			<ErrorList id={`${id}-error`} errors={refusal ? [refusal, ...(errors ?? [])] : errors} />
		</div>
	)
}

const PREVIEW_DESCRIPTION_LENGTH = 200

function externalUrl(value: string) {
	try {
		const url = new URL(value)
		return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
	} catch {
		return null
	}
}

type PreviewValues = Partial<Omit<OpportunityFormDefaults, 'tags' | 'deadline'>> & { deadline?: string | null; tags?: unknown }

/** How the opportunity will read (spec section 2, "Live preview"). */
export function OpportunityPreview({ values }: { values: PreviewValues }) {
	const title = values.title?.trim() || 'Untitled Opportunity'
	const url = values.url?.trim() ?? ''
	const href = url ? externalUrl(url) : null
	const tags = Array.isArray(values.tags) ? normalizeTags(values.tags as string[]) : normalizeTags([String(values.tags ?? '')])
	const description = values.description?.trim() ?? ''
	return (
		<section aria-labelledby="opportunity-preview-heading" className="lg:sticky lg:top-6">
			<Card>
				<CardHeader>
					<p id="opportunity-preview-heading" className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
						Preview
					</p>
					<CardTitle as="h3">
						{title}
					</CardTitle>
					{values.organization?.trim() ? <p className="text-sm text-muted-foreground">{values.organization.trim()}</p> : null}
				</CardHeader>
				<CardContent className="grid gap-3 text-sm">
					<div className="flex flex-wrap gap-1.5">
						{values.category ? (
							<Badge className="capitalize">{humanize(values.category)}</Badge>
						) : null}
						{tags.map((tag) => (
							<Badge key={tag} variant="outline">
								{humanize(tag)}
							</Badge>
						))}
					</div>
					{values.deadline ? (
						<p className="flex items-center gap-2">
							<CalendarDays aria-hidden className="size-4 text-muted-foreground" />
							Deadline: {formatLongDate(values.deadline)}
						</p>
					) : null}
					{values.location?.trim() ? (
						<p className="flex items-center gap-2">
							<MapPin aria-hidden className="size-4 text-muted-foreground" />
							{values.location.trim()}
						</p>
					) : null}
					{description ? (
						<p className="whitespace-pre-line text-muted-foreground">
							{description.length > PREVIEW_DESCRIPTION_LENGTH ? `${description.slice(0, PREVIEW_DESCRIPTION_LENGTH)}...` : description}
						</p>
					) : null}
					{url ? (
						href ? (
							<a href={href} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline">
								View Official Page
								<ExternalLink aria-hidden className="size-4" />
								<span className="sr-only">(opens in a new tab)</span>
							</a>
						) : (
							<p className="text-destructive">Invalid URL</p>
						)
					) : null}
				</CardContent>
			</Card>
		</section>
	)
}
