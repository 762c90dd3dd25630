import { TRPCError } from '@trpc/server'
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { DomainError } from '#server/domain/errors.ts'
import { NUL_MESSAGES } from '#server/http/nul.ts'
import { createCallerFactory, publicProcedure, router, withDomainErrors, type TrpcContext } from './trpc.ts'

describe('every procedure', () => {
	const echo = router({
		save: publicProcedure.input(z.object({ notes: z.string(), tags: z.array(z.string()).optional() })).mutation(({ input }) => input),
	})
	const caller = createCallerFactory(echo)({ session: null, requestId: 'test', browserTimeZone: null } as unknown as TrpcContext)

	test('refuses an input with a NUL character anywhere (BAD_REQUEST), before its schema', async () => {
		for (const input of [{ notes: 'a\u0000b' }, { notes: 'fine', tags: ['ok', '\u0000'] }]) {
			const error = await caller.save(input).catch((caught: unknown) => caught)
			expect(error).toBeInstanceOf(TRPCError)
			expect(error).toMatchObject({ code: 'BAD_REQUEST', message: NUL_MESSAGES.input })
		}
		expect(await caller.save({ notes: 'fine', tags: ['ok'] })).toEqual({ notes: 'fine', tags: ['ok'] })
	})

	test("an input its schema refuses is a BAD_REQUEST in the schema's words, not zod's issues as JSON", async () => {
		const strict = router({ pick: publicProcedure.input(z.object({ tone: z.enum(['warm', 'neutral'], { error: 'Choose a tone' }) })).mutation(({ input }) => input) })
		const http = await fetchRequestHandler({
			endpoint: '/trpc',
			req: new Request('http://localhost/trpc/pick', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ tone: 'evil' }) }),
			router: strict,
			createContext: () => ({ session: null, requestId: 'test', browserTimeZone: null }) as unknown as TrpcContext,
		})
		expect(http.status).toBe(400)
		const { error } = (await http.json()) as { error: { message: string; data: { fieldErrors: Record<string, string[]> } } }
		expect(error.message).toBe('Choose a tone')
		expect(error.data.fieldErrors).toEqual({ tone: ['Choose a tone'] })
	})
})

describe('withDomainErrors', () => {
	async function* failing(error: unknown) {
		yield 1
		throw error
	}
	const logged: unknown[] = []
	const ctx = { app: { logger: { error: (entry: unknown) => logged.push(entry) } }, requestId: 'test' } as unknown as TrpcContext

	test("a subscription's stream keeps its domain errors' meaning, and logs the rest", async () => {
		const read = async (stream: AsyncIterable<number>) => {
			const seen: number[] = []
			const error = await (async () => {
				for await (const value of stream) seen.push(value)
			})().catch((caught: unknown) => caught)
			return { seen, error }
		}
		const gone = await read(withDomainErrors(ctx, 'drafts.progress', failing(new DomainError('NOT_FOUND', 'Draft not found'))))
		expect(gone.seen).toEqual([1])
		expect(gone.error).toMatchObject({ code: 'NOT_FOUND', message: 'Draft not found' })
		expect(logged).toHaveLength(0)

		const broken = await read(withDomainErrors(ctx, 'drafts.progress', failing(new Error('connection lost'))))
		expect(broken.error).toMatchObject({ message: 'connection lost' })
		expect(logged).toMatchObject([{ path: 'drafts.progress', type: 'subscription', requestId: 'test' }])
	})
})
