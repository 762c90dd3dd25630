import { zodResolver } from '@hookform/resolvers/zod'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { BillingCard } from '#app/components/billing-card.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { SectionCard } from '#app/components/section-card.tsx'
import { Field, SelectField, type FieldErrors } from '#app/components/forms.tsx'
import { CvFileField, ImageFilesField } from '#app/components/image-files-field.tsx'
import { PracticeFields } from '#app/components/practice-fields.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { CircleAlert, ExternalLink, FileText, RefreshCw, Trash2 } from '#app/components/ui/icons.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { formatDateTime } from '#app/utils/date-time.ts'
import { FLASH_FOCUS, useFlashFocus, type ProfilePart } from '#app/components/toaster.tsx'
import { handleFormErrors } from '#app/utils/errors.server.ts'
import { errorsOf } from '#app/utils/form-errors.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { receiveProfileFiles, uploadProblemsSummary } from '#app/utils/profile-files.server.ts'
import { profileValuesFromForm } from '#app/utils/profile-form.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { redirectWithToast, type ToastInput } from '#app/utils/toast.server.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useValidatedSubmit } from '#app/utils/use-validated-submit.ts'
import { requireOnboardedUser } from '#server/auth/guards.ts'
import { getBillingSummary } from '#server/domain/billing/summary.ts'
import { listAssets, removeAsset } from '#server/domain/profiles/assets.ts'
import {
	formatBytes,
	LINK_KIND_LABELS,
	LINK_KINDS,
	MAX_IMAGES,
	MAX_PROFILE_LINKS,
	TOO_MANY_LINKS_MESSAGE,
} from '#server/domain/profiles/choices.ts'
import { describeCvReadError, requestProfileIngest } from '#server/domain/profiles/ingest.ts'
import { addLink, listLinks, removeLink } from '#server/domain/profiles/links.ts'
import { getProfileBasics, updateProfileBasics } from '#server/domain/profiles/profile.ts'
import { ProfileBasicsInput } from '#server/domain/profiles/profile.schema.ts'
import { isDomainError } from '#server/domain/errors.ts'
import { logFailure } from '#server/logger.ts'
import { canonicalTimeZone, timeZoneChoices } from '#server/domain/time-zone.ts'
import { isMultipartForm } from '#server/http/multipart.ts'

export const meta: MetaFunction = () => pageMeta({ title: 'Profile', noindex: true })

const PAGE = '/portal/profile'

export async function loader({ request, context }: LoaderFunctionArgs) {
	const user = requireOnboardedUser(request, context)
	const { app } = context
	try {
		const [profile, links, assets, billing] = await Promise.all([
			getProfileBasics(app, user.id),
			listLinks(app, user.id),
			listAssets(app, user.id),
			getBillingSummary(app, user),
		])
		const { ingestedAt, artistBrief, cvReadError, ...basics } = profile
		// A zone saved under an older name ("Asia/Calcutta") is shown under its current one.
		const timeZone = basics.timeZone ? canonicalTimeZone(basics.timeZone) : ''
		const cv = assets.find((asset) => asset.kind === 'cv') ?? null
		return {
			basics: { ...basics, fullName: basics.fullName ?? '', city: basics.city ?? '', country: basics.country ?? '', websiteUrl: basics.websiteUrl ?? '', timeZone },
			timeZones: timeZoneChoices(timeZone),
			ingestedAt: ingestedAt ? formatDateTime(ingestedAt) : null,
			artistBrief,
			links: links.map(({ id, kind, url }) => ({ id, kind, url })),
			cv,
			cvReadError: cv && cvReadError ? describeCvReadError(cvReadError) : null,
			images: assets.filter((asset) => asset.kind === 'image'),
			billing,
			packSize: app.env.CREDIT_PACK_SIZE,
		}
	} catch (error) {
		logFailure(app.logger, error, { userId: user.id }, 'profile page failed to load')
		throw await redirectWithToast('/portal/feed', { type: 'error', description: 'Failed to load profile data' }, app.env)
	}
}

/** The specification's error toast of each form (section 8, Profile). */
const FAILURES: Record<string, string> = {
	'update-basics': 'Failed to update profile',
	'add-link': 'Failed to add link',
	'remove-link': 'Failed to remove link',
	upload: 'Failed to upload files',
	'remove-file': 'Failed to remove file',
	reingest: 'Failed to re-ingest profile',
}

// Where focus returns when a form fails (a file's part is unknown once the file is gone).
const FAILED_PART: Record<string, ProfilePart> = { 'update-basics': 'basics', 'add-link': 'link', 'remove-link': 'link', reingest: 'brief' }

export async function action({ request, context }: ActionFunctionArgs) {
	const user = requireOnboardedUser(request, context)
	const { app } = context
	// Each form comes back to its own part of the page, with focus there (FLASH_FOCUS).
	const back = (toast: ToastInput, part?: ProfilePart) => redirectWithToast(PAGE, { ...toast, focus: part && FLASH_FOCUS.profile(part) }, app.env)
	const multipart = isMultipartForm(request.headers.get('Content-Type'))
	let intent = multipart ? 'upload' : 'unknown'
	try {
		if (multipart) {
			const received = await receiveProfileFiles(request, app, user.id)
			const problems = uploadProblemsSummary(received)
			const saved = received.outcomes.filter((outcome) => outcome.ok).length
			const uploaded = saved === 1 ? 'File uploaded successfully' : 'Files uploaded successfully'
			const part = received.outcomes[0]?.kind ?? received.sentFor ?? undefined
			// Some saved and some not: the saved ones are announced, with what happened to the rest.
			if (problems && saved) return back({ type: 'info', title: uploaded, description: problems }, part)
			if (problems) return back({ type: 'error', description: `${FAILURES.upload}. ${problems}` }, part)
			if (!saved) return back({ type: 'error', description: `${FAILURES.upload}. Choose a file first.` }, part)
			return back({ title: uploaded }, part)
		}

		const form = await readForm(request)
		intent = String(form.get('intent'))
		switch (intent) {
			case 'update-basics': {
				const values = profileValuesFromForm(form)
				const result = await handleFormErrors(() => updateProfileBasics(app, user.id, values), { intent, values })
				return result.ok ? await back({ title: 'Profile updated successfully' }, 'basics') : result.response
			}
			case 'add-link': {
				const values = { kind: form.get('kind'), url: form.get('url') }
				const result = await handleFormErrors(() => addLink(app, user.id, values), { intent, values })
				return result.ok ? await back({ title: 'Link added successfully' }, 'link') : result.response
			}
			case 'remove-link':
				await removeLink(app, user.id, { linkId: form.get('linkId') })
				return await back({ title: 'Link removed successfully' }, 'link')
			case 'remove-file': {
				const removed = await removeAsset(app, user.id, form.get('assetId'))
				return await back({ title: 'File removed successfully' }, removed.kind)
			}
			case 'reingest':
				await requestProfileIngest(app, user.id)
				return await back({ title: 'Profile re-ingestion initiated' }, 'brief')
		}
	} catch (error) {
		const description = FAILURES[intent]
		if (!description || error instanceof Response) throw error
		logFailure(app.logger, error, { userId: user.id, intent }, description)
		// A refusal says why (a link or file already removed in another tab: "… not found").
		return back({ type: 'error', description: isDomainError(error) ? `${description}. ${error.message}` : description }, FAILED_PART[intent])
	}
	throw new Response('Unknown form.', { status: 400 })
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>

export default function Profile() {
	const data = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const errorsFor = (intent: string): FailedForm =>
		actionData && 'fieldErrors' in actionData && actionData.intent === intent ? actionData : null

	return (
		<div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold sm:text-3xl">Profile</h1>
				<p className="mt-1 text-muted-foreground">What we use to match open calls and write your drafts.</p>
			</div>
			<BasicsCard basics={data.basics} timeZones={data.timeZones} failed={errorsFor('update-basics')} />
			<LinksCard links={data.links} failed={errorsFor('add-link')} />
			<CvCard cv={data.cv} readError={data.cvReadError} />
			<ImagesCard images={data.images} />
			<BriefCard ingestedAt={data.ingestedAt} artistBrief={data.artistBrief} />
			<BillingCard billing={data.billing} packSize={data.packSize} />
			<SectionCard title="Account" description="The devices you are signed in on, and deleting your account.">
				<ButtonLink to="/portal/account" variant="outline">
					Manage your account
				</ButtonLink>
			</SectionCard>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

type FailedForm = { formError: string; fieldErrors: FieldErrors; values?: unknown } | null

function useBusy(intent: string) {
	const navigation = useNavigation()
	return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

type BasicsValues = z.input<typeof ProfileBasicsInput>

function BasicsCard({ basics, timeZones, failed }: { basics: LoaderData['basics']; timeZones: readonly string[]; failed: FailedForm }) {
	const hydrated = useHydrated()
	const busy = useBusy('update-basics')
	const values = (failed?.values as typeof basics | undefined) ?? basics
	const serverErrors = failed?.fieldErrors ?? {}
	const form = useForm<BasicsValues, unknown, z.output<typeof ProfileBasicsInput>>({
		resolver: zodResolver(ProfileBasicsInput),
		mode: 'onChange',
		defaultValues: values as BasicsValues,
	})
	const onSubmit = useValidatedSubmit(form.handleSubmit)
	const focusSave = useFlashFocus(FLASH_FOCUS.profile('basics'))
	const { errors, isValid } = form.formState
	const text = (name: 'fullName' | 'city' | 'country', label: string, autoComplete: string) => (
		<Field
			label={label}
			errors={errorsOf(errors, serverErrors, name)}
			inputProps={{ ...form.register(name), defaultValue: values[name], autoComplete, required: true }}
		/>
	)
	return (
		<SectionCard title="Basics">
			<Form method="post" onSubmit={onSubmit} noValidate className="grid gap-5">
				<input type="hidden" name="intent" value="update-basics" />
				{text('fullName', 'Full name', 'name')}
				<div className="grid gap-4 sm:grid-cols-2">
					{text('city', 'City', 'address-level2')}
					{text('country', 'Country', 'country-name')}
				</div>
				<PracticeFields
					values={values}
					register={(name) => form.register(name)}
					errors={{ mediums: errorsOf(errors, serverErrors, 'mediums'), interests: errorsOf(errors, serverErrors, 'interests') }}
				/>
				<Field
					label="Website"
					hint="Optional."
					errors={errorsOf(errors, serverErrors, 'websiteUrl')}
					inputProps={{ ...form.register('websiteUrl'), defaultValue: values.websiteUrl ?? '', type: 'url', inputMode: 'url', autoComplete: 'url' }}
				/>
				<SelectField
					label="Time zone"
					hint="Decides which day counts as today for deadlines. Automatic uses your browser's time zone (UTC without JavaScript)."
					errors={errorsOf(errors, serverErrors, 'timeZone')}
					selectProps={{ ...form.register('timeZone'), defaultValue: values.timeZone ?? '' }}
				>
					<option value="">Automatic</option>
					{timeZones.map((zone) => (
						<option key={zone} value={zone}>
							{zone.replaceAll('_', ' ')}
						</option>
					))}
				</SelectField>
				<div>
					<Button type="submit" disabled={busy || (hydrated && !isValid)} autoFocus={focusSave}>
						{busy ? 'Saving…' : 'Save changes'}
					</Button>
				</div>
			</Form>
		</SectionCard>
	)
}

function LinksCard({ links, failed }: { links: LoaderData['links']; failed: FailedForm }) {
	const hydrated = useHydrated()
	const busy = useBusy('add-link')
	const submitted = failed?.values as { kind?: string; url?: string } | undefined
	const [url, setUrl] = useState(submitted?.url ?? '')
	// A link added: the field empties for the next one (a removed one leaves what is being typed).
	const [linkCount, setLinkCount] = useState(links.length)
	if (links.length !== linkCount) {
		setLinkCount(links.length)
		if (links.length > linkCount) setUrl('')
	}
	const urlErrors = failed?.fieldErrors.url
	const focusUrl = useFlashFocus(FLASH_FOCUS.profile('link'))
	return (
		<SectionCard title="Links" description="Press, social and portfolio links, newest first.">
			{links.length ? (
				<ul className="mb-5 divide-y divide-border rounded-lg border border-border">
					{links.map((link) => (
						// On a phone: the kind above the URL, with Remove beside both, so the URL has the row's width
						// (squeezed between them it broke every few letters). The reading order stays the same.
						<li
							key={link.id}
							className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto]"
						>
							<Badge variant="secondary" className="max-sm:justify-self-start">
								{LINK_KIND_LABELS[link.kind]}
							</Badge>
							<a
								href={link.url}
								target="_blank"
								rel="noopener noreferrer"
								className="inline-flex min-w-0 flex-1 items-center gap-1 text-sm break-all text-primary underline-offset-4 hover:underline max-sm:col-start-1"
							>
								{link.url}
								<ExternalLink aria-hidden className="size-3.5 shrink-0" />
								<span className="sr-only">(opens in a new tab)</span>
							</a>
							<Form method="post" className="max-sm:col-start-2 max-sm:row-span-2 max-sm:row-start-1">
								<input type="hidden" name="intent" value="remove-link" />
								<input type="hidden" name="linkId" value={link.id} />
								<Button type="submit" variant="ghost" size="sm">
									<Trash2 aria-hidden />
									Remove<span className="sr-only"> link {link.url}</span>
								</Button>
							</Form>
						</li>
					))}
				</ul>
			) : (
				<p className="mb-5 text-sm text-muted-foreground">No links yet.</p>
			)}
			{links.length >= MAX_PROFILE_LINKS ? (
				<p className="text-sm text-foreground">{TOO_MANY_LINKS_MESSAGE}</p>
			) : (
				// The same form throughout: once a link is added and Add link is disabled (the field is
				// empty), focus goes to the URL field beside it, not to another link's Remove.
				<Form method="post" noValidate className="grid gap-3 sm:grid-cols-[11rem_1fr_auto] sm:items-start">
					<input type="hidden" name="intent" value="add-link" />
					<div className="grid gap-1.5">
						<Label htmlFor="new-link-kind">Type</Label>
						{/* Back to its first choice after each added link (its own key; the form keeps its elements). */}
						<Select key={linkCount} id="new-link-kind" name="kind" defaultValue={submitted?.kind ?? 'portfolio'}>
							{LINK_KINDS.map((kind) => (
								<option key={kind} value={kind}>
									{LINK_KIND_LABELS[kind]}
								</option>
							))}
						</Select>
					</div>
					<Field
						label="URL"
						errors={urlErrors ?? failed?.fieldErrors.kind}
						inputProps={{
							id: 'new-link-url',
							name: 'url',
							type: 'url',
							inputMode: 'url',
							placeholder: 'https://',
							required: true,
							autoFocus: focusUrl,
							value: url,
							onChange: (event) => setUrl(event.currentTarget.value),
						}}
					/>
					<Button type="submit" className="sm:mt-6" disabled={busy || (hydrated && !url.trim())}>
						{busy ? 'Adding…' : 'Add link'}
					</Button>
				</Form>
			)}
		</SectionCard>
	)
}

function UploadForm({ intent, children, label }: { intent: string; children: ReactNode; label: string }) {
	const navigation = useNavigation()
	const busy = navigation.state === 'submitting' && navigation.formEncType === 'multipart/form-data' && navigation.formData?.has(intent)
	return (
		<Form method="post" encType="multipart/form-data" className="grid gap-3">
			{children}
			<div>
				<Button type="submit" name={intent} value="1" variant="outline" disabled={busy}>
					{busy ? 'Uploading…' : label}
				</Button>
			</div>
		</Form>
	)
}

function RemoveFileButton({ assetId, name }: { assetId: string; name: string }) {
	return (
		<Form method="post">
			<input type="hidden" name="intent" value="remove-file" />
			<input type="hidden" name="assetId" value={assetId} />
			{/* On a phone the icon only, so an image's name keeps some room beside it. */}
			<Button type="submit" variant="ghost" size="sm">
				<Trash2 aria-hidden />
				<span className="max-sm:sr-only">Remove</span>
				<span className="sr-only"> {name}</span>
			</Button>
		</Form>
	)
}

function CvCard({ cv, readError }: { cv: LoaderData['cv']; readError: LoaderData['cvReadError'] }) {
	const focusCv = useFlashFocus(FLASH_FOCUS.profile('cv'))
	return (
		<SectionCard title="CV" description="PDF, DOC or DOCX, up to 10 MB. A new CV replaces the current one; text is read from PDFs.">
			{cv ? (
				<div className="mb-5 grid gap-3">
					<div className="flex flex-wrap items-center gap-3 rounded-lg border border-border px-3 py-2">
						<FileText aria-hidden className="size-5 text-muted-foreground" />
						<a href={`/files/${cv.id}`} className="min-w-0 flex-1 text-sm break-all text-primary underline-offset-4 hover:underline" target="_blank" rel="noopener">
							{cv.originalName}
						</a>
						<span className="text-sm text-muted-foreground">{formatBytes(cv.size)}</span>
						<RemoveFileButton assetId={cv.id} name={cv.originalName} />
					</div>
					{readError ? (
						<div className="flex gap-2 rounded-lg border border-destructive/30 bg-destructive-soft px-3 py-2 text-sm">
							<CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
							<div className="grid gap-1">
								<p className="font-medium">{readError.message}</p>
								<p>{readError.advice}</p>
							</div>
						</div>
					) : null}
				</div>
			) : (
				<p className="mb-5 text-sm text-muted-foreground">No CV uploaded.</p>
			)}
			<UploadForm intent="upload-cv" label={cv ? 'Replace CV' : 'Upload CV'}>
				<CvFileField label="CV file" required autoFocus={focusCv} />
			</UploadForm>
		</SectionCard>
	)
}

function ImagesCard({ images }: { images: LoaderData['images'] }) {
	const remaining = MAX_IMAGES - images.length
	const focusImages = useFlashFocus(FLASH_FOCUS.profile('image'))
	return (
		<SectionCard title="Images" description={`Up to ${MAX_IMAGES} images of your work: JPEG, PNG, GIF or WEBP, 10 MB each.`}>
			{images.length ? (
				<ul className="mb-5 grid grid-cols-2 gap-3 sm:grid-cols-3">
					{images.map((image) => (
						<li key={image.id} className="overflow-hidden rounded-lg border border-border bg-muted">
							<img src={`/files/${image.id}`} alt={image.originalName} loading="lazy" className="aspect-square w-full object-cover" />
							<div className="flex items-center justify-between gap-2 bg-card px-2 py-1">
								<span className="truncate text-xs text-muted-foreground" title={image.originalName}>
									{image.originalName}
								</span>
								<RemoveFileButton assetId={image.id} name={image.originalName} />
							</div>
						</li>
					))}
				</ul>
			) : (
				<p className="mb-5 text-sm text-muted-foreground">No images uploaded.</p>
			)}
			{remaining > 0 ? (
				<UploadForm intent="upload-images" label="Upload images">
					<ImageFilesField
						label="Image files"
						hint={`You can add ${remaining} more ${remaining === 1 ? 'image' : 'images'}.`}
						max={remaining}
						autoFocus={focusImages}
					/>
				</UploadForm>
			) : (
				// Where focus returns once the last image that fits is uploaded (the field is gone).
				<p tabIndex={-1} autoFocus={focusImages} className="text-sm text-foreground focus:outline-none focus-visible:outline-2 focus-visible:outline-ring">
					You have {MAX_IMAGES} images, the most you can keep. Remove one to add another.
				</p>
			)}
		</SectionCard>
	)
}

function BriefCard({ ingestedAt, artistBrief }: { ingestedAt: string | null; artistBrief: string | null }) {
	const busy = useBusy('reingest')
	const focusReingest = useFlashFocus(FLASH_FOCUS.profile('brief'))
	return (
		<SectionCard
			title="Artist brief"
			description="A summary of your profile and CV that grounds every draft. It is rebuilt when your profile or files change."
		>
			<p className="text-sm">{ingestedAt ? `Last built ${ingestedAt}.` : 'Not built yet.'}</p>
			{artistBrief ? (
				<details className="mt-3 rounded-lg border border-border bg-muted/50 px-3 py-2 text-sm">
					<summary className="cursor-pointer font-medium">Show the brief</summary>
					<pre className="mt-2 font-sans whitespace-pre-wrap">{artistBrief}</pre>
				</details>
			) : null}
			<Form method="post" className="mt-4">
				<input type="hidden" name="intent" value="reingest" />
				<Button type="submit" variant="outline" disabled={busy} autoFocus={focusReingest}>
					<RefreshCw aria-hidden />
					{busy ? 'Starting…' : 'Re-ingest profile'}
				</Button>
			</Form>
		</SectionCard>
	)
}
