import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useParams, useRouteLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { QUESTIONS_ROUTE_ID, questionsPath } from '#app/components/questions/paths.ts'
import { formValuesOf, QuestionEditor } from '#app/components/questions/question-editor.tsx'
import { RoutePanel } from '#app/components/questions/route-panel.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { questionValuesFromForm, saveQuestionForm } from '#app/utils/question-form.server.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { requireAdmin } from '#server/auth/guards.ts'
import { createQuestion } from '#server/domain/questions/questions.ts'
import type { loader as questionsLoader } from './admin.opportunities.$id.questions.tsx'

export const meta: MetaFunction = () => pageMeta({ title: 'New Question', noindex: true })

export function loader({ request, context }: LoaderFunctionArgs) {
	requireAdmin(request, context)
	return null
}

export async function action({ request, context, params }: ActionFunctionArgs) {
	const actor = requireAdmin(request, context)
	const opportunityId = params.id ?? ''
	const values = questionValuesFromForm(await readForm(request))
	return saveQuestionForm(context.app, {
		listPath: questionsPath(opportunityId),
		values,
		success: 'Question created successfully',
		run: () => createQuestion(context.app, actor, { opportunityId, ...values }),
	})
}

export default function NewQuestion() {
	const { id = '' } = useParams()
	const failed = useActionData<typeof action>()
	const questions = useRouteLoaderData<typeof questionsLoader>(QUESTIONS_ROUTE_ID)?.questions ?? []
	return (
		<RoutePanel title="New Question" closeTo={questionsPath(id)}>
			<QuestionEditor
				values={failed?.values ?? formValuesOf(null)}
				serverErrors={failed?.fieldErrors}
				takenSlugs={questions.map((question) => question.slug)}
				isNew
				cancelTo={questionsPath(id)}
			/>
		</RoutePanel>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
