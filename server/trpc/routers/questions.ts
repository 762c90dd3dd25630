import { listQuestions, reorderQuestions } from '#server/domain/questions/questions.ts'
import { OpportunityQuestionsInput, ReorderQuestionsInput } from '#server/domain/questions/questions.schema.ts'
import { adminProcedure, router } from '#server/trpc/trpc.ts'

/*
 * The questions tab's interactive pieces (ARCHITECTURE.md: tRPC for what a form post cannot do
 * well). Creating, editing and deleting go through the route's form actions; both call the same
 * domain functions.
 */
export const questionsRouter = router({
	list: adminProcedure
		.input(OpportunityQuestionsInput)
		.query(({ ctx, input }) => listQuestions(ctx.app, ctx.actor, input)),

	/** Saves a drag-and-drop order: the full list of ids, top to bottom. */
	reorder: adminProcedure
		.input(ReorderQuestionsInput)
		.mutation(({ ctx, input }) => reorderQuestions(ctx.app, ctx.actor, input)),
})
