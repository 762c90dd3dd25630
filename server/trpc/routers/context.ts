import { deleteQuestionContextFile, getQuestionContext } from '#server/domain/context/context.ts'
import { DeleteContextFileInput, GetContextInput } from '#server/domain/context/context.schema.ts'
import { onboardedProcedure, router } from '#server/trpc/trpc.ts'

/*
 * The question-context dialog (spec section 7: context-get and context-delete-file, with the same
 * inputs). context-upsert carries files, so it is not a procedure: the dialog posts a multipart
 * form that streams into storage (app/routes/portal.opportunities.$id_.context.$slug_.save.ts,
 * ADR 024). The no-JavaScript page posts the same things to its route action; all of them call the
 * same domain functions, which keep each context to its owner.
 */
export const contextRouter = router({
	get: onboardedProcedure.input(GetContextInput).query(({ ctx, input }) => getQuestionContext(ctx.app, ctx.actor, input)),

	deleteFile: onboardedProcedure
		.input(DeleteContextFileInput)
		.mutation(({ ctx, input }) => deleteQuestionContextFile(ctx.app, ctx.actor, input)),
})
