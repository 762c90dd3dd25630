import { data, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, type Params } from '@remix-run/react'
import { useId, useState } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ErrorList } from '#app/components/forms.tsx'
import {
	CONTEXT_DESCRIPTION,
	ContextFileList,
	ContextNotesField,
	DeleteFileButton,
	filesHint,
	OpportunityContextNote,
} from '#app/components/question-context-dialog.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { ArrowLeft } from '#app/components/ui/icons.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { requireOpportunityForArtist } from '#app/utils/artist-opportunity.server.ts'
import { receiveContextSave } from '#app/utils/context-save.server.ts'
import type { FormErrorData } from '#app/utils/errors.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { redirectWithToast, type ToastInput } from '#app/utils/toast.server.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { deleteQuestionContextFile, getQuestionContextPage } from '#server/domain/context/context.ts'
import {
	CONTEXT_FILE_ACCEPT,
	backToDraftOf,
	contextPagePath,
	ignoredFilesNote,
	MAX_FILES,
	notesRemaining,
} from '#server/domain/context/context.schema.ts'
import { draftPath } from '#server/domain/drafting/drafting.schema.ts'
import { isDomainError } from '#server/domain/errors.ts'
import { logFailure } from '#server/logger.ts'
import { isMultipartForm } from '#server/http/multipart.ts'

/*
 * The question-context dialog as a page of its own (ARCHITECTURE.md, progressive enhancement): the
 * opportunity page's "Add context for this question" links here until JavaScript runs. The save
 * form is multipart; its files stream straight into storage and are recorded with the notes only
 * when everything was accepted, so a refused save keeps nothing (ADR 017). The dialog posts the
 * same form to ./save, which answers JSON (ADR 024).
 */

export const meta: MetaFunction<typeof loader> = ({ data }) =>
	pageMeta({ title: data ? `Context for “${data.question.label}”` : 'Question context', noindex: true })

const opportunityPath = (id: string) => `/portal/opportunities/${id}`
/**
 * Where the page returns: the draft whose context it is, or the draft the opportunity's context was
 * opened from ("Change it on the opportunity page"), else the opportunity. A draft that is not the
 * artist's answers its own "not found" there.
 */
const homeOf = ({ opportunityId, draftId, backToDraft }: { opportunityId: string; draftId?: string | null; backToDraft?: string | null }) => {
	const draft = draftId ?? backToDraft
	return draft ? draftPath(draft) : opportunityPath(opportunityId)
}

function targetOf(request: Request, params: Params) {
	const url = new URL(request.url)
	return {
		opportunityId: params.id ?? '',
		slug: params.slug ?? '',
		draftId: url.searchParams.get('draftId') ?? undefined,
		backToDraft: backToDraftOf(url),
	}
}
type Target = ReturnType<typeof targetOf>

/**
 * Back to the opportunity with "Not Found" for a question or draft that is not there (a missing
 * opportunity was already sent to the feed by requireOpportunityForArtist, as on its page), or null
 * for any other error.
 */
async function notFoundRedirect(error: unknown, target: Target, env: AppLoadContext['app']['env']) {
	if (!isDomainError(error) || error.code !== 'NOT_FOUND' || error.fieldErrors?.name) return null
	return redirectWithToast(opportunityPath(target.opportunityId), { type: 'error', title: 'Not Found', description: error.message }, env)
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const { actor } = await requireOpportunityForArtist(request, context, params.id)
	const { app } = context
	const target = targetOf(request, params)
	try {
		return { ...(await getQuestionContextPage(app, actor, target)), backToDraft: target.backToDraft }
	} catch (error) {
		const redirect = await notFoundRedirect(error, target, app.env)
		if (redirect) throw redirect
		logFailure(app.logger, error, { ...target }, 'question context failed to load')
		throw await redirectWithToast(opportunityPath(target.opportunityId), { type: 'error', description: 'Failed to load context' }, app.env)
	}
}

type SaveErrorData = FormErrorData<{ notes?: string }>

export async function action({ request, context, params }: ActionFunctionArgs) {
	const { actor } = await requireOpportunityForArtist(request, context, params.id)
	const { app } = context
	const target = targetOf(request, params)
	const multipart = isMultipartForm(request.headers.get('Content-Type'))
	const failure = multipart ? 'Failed to save context' : 'Failed to delete file'
	try {
		if (multipart) return await save()
		const form = await readForm(request)
		if (form.get('intent') !== 'delete-file') throw new Response('Unknown form.', { status: 400 })
		const name = form.get('name')
		await deleteQuestionContextFile(app, actor, { ...target, name: typeof name === 'string' ? name : '' })
		return await backHere({ title: 'File deleted successfully' })
	} catch (error) {
		if (error instanceof Response) throw error
		const redirect = await notFoundRedirect(error, target, app.env)
		if (redirect) return redirect
		// The specification's "Failed to … or the server message": a refusal says why, a bug does not.
		if (isDomainError(error)) return backHere({ type: 'error', description: error.message })
		logFailure(app.logger, error, { ...target }, failure)
		return backHere({ type: 'error', description: failure })
	}

	function backHere(toast: ToastInput) {
		return redirectWithToast(contextPagePath(target), toast, app.env)
	}

	/** Streams the files into storage, then records them with the notes; a refusal re-renders the page with the typed notes. */
	async function save() {
		const outcome = await receiveContextSave(request, app, actor, target)
		if (outcome.ok) return redirectWithToast(homeOf(target), { title: 'Context saved successfully', description: ignoredFilesNote(outcome.saved) }, app.env)
		const { error, status, notes } = outcome
		return data<SaveErrorData>({ formError: error.message, fieldErrors: error.fieldErrors ?? {}, intent: 'save', values: { notes } }, { status })
	}
}

export default function QuestionContextPage() {
	const context = useLoaderData<typeof loader>()
	const failed = useActionData<typeof action>()
	const navigation = useNavigation()
	const hydrated = useHydrated()
	const [notes, setNotes] = useState(failed?.values?.notes ?? context.notes)
	const saving = navigation.state === 'submitting' && navigation.formEncType === 'multipart/form-data'
	const room = MAX_FILES - context.files.length
	const back = homeOf({ opportunityId: context.opportunity.id, draftId: context.draftId, backToDraft: context.backToDraft })
	const fieldErrors: Record<string, string[] | undefined> = failed?.fieldErrors ?? {}
	const filesInputId = useId()

	return (
		<div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8 sm:px-6">
			<Link to={back} className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
				<ArrowLeft aria-hidden className="size-4" />
				{context.draftId || context.backToDraft ? 'Back to draft' : 'Back to opportunity'}
			</Link>
			<div>
				<h1 className="text-2xl font-semibold sm:text-3xl">Context for “{context.question.label}”</h1>
				<p className="mt-1 text-muted-foreground">
					{context.opportunity.title}. {CONTEXT_DESCRIPTION}
				</p>
			</div>

			<Card>
				<CardContent className="grid gap-8 pt-6">
					<Form method="post" encType="multipart/form-data" className="grid gap-5" aria-label="Notes and new files">
						<OpportunityContextNote
							target={{ opportunityId: context.opportunity.id, slug: context.question.slug, draftId: context.draftId ?? undefined }}
							context={context.fromOpportunity}
							heading="h2"
						/>
						{failed?.formError ? (
							<p role="alert" className="rounded-lg border border-destructive/30 bg-destructive-soft px-3 py-2 text-sm font-medium text-destructive">
								{failed.formError}
							</p>
						) : null}
						<ContextNotesField notes={notes} onNotesChange={setNotes} errors={fieldErrors.notes} />
						<div className="grid gap-1.5">
							<Label htmlFor={filesInputId}>Add files</Label>
							<Input
								id={filesInputId}
								name="files"
								type="file"
								multiple
								accept={CONTEXT_FILE_ACCEPT}
								disabled={room <= 0}
								// Refused, the field says why and takes focus, as every refused field does (forms.tsx).
								aria-describedby={[`${filesInputId}-hint`, fieldErrors.files?.length ? `${filesInputId}-error` : ''].filter(Boolean).join(' ')}
								aria-invalid={fieldErrors.files?.length ? true : undefined}
								autoFocus={fieldErrors.files?.length && !fieldErrors.notes?.length ? true : undefined}
								className="h-auto py-2"
							/>
							<p id={`${filesInputId}-hint`} className="text-sm text-muted-foreground">
								{filesHint(context.files.length)} A file named like one already attached is skipped.
							</p>
							<ErrorList id={`${filesInputId}-error`} errors={fieldErrors.files} />
						</div>
						<div className="flex flex-wrap justify-end gap-2">
							<ButtonLink to={back} variant="outline">
								Cancel
							</ButtonLink>
							<Button type="submit" disabled={saving || (hydrated && notesRemaining(notes) < 0)}>
								{saving ? 'Saving...' : 'Save'}
							</Button>
						</div>
					</Form>

					<section aria-labelledby={`${filesInputId}-attached`} className="grid gap-3 border-t border-border pt-6">
						<h2 id={`${filesInputId}-attached`} className="text-lg font-semibold">
							Attached files
						</h2>
						<ContextFileList
							files={context.files}
							action={(file) => (
								<Form method="post">
									<input type="hidden" name="intent" value="delete-file" />
									<input type="hidden" name="name" value={file.name} />
									<DeleteFileButton type="submit" fileName={file.name} disabled={navigation.state === 'submitting'} />
								</Form>
							)}
						/>
					</section>
				</CardContent>
			</Card>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
