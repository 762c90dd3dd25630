import { data } from '@remix-run/node'
import type { FormErrorData } from '#app/utils/errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import type { AppContext } from '#server/context.ts'
import { isDomainError } from '#server/domain/errors.ts'
import type { QuestionFormValues } from '#server/domain/questions/questions.schema.ts'
import { logFailure } from '#server/logger.ts'

const text = (form: FormData, name: string) => {
	const value = form.get(name)
	return typeof value === 'string' ? value : undefined
}

/**
 * The editor's fields as the schema reads them. With JavaScript each option is its own `options`
 * field; without it they come one per line in `optionsText`.
 */
export function questionValuesFromForm(form: FormData): QuestionFormValues {
	const optionsText = text(form, 'optionsText')
	return {
		section: text(form, 'section'),
		label: text(form, 'label') ?? '',
		slug: text(form, 'slug'),
		type: text(form, 'type') as QuestionFormValues['type'],
		required: form.get('required') === 'on',
		helpText: text(form, 'helpText'),
		limitType: (text(form, 'limitType') || 'none') as QuestionFormValues['limitType'],
		limitValue: text(form, 'limitValue'),
		options: optionsText !== undefined ? optionsText.split(/\r?\n/) : form.getAll('options').map(String),
	}
}

export type QuestionFormError = FormErrorData<QuestionFormValues>

/**
 * Runs a question save: back to the list with `success` as the toast; bad input re-renders the
 * editor with its messages (400); anything else returns to the list with "Failed to save question".
 */
export async function saveQuestionForm(
	app: Pick<AppContext, 'env' | 'logger'>,
	{ listPath, values, success, run }: { listPath: string; values: QuestionFormValues; success: string; run: () => Promise<unknown> },
) {
	try {
		await run()
		return await redirectWithToast(listPath, { title: success }, app.env)
	} catch (error) {
		if (isDomainError(error) && error.code === 'INVALID') {
			return data<QuestionFormError>(
				{ formError: error.message, fieldErrors: error.fieldErrors ?? {}, intent: 'save', values },
				{ status: 400 },
			)
		}
		logFailure(app.logger, error, {}, 'question save failed')
		return redirectWithToast(listPath, { type: 'error', description: 'Failed to save question' }, app.env)
	}
}
