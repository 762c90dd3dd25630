import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useRouteLoaderData, useSearchParams } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { QUESTIONS_ROUTE_ID, questionPath, questionsPath } from '#app/components/questions/paths.ts'
import { DELETE_CONFIRMATION, DeleteQuestionForm, formValuesOf, QuestionEditor } from '#app/components/questions/question-editor.tsx'
import { RoutePanel } from '#app/components/questions/route-panel.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { questionValuesFromForm, saveQuestionForm } from '#app/utils/question-form.server.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { requireAdmin } from '#server/auth/guards.ts'
import { deleteQuestion, getQuestion, updateQuestion } from '#server/domain/questions/questions.ts'
import { logFailure } from '#server/logger.ts'
import type { loader as questionsLoader } from './admin.opportunities.$id.questions.tsx'

export const meta: MetaFunction = () => pageMeta({ title: 'Edit Question', noindex: true })

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const actor = requireAdmin(request, context)
	const { app } = context
	const listPath = questionsPath(params.id ?? '')
	try {
		const question = await getQuestion(app, actor, { questionId: params.questionId ?? '' })
		if (question.opportunityId === params.id) return { question }
	} catch (error) {
		app.logger.warn({ err: error, questionId: params.questionId }, 'question failed to load')
	}
	throw await redirectWithToast(listPath, { type: 'error', description: 'Failed to load questions' }, app.env)
}

export async function action({ request, context, params }: ActionFunctionArgs) {
	const actor = requireAdmin(request, context)
	const { app } = context
	const listPath = questionsPath(params.id ?? '')
	const questionId = params.questionId ?? ''
	const form = await readForm(request)
	if (form.get('intent') === 'delete') {
		try {
			await deleteQuestion(app, actor, { questionId, opportunityId: params.id })
			return await redirectWithToast(listPath, { title: 'Question deleted successfully' }, app.env)
		} catch (error) {
			logFailure(app.logger, error, { questionId }, 'question delete failed')
			return redirectWithToast(listPath, { type: 'error', description: 'Failed to delete question' }, app.env)
		}
	}
	const values = questionValuesFromForm(form)
	return saveQuestionForm(app, {
		listPath,
		values,
		success: 'Question updated successfully',
		run: () => updateQuestion(app, actor, { questionId, ...values, opportunityId: params.id }),
	})
}

export default function EditQuestion() {
	const { question } = useLoaderData<typeof loader>()
	const failed = useActionData<typeof action>()
	const [searchParams] = useSearchParams()
	const opportunityId = question.opportunityId
	const editorPath = questionPath(opportunityId, question.id)
	const questions = useRouteLoaderData<typeof questionsLoader>(QUESTIONS_ROUTE_ID)?.questions ?? []

	// Without JavaScript, Delete leads here first: the confirmation as a step of its own.
	if (searchParams.has('delete')) {
		return (
			<RoutePanel title="Delete Question" closeTo={editorPath}>
				<p className="mb-4">{DELETE_CONFIRMATION}</p>
				<p className="mb-4 text-sm text-muted-foreground">“{question.label}”</p>
				<DeleteQuestionForm
					cancel={
						<ButtonLink to={editorPath} variant="outline" preventScrollReset>
							Cancel
						</ButtonLink>
					}
				/>
			</RoutePanel>
		)
	}
	return (
		<RoutePanel title="Edit Question" closeTo={questionsPath(opportunityId)}>
			<QuestionEditor
				key={question.id}
				values={failed?.values ?? formValuesOf(question)}
				serverErrors={failed?.fieldErrors}
				takenSlugs={questions.filter((other) => other.id !== question.id).map((other) => other.slug)}
				isNew={false}
				cancelTo={questionsPath(opportunityId)}
				deleteHref={`${editorPath}?delete=1`}
			/>
		</RoutePanel>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
