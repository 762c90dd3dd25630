import { billingRouter } from './routers/billing.ts'
import { contextRouter } from './routers/context.ts'
import { draftsRouter } from './routers/drafts.ts'
import { questionsRouter } from './routers/questions.ts'
import { router } from './trpc.ts'

export const appRouter = router({
	questions: questionsRouter,
	context: contextRouter,
	drafts: draftsRouter,
	billing: billingRouter,
})

/** The only thing the browser imports from the server's tRPC code, as a type. */
export type AppRouter = typeof appRouter
