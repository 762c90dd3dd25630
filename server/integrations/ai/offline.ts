import { answerType, cutToLimit, shapeAnswer } from '#server/domain/drafting/answer-fit.ts'
import { chooseMany, chooseNumber, chooseOne, chooseUrl } from './offline-choices.ts'
import { readFacts } from './offline-facts.ts'
import { isProseIntent, planDraft, VARIANTS } from './offline-intents.ts'
import { writeFact, writeProse } from './offline-prose.ts'
import type { AnswerRequest, AnswerResult, Drafter, RefitRequest } from './types.ts'

/*
 * The offline drafter (PRODUCT.md, "Drafts"): composes answers from the same grounding the model
 * gets, with no network and no randomness, so a fresh install drafts and every test runs offline.
 * The same request always gives the same text; phrasing varies by question, and on Regenerate.
 */

const MODEL = 'offline'

export function createOfflineDrafter(): Drafter {
	return {
		kind: 'offline',
		modelFor: () => MODEL,
		async writeAnswer(request: AnswerRequest): Promise<AnswerResult> {
			return { text: composeAnswer(request), tokensUsed: 0, model: MODEL }
		},
		async refitAnswer(request: RefitRequest): Promise<AnswerResult> {
			const { limitType, limitValue } = request.grounding.questions[request.questionIndex] ?? {}
			const text = limitType && limitValue && limitValue > 0 ? cutToLimit(request.answer, limitType, limitValue) : request.answer
			return { text, tokensUsed: 0, model: MODEL }
		},
	}
}

/**
 * The answer to grounding.questions[questionIndex], already in the shape and length the question
 * takes. For a Regenerate, worded differently from the text it replaces where the question's plan
 * has another wording (its other openings and closings); a choice or a number stays as it is.
 */
export function composeAnswer(request: AnswerRequest): string {
	let text = composeWith(request, 0)
	for (let shift = 1; shift < VARIANTS && text === request.replacing; shift += 1) text = composeWith(request, shift)
	return text
}

/** The answer with the question's planned wording moved `shift` variants on. */
function composeWith(request: AnswerRequest, shift: number): string {
	const { grounding, questionIndex, context } = request
	const question = grounding.questions[questionIndex]
	if (!question) throw new Error(`No question at index ${questionIndex} (the draft has ${grounding.questions.length})`)
	const facts = readFacts(grounding)
	const notes = [...context.notes, ...context.attachments.map((attachment) => (attachment.kind === 'text' ? attachment.text : ''))].join(
		'\n',
	)
	const plans = planDraft(grounding.questions)
	const planned = plans[questionIndex]!
	const plan = shift ? { ...planned, variant: (planned.variant + shift) % VARIANTS, slot: planned.slot + shift } : planned
	plans[questionIndex] = plan

	let text: string
	switch (answerType(question.type)) {
		case 'multiple_choice':
			text = chooseOne(question, facts, notes, grounding.artist.brief ?? '')
			break
		case 'multi_select':
			text = chooseMany(question, facts, notes)
			break
		case 'url':
			text = chooseUrl(question, facts)
			break
		case 'number':
			text = chooseNumber(question, grounding, context.notes.join('\n'))
			break
		case 'short_text':
		case 'long_text':
			text = isProseIntent(plan.intent)
				? writeProse({ facts, tone: grounding.tone, questions: grounding.questions, plans, questionIndex, context })
				: writeFact(plan.intent, { facts, question, context })
	}
	// The domain shapes every answer again; shaping this one must change nothing. A note pasted in
	// quotes or after "Answer:" is the kind of text shaping would still strip, so settle it here.
	for (let pass = 0; pass < 3; pass += 1) {
		const shaped = shapeAnswer(question, text, { urls: facts.urls })
		if (shaped === text) break
		text = shaped
	}
	return text
}
