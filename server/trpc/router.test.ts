import { describe, expect, test } from 'vitest'
import type { ValidatedSession } from '#server/auth/session.server.ts'
import { createTestContext } from '#tests/app-context.ts'
import { createActors, createOpportunity, testSession } from '#tests/factories.ts'
import { createQuestion } from '#server/domain/questions/questions.ts'
import { appRouter } from './router.ts'
import type { TrpcContext } from './trpc.ts'

async function setup() {
	const app = await createTestContext()
	const { admin, user } = await createActors(app.db)
	const opportunity = await createOpportunity(app.db)
	const caller = (s: ValidatedSession | null) => appRouter.createCaller({ app, session: s, requestId: 'test', browserTimeZone: null } satisfies TrpcContext)
	return {
		app,
		admin,
		opportunity,
		caller,
		adminSession: testSession(admin.id, 'admin'),
		userSession: testSession(user.id, 'user'),
		notOnboardedSession: testSession(user.id, 'user', { onboardingCompleted: false }),
	}
}

type Api = ReturnType<typeof appRouter.createCaller>

/** Every admin procedure with a valid input; a new admin procedure must be added here. */
function adminCalls(api: Api, opportunityId: string, questionIds: string[]) {
	return {
		'questions.list': () => api.questions.list({ opportunityId }),
		'questions.reorder': () => api.questions.reorder({ opportunityId, questionIds }),
	}
}

const MISSING = '00000000-0000-4000-8000-000000000000'

/** Every procedure for anyone signed in (onboarded or not: upgrading needs no profile); a new one must be added here. */
function signedInCalls(api: Api) {
	return {
		'billing.checkout': () => api.billing.checkout({ kind: 'subscription' }),
		'billing.portal': () => api.billing.portal(),
	}
}

/** Every procedure for onboarded artists with a valid input; a new one must be added here. */
function artistCalls(api: Api, opportunityId: string) {
	return {
		'context.get': () => api.context.get({ opportunityId, slug: 'x' }),
		'context.deleteFile': () => api.context.deleteFile({ opportunityId, slug: 'x', name: 'a.pdf' }),
		'drafts.generate': () => api.drafts.generate({ opportunityId }),
		'drafts.progress': () => api.drafts.progress({ draftId: MISSING }),
		'drafts.saveAnswer': () => api.drafts.saveAnswer({ answerId: MISSING, userEdit: 'x' }),
		'drafts.regenerateAnswer': () => api.drafts.regenerateAnswer({ answerId: MISSING }),
		'drafts.undoRegenerate': () => api.drafts.undoRegenerate({ answerId: MISSING }),
		'drafts.setStatus': () => api.drafts.setStatus({ draftId: MISSING, status: 'completed' }),
		'drafts.delete': () => api.drafts.delete({ draftId: MISSING }),
	}
}

describe('tRPC guards', () => {
	test('every procedure is guarded: anonymous gets UNAUTHORIZED, the not onboarded and non-admins FORBIDDEN where they may not go', async () => {
		const { app, admin, opportunity, caller, userSession, notOnboardedSession } = await setup()
		const question = await createQuestion(app, admin, { opportunityId: opportunity.id, label: 'Budget' })
		const calls = (session: ValidatedSession | null) => ({
			admin: adminCalls(caller(session), opportunity.id, [question.id]),
			artist: artistCalls(caller(session), opportunity.id),
			signedIn: signedInCalls(caller(session)),
		})
		const listed = calls(null)
		expect([...Object.keys(listed.admin), ...Object.keys(listed.artist), ...Object.keys(listed.signedIn)].sort()).toEqual(
			Object.keys(appRouter._def.procedures).sort(),
		)

		const refusals = [
			[null, 'UNAUTHORIZED', [...Object.values(listed.admin), ...Object.values(listed.artist), ...Object.values(listed.signedIn)]],
			[notOnboardedSession, 'FORBIDDEN', [...Object.values(calls(notOnboardedSession).admin), ...Object.values(calls(notOnboardedSession).artist)]],
			[userSession, 'FORBIDDEN', Object.values(calls(userSession).admin)],
		] as const
		for (const [, code, procedures] of refusals) {
			for (const call of procedures) await expect(call()).rejects.toMatchObject({ code })
		}
		// An onboarded artist passes the guard: the domain answers (this question does not exist).
		await expect(calls(userSession).artist['context.get']()).rejects.toMatchObject({ code: 'NOT_FOUND' })
		// Signed in is enough for billing; here the domain answers that payments are not set up.
		await expect(calls(notOnboardedSession).signedIn['billing.checkout']()).rejects.toMatchObject({ code: 'CONFLICT' })
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
		// A subscription refuses an unknown draft as its own error, before its stream starts.
		for (const draftId of [MISSING, 'x']) await expect(api.drafts.progress({ draftId })).rejects.toMatchObject({ code: 'NOT_FOUND' })
		await expect(api.questions.reorder({ opportunityId: opportunity.id, questionIds: 'x' as never })).rejects.toMatchObject({
			code: 'BAD_REQUEST',
		})
	})
})
