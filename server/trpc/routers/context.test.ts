import { describe, expect, test } from 'vitest'
import type { ValidatedSession } from '#server/auth/session.server.ts'
import { createQuestion } from '#server/domain/questions/questions.ts'
import { appRouter } from '#server/trpc/router.ts'
import type { TrpcContext } from '#server/trpc/trpc.ts'
import { createTestContext } from '#tests/app-context.ts'
import { createActors, createOpportunity, testSession } from '#tests/factories.ts'
import { minimalPdf, tinyPng } from '#tests/fixtures/files.ts'
import { saveContext } from '#tests/question-context.ts'

async function setup() {
	const app = await createTestContext()
	const { admin, user } = await createActors(app.db)
	const other = (await createActors(app.db)).user
	const opportunity = await createOpportunity(app.db)
	const question = await createQuestion(app, admin, { opportunityId: opportunity.id, label: 'Artist Statement' })
	const session = (id: string) => testSession(id, 'user')
	const caller = (s: ValidatedSession | null) => appRouter.createCaller({ app, session: s, requestId: 'test', browserTimeZone: null } satisfies TrpcContext)
	return {
		app,
		user,
		opportunity,
		target: { opportunityId: opportunity.id, slug: question.slug },
		mine: caller(session(user.id)),
		theirs: caller(session(other.id)),
		anonymous: caller(null),
	}
}

describe('context procedures', () => {
	test('need a signed-in user', async () => {
		const { anonymous, target } = await setup()
		for (const call of [() => anonymous.context.get(target), () => anonymous.context.deleteFile({ ...target, name: 'a.pdf' })]) {
			await expect(call()).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'User must be authenticated' })
		}
	})

	test('files are not a procedure’s: context-upsert is the multipart save route', () => {
		// Files never travel as base64 JSON (ADR 024); tRPC bodies are capped at 1 MiB.
		expect(Object.keys(appRouter._def.procedures).filter((name) => name.startsWith('context.')).sort()).toEqual(['context.deleteFile', 'context.get'])
	})

	test('get and deleteFile take the specification’s inputs and keep each context to its owner', async () => {
		const { app, user, mine, theirs, target } = await setup()
		expect(await mine.context.get(target)).toEqual({ notes: '', files: [] })
		await saveContext(app, user, {
			...target,
			notes: 'Talk about the river project.',
			files: [
				{ name: 'statement.pdf', bytes: minimalPdf(['Statement']) },
				{ name: 'work.png', bytes: tinyPng() },
			],
		})
		expect(await mine.context.get(target)).toMatchObject({ notes: 'Talk about the river project.' })
		const read = await mine.context.get({ ...target, includeUrls: true })
		expect(read.files.map(({ name, type, url }) => ({ name, type, url }))).toEqual([
			{ name: 'statement.pdf', type: 'application/pdf', url: expect.stringMatching(/^\/files\/context\//) },
			{ name: 'work.png', type: 'image/png', url: expect.stringMatching(/^\/files\/context\//) },
		])

		expect(await theirs.context.get(target)).toEqual({ notes: '', files: [] })
		await expect(theirs.context.deleteFile({ ...target, name: 'work.png' })).rejects.toMatchObject({ code: 'NOT_FOUND' })

		expect(await mine.context.deleteFile({ ...target, name: 'work.png' })).toEqual({ name: 'work.png' })
		expect((await mine.context.get(target)).files.map((f) => f.name)).toEqual(['statement.pdf'])
	})

	test('bad input is BAD_REQUEST with the message and field errors; a missing opportunity is NOT_FOUND', async () => {
		const { mine, target } = await setup()
		await expect(mine.context.get({ ...target, slug: '' })).rejects.toMatchObject({
			code: 'BAD_REQUEST',
			// tRPC's own input check; the error formatter turns its issues into data.fieldErrors.
			cause: { issues: [expect.objectContaining({ path: ['slug'], message: 'Question slug is required' })] },
		})
		await expect(mine.context.get({ ...target, slug: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
		await expect(mine.context.get({ ...target, opportunityId: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
		await expect(mine.context.deleteFile({ ...target, name: 'missing.pdf' })).rejects.toMatchObject({
			code: 'NOT_FOUND',
			message: 'File "missing.pdf" not found.',
		})
	})
})
