import { describe, expect, test } from 'vitest'
import type { ValidatedSession } from '#server/auth/session.server.ts'
import { createTestContext } from '#tests/app-context.ts'
import { createActors, createOpportunity } from '#tests/opportunity-factories.ts'
import { createQuestion } from '#server/domain/questions/questions.ts'
import { appRouter } from './router.ts'
import type { TrpcContext } from './trpc.ts'

async function setup() {
	const app = await createTestContext()
	const { admin, user } = await createActors(app.db)
	const opportunity = await createOpportunity(app.db)
	const session = (id: string, role: 'user' | 'admin'): ValidatedSession => ({
		sessionId: 'test',
		expiresAt: new Date(Date.now() + 60_000),
		renewed: false,
		user: { id, email: `${role}@example.test`, role, onboardingCompleted: true },
	})
	const caller = (s: ValidatedSession | null) => appRouter.createCaller({ app, session: s, requestId: 'test' } satisfies TrpcContext)
	return { app, admin, opportunity, caller, adminSession: session(admin.id, 'admin'), userSession: session(user.id, 'user') }
}

/** Every admin procedure with a valid input; a new procedure must be added here. */
function adminCalls(api: ReturnType<typeof appRouter.createCaller>, opportunityId: string, questionIds: string[]) {
	return {
		'questions.list': () => api.questions.list({ opportunityId }),
		'questions.reorder': () => api.questions.reorder({ opportunityId, questionIds }),
	}
}

describe('tRPC guards', () => {
	test('a signed-in non-admin gets FORBIDDEN and anonymous gets UNAUTHORIZED from every admin procedure', async () => {
		const { app, admin, opportunity, caller, userSession } = await setup()
		const question = await createQuestion(app, admin, { opportunityId: opportunity.id, label: 'Budget' })
		const procedures = Object.keys(appRouter._def.procedures)
		for (const [session, code] of [
			[userSession, 'FORBIDDEN'],
			[null, 'UNAUTHORIZED'],
		] as const) {
			const calls = adminCalls(caller(session), opportunity.id, [question.id])
			expect(Object.keys(calls).sort()).toEqual(procedures.sort())
			for (const call of Object.values(calls)) await expect(call()).rejects.toMatchObject({ code })
		}
	})

	test('domain errors keep their meaning; field errors come through in a typed shape', async () => {
		const { app, admin, opportunity, caller, adminSession } = await setup()
		const api = caller(adminSession)
		const [a, b] = [
			await createQuestion(app, admin, { opportunityId: opportunity.id, label: 'Alpha' }),
			await createQuestion(app, admin, { opportunityId: opportunity.id, label: 'Bravo' }),
		]
		await api.questions.reorder({ opportunityId: opportunity.id, questionIds: [b.id, a.id] })
		expect((await api.questions.list({ opportunityId: opportunity.id })).map((q) => q.label)).toEqual(['Bravo', 'Alpha'])
		await expect(api.questions.reorder({ opportunityId: opportunity.id, questionIds: [a.id] })).rejects.toMatchObject({
			code: 'CONFLICT',
			message: 'The questions changed while you were reordering. Reload and try again.',
		})
		await expect(api.questions.list({ opportunityId: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
		await expect(api.questions.reorder({ opportunityId: opportunity.id, questionIds: 'x' as never })).rejects.toMatchObject({
			code: 'BAD_REQUEST',
		})
	})
})
