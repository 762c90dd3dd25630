import { describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { createUser } from '#tests/factories.ts'
import { minimalPdf, tinyPng } from '#tests/fixtures/files.ts'
import { receiveProfileFiles, uploadProblemsSummary } from './profile-files.server.ts'

function multipart(files: { field: string; name: string; bytes: Buffer; type: string }[]) {
	const form = new FormData()
	form.append('step', '4')
	for (const file of files) form.append(file.field, new File([new Uint8Array(file.bytes)], file.name, { type: file.type }))
	return new Request('http://localhost/onboarding', { method: 'POST', body: form })
}

const png = (name: string) => ({ field: 'images', name, bytes: tinyPng(), type: 'image/png' })

describe('receiving profile files from a form', () => {
	test('stores the CV and the first 5 images; the rest are cut off and reported', async () => {
		const ctx = await createTestContext()
		const user = await createUser(ctx.db)
		const request = multipart([
			{ field: 'cv', name: 'cv.pdf', bytes: minimalPdf(['CV']), type: 'application/pdf' },
			...['1', '2', '3', '4', '5', '6', '7'].map((n) => png(`work-${n}.png`)),
		])
		const received = await receiveProfileFiles(request, ctx, user.id, { cvTypes: 'pdf' })
		expect(received.outcomes.filter((outcome) => outcome.ok)).toHaveLength(6)
		expect(uploadProblemsSummary(received)).toBe('2 images were left out: at most 5 images are kept.')
		expect(await ctx.db.userAsset.count({ where: { userId: user.id } })).toBe(6)
	})

	test('a file of the wrong type is named with the reason, and the others are still stored', async () => {
		const ctx = await createTestContext()
		const user = await createUser(ctx.db)
		const request = multipart([
			{ field: 'cv', name: 'cv.pdf', bytes: tinyPng(), type: 'application/pdf' },
			png('work.png'),
		])
		const received = await receiveProfileFiles(request, ctx, user.id, { cvTypes: 'pdf' })
		expect(uploadProblemsSummary(received)).toBe('cv.pdf was not uploaded: Only PDF files are allowed.')
		expect(await ctx.db.userAsset.findMany({ where: { userId: user.id }, select: { kind: true } })).toEqual([{ kind: 'image' }])
	})

	test('a request that is not a readable form is a problem, not a crash', async () => {
		const ctx = await createTestContext()
		const user = await createUser(ctx.db)
		const request = new Request('http://localhost/onboarding', { method: 'POST', body: 'x', headers: { 'Content-Type': 'text/plain' } })
		expect(await receiveProfileFiles(request, ctx, user.id)).toEqual({
			outcomes: [],
			skipped: 0,
			problem: 'The form must be sent as multipart/form-data.',
			sentFor: null,
		})
	})

	test('which form was sent is known by its button, with no file chosen too', async () => {
		const ctx = await createTestContext()
		const user = await createUser(ctx.db)
		for (const [button, kind] of [['upload-images', 'image'], ['upload-cv', 'cv'], ['step', null]] as const) {
			const form = new FormData()
			form.append(button, '1')
			form.append('images', new File([], '', { type: 'application/octet-stream' }))
			const received = await receiveProfileFiles(new Request('http://localhost/portal/profile', { method: 'POST', body: form }), ctx, user.id)
			expect(received, button).toEqual({ outcomes: [], skipped: 0, problem: null, sentFor: kind })
		}
	})
})
