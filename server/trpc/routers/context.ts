import { deleteQuestionContextFile, getQuestionContext, saveQuestionContext } from '#server/domain/context/context.ts'
import { DeleteContextFileInput, GetContextInput, UpsertContextInput } from '#server/domain/context/context.schema.ts'
import { onboardedProcedure, router } from '#server/trpc/trpc.ts'

/*
 * The question-context dialog (spec section 7: context-get, context-upsert, context-delete-file, with
 * the same inputs). The no-JavaScript page posts the same things to its route action; both call the
 * same domain functions, which keep each context to its owner.
 */
export const contextRouter = router({
	get: onboardedProcedure.input(GetContextInput).query(({ ctx, input }) => getQuestionContext(ctx.app, ctx.actor, input)),

	/** New files travel as base64 in the JSON body: see the body limit in server/app.ts and ADR 017. */
	upsert: onboardedProcedure.input(UpsertContextInput).mutation(({ ctx, input }) => saveQuestionContext(ctx.app, ctx.actor, input)),

	deleteFile: onboardedProcedure
		.input(DeleteContextFileInput)
		.mutation(({ ctx, input }) => deleteQuestionContextFile(ctx.app, ctx.actor, input)),
})
