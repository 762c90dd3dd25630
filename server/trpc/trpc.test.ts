import { TRPCError } from '@trpc/server'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { NUL_MESSAGES } from '#server/http/nul.ts'
import { createCallerFactory, publicProcedure, router, type TrpcContext } from './trpc.ts'

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
})
