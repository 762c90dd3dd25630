import { deleteDraft, regenerateAnswer, saveAnswerEdit, setDraftStatus, undoRegenerate } from '#server/domain/drafting/drafts.ts'
import {
	AnswerIdInput,
	UndoRegenerateInput,
	DraftIdInput,
	GenerateDraftInput,
	SaveAnswerInput,
	SetDraftStatusInput,
} from '#server/domain/drafting/drafting.schema.ts'
import { generateDraft } from '#server/domain/drafting/generate.ts'
import { watchDraftProgress } from '#server/domain/drafting/progress.ts'
import { onboardedProcedure, router, withDomainErrors } from '#server/trpc/trpc.ts'

/*
 * Drafting with JavaScript (spec section 7: generate-draft and draft-answers/{answerId}; the live
 * draft page). Without JavaScript the draft pages post the same inputs to their route actions;
 * both call the same domain functions, which keep every draft to its owner.
 */
export const draftsRouter = router({
	/** generate-draft: `opportunityId`, `tone` → `draftId`. */
	generate: onboardedProcedure
		.input(GenerateDraftInput)
		.mutation(({ ctx, input }) => generateDraft(ctx.app, ctx.actor, input, { browserTimeZone: ctx.browserTimeZone })),

	/** The draft's answers as they are written, over server-sent events, until nothing is pending. */
	progress: onboardedProcedure
		.input(DraftIdInput)
		.subscription(async ({ ctx, input, signal, path }) => withDomainErrors(ctx, path, await watchDraftProgress(ctx.app, ctx.actor, input, signal))),

	/** draft-answers/{answerId}: the autosave of an edited answer. */
	saveAnswer: onboardedProcedure.input(SaveAnswerInput).mutation(({ ctx, input }) => saveAnswerEdit(ctx.app, ctx.actor, input)),

	regenerateAnswer: onboardedProcedure.input(AnswerIdInput).mutation(({ ctx, input }) => regenerateAnswer(ctx.app, ctx.actor, input)),

	undoRegenerate: onboardedProcedure.input(UndoRegenerateInput).mutation(({ ctx, input }) => undoRegenerate(ctx.app, ctx.actor, input)),

	setStatus: onboardedProcedure.input(SetDraftStatusInput).mutation(({ ctx, input }) => setDraftStatus(ctx.app, ctx.actor, input)),

	delete: onboardedProcedure.input(DraftIdInput).mutation(({ ctx, input }) => deleteDraft(ctx.app, ctx.actor, input)),
})
