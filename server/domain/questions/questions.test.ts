import { describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { createActors, createOpportunity } from '#tests/factories.ts'
import {
	createQuestion,
	deleteQuestion,
	getQuestion,
	listQuestions,
	moveQuestion,
	reorderQuestions,
	updateQuestion,
} from './questions.ts'

async function setup() {
	const ctx = await createTestContext()
	const { admin, user } = await createActors(ctx.db)
	const opportunity = await createOpportunity(ctx.db)
	const add = (label: string, extra: Record<string, unknown> = {}) =>
		createQuestion(ctx, admin, { opportunityId: opportunity.id, label, ...extra })
	const positions = async () =>
		(await ctx.db.opportunityQuestion.findMany({ where: { opportunityId: opportunity.id }, orderBy: { orderIndex: 'asc' } })).map(
			(q) => [q.label, q.orderIndex, q.idx] as const,
		)
	return { ctx, admin, user, opportunity, add, positions }
}

const MISSING = '00000000-0000-4000-8000-000000000000'

describe('question validation', () => {
	test('label: required, then 3-200 characters', async () => {
		const { add } = await setup()
		await expect(add('  ')).rejects.toMatchObject({ code: 'INVALID', fieldErrors: { label: ['Label is required'] } })
		await expect(add('ab')).rejects.toMatchObject({ fieldErrors: { label: ['Label must be 3-200 characters'] } })
		await expect(add('x'.repeat(201))).rejects.toMatchObject({ fieldErrors: { label: ['Label must be 3-200 characters'] } })
		await expect(add('abc')).resolves.toMatchObject({ label: 'abc' })
		// In characters, as the database's CHECK counts them (it would refuse "a😀" with a 500's words).
		await expect(add('a😀')).rejects.toMatchObject({ fieldErrors: { label: ['Label must be 3-200 characters'] } })
		await expect(add(`Q${'😀'.repeat(199)}`)).resolves.toMatchObject({ label: `Q${'😀'.repeat(199)}` })
	})

	test('type: default long_text, unknown types refused', async () => {
		const { add } = await setup()
		await expect(add('Artist statement')).resolves.toMatchObject({ type: 'long_text' })
		await expect(add('Budget', { type: '' })).rejects.toMatchObject({ fieldErrors: { type: ['Type is required'] } })
		await expect(add('Budget', { type: 'essay' })).rejects.toMatchObject({ fieldErrors: { type: ['Type is required'] } })
	})

	test('a limit type needs a value greater than 0; limits are kept only on text types', async () => {
		const { add } = await setup()
		for (const limitValue of [undefined, '', 0, -3, '0']) {
			await expect(add('Statement', { limitType: 'words', limitValue })).rejects.toMatchObject({
				fieldErrors: { limitValue: ['Limit value must be greater than 0'] },
			})
		}
		for (const limitValue of ['2.5', 'many', 1.5]) {
			await expect(add('Statement', { limitType: 'words', limitValue })).rejects.toMatchObject({
				fieldErrors: { limitValue: ['Limit value must be a whole number'] },
			})
		}
		await expect(add('Statement', { limitType: 'words', limitValue: '300' })).resolves.toMatchObject({ limitType: 'words', limitValue: 300 })
		// Beyond what an answer can hold (and past the database's integer), a message, not a failed save.
		await expect(add('Essay', { limitType: 'words', limitValue: '99999999999' })).rejects.toMatchObject({
			fieldErrors: { limitValue: ['Limit value must be at most 10,000 words'] },
		})
		await expect(add('Essay', { limitType: 'chars', limitValue: 50_001 })).rejects.toMatchObject({
			fieldErrors: { limitValue: ['Limit value must be at most 50,000 characters'] },
		})
		await expect(add('Essay', { limitType: 'chars', limitValue: 50_000 })).resolves.toMatchObject({ limitValue: 50_000 })
		await expect(add('Website', { type: 'url', limitType: 'chars', limitValue: 0 })).resolves.toMatchObject({
			limitType: null,
			limitValue: null,
		})
		await expect(add('No limit', { limitType: 'none', limitValue: 50 })).resolves.toMatchObject({ limitType: null, limitValue: null })
	})

	test('choice types need two options after trimming and removing repeats; more than 20 are allowed', async () => {
		const { add } = await setup()
		for (const type of ['multiple_choice', 'multi_select']) {
			await expect(add('Pick one', { type, options: [' Oil ', 'Oil', '  '] })).rejects.toMatchObject({
				fieldErrors: { options: ['At least 2 options are required for choice types'] },
			})
		}
		await expect(add('Medium', { type: 'multi_select', options: [' Oil ', 'Oil', 'Clay', '', 'OIL', ' clay'] })).resolves.toMatchObject({
			options: ['Oil', 'Clay'],
		})
		const many = Array.from({ length: 25 }, (_, i) => `Option ${i + 1}`)
		await expect(add('Many', { type: 'multiple_choice', options: many })).resolves.toMatchObject({ options: many })
		await expect(add('Text', { type: 'short_text', options: ['a', 'b'] })).resolves.toMatchObject({ options: [] })
		// Bounded all the same: a post cannot store a 10,000-character option or a thousand of them.
		await expect(add('Long', { type: 'multiple_choice', options: ['x'.repeat(10_000), 'y'] })).rejects.toMatchObject({
			fieldErrors: { options: ['Each option must be at most 200 characters'] },
		})
		await expect(add('Lots', { type: 'multiple_choice', options: Array.from({ length: 101 }, (_, i) => `Option ${i + 1}`) })).rejects.toMatchObject({
			fieldErrors: { options: ['At most 100 options'] },
		})
	})
})

describe('slugs', () => {
	test('generated from the label with -2, -3 when taken; a typed slug must be free', async () => {
		const { add } = await setup()
		await expect(add('Artist Statement!')).resolves.toMatchObject({ slug: 'artist-statement' })
		await expect(add('Artist statement')).resolves.toMatchObject({ slug: 'artist-statement-2' })
		await expect(add('Artist  statement?')).resolves.toMatchObject({ slug: 'artist-statement-3' })
		await expect(add('Statement', { slug: 'artist-statement' })).rejects.toMatchObject({
			code: 'INVALID',
			fieldErrors: { slug: ['Slug must be unique within this opportunity'] },
		})
		await expect(add('Statement', { slug: 'My Statement' })).resolves.toMatchObject({ slug: 'my-statement' })
		await expect(add('???')).rejects.toMatchObject({ fieldErrors: { slug: ['Slug is required'] } })
		await expect(add('Statement', { slug: '!!!' })).rejects.toMatchObject({ fieldErrors: { slug: ['Slug must contain a letter (a–z) or a digit'] } })
	})

	test('the same slug is fine on another opportunity; editing keeps or checks the slug', async () => {
		const { ctx, admin, add } = await setup()
		const other = await createOpportunity(ctx.db)
		const first = await add('Budget')
		await expect(createQuestion(ctx, admin, { opportunityId: other.id, label: 'Budget' })).resolves.toMatchObject({ slug: 'budget' })
		const second = await add('Timeline')
		await expect(updateQuestion(ctx, admin, { questionId: second.id, label: 'Timeline', slug: 'budget' })).rejects.toMatchObject({
			fieldErrors: { slug: ['Slug must be unique within this opportunity'] },
		})
		await expect(updateQuestion(ctx, admin, { questionId: first.id, label: 'Budget', slug: 'budget' })).resolves.toMatchObject({
			slug: 'budget',
		})
	})

	test('a slug taken by a concurrent insert is the slug message, not a 500', async () => {
		const { add } = await setup()
		const results = await Promise.allSettled([add('Same', { slug: 'same' }), add('Same', { slug: 'same' })])
		expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
		expect(results.find((r) => r.status === 'rejected')).toMatchObject({
			reason: { code: 'INVALID', message: 'Slug must be unique within this opportunity' },
		})
	})
})

describe('positions and legacy fields', () => {
	test('new questions go to the end; legacy prompt, idx and char_limit follow every save', async () => {
		const { ctx, admin, add, positions } = await setup()
		await add('First question', { limitType: 'chars', limitValue: 500 })
		const second = await add('Second question', { limitType: 'words', limitValue: 100 })
		expect(await positions()).toEqual([
			['First question', 0, 0],
			['Second question', 1, 1],
		])
		const rows = await ctx.db.opportunityQuestion.findMany({ orderBy: { orderIndex: 'asc' }, where: { id: { not: second.id } } })
		expect(rows.find((q) => q.label === 'First question')).toMatchObject({ prompt: 'First question', charLimit: 500 })
		await updateQuestion(ctx, admin, { questionId: second.id, label: 'Second, renamed', limitType: 'chars', limitValue: 80 })
		expect(await ctx.db.opportunityQuestion.findUniqueOrThrow({ where: { id: second.id } })).toMatchObject({
			prompt: 'Second, renamed',
			idx: 1,
			orderIndex: 1,
			charLimit: 80,
			slug: 'second-question',
		})
		await updateQuestion(ctx, admin, { questionId: second.id, label: 'Second, renamed', slug: 'second-question', limitType: 'words', limitValue: 80 })
		expect(await ctx.db.opportunityQuestion.findUniqueOrThrow({ where: { id: second.id } })).toMatchObject({ charLimit: null })
	})

	test('delete closes the gap', async () => {
		const { ctx, admin, add, positions } = await setup()
		const [, b] = [await add('Alpha'), await add('Bravo'), await add('Charlie')]
		await deleteQuestion(ctx, admin, { questionId: b.id })
		expect(await positions()).toEqual([
			['Alpha', 0, 0],
			['Charlie', 1, 1],
		])
		await expect(deleteQuestion(ctx, admin, { questionId: b.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
	})

	test("a page's opportunity must be the question's own: another's question is not found through it", async () => {
		const { ctx, admin, opportunity, add, positions } = await setup()
		const question = await add('Alpha')
		const elsewhere = (await createOpportunity(ctx.db)).id
		const notFound = { code: 'NOT_FOUND' }
		await expect(updateQuestion(ctx, admin, { questionId: question.id, opportunityId: elsewhere, label: 'Renamed' })).rejects.toMatchObject(notFound)
		await expect(moveQuestion(ctx, admin, { questionId: question.id, opportunityId: elsewhere, direction: 'down' })).rejects.toMatchObject(notFound)
		await expect(deleteQuestion(ctx, admin, { questionId: question.id, opportunityId: elsewhere })).rejects.toMatchObject(notFound)
		expect(await positions()).toEqual([['Alpha', 0, 0]])
		await expect(updateQuestion(ctx, admin, { questionId: question.id, opportunityId: opportunity.id.toUpperCase(), label: 'Renamed' })).resolves.toMatchObject({ label: 'Renamed' })
	})

	test('reorder takes exactly the current set; move swaps with the neighbour', async () => {
		const { ctx, admin, opportunity, add, positions } = await setup()
		const [a, b, c] = [await add('Alpha'), await add('Bravo'), await add('Charlie')]
		await reorderQuestions(ctx, admin, { opportunityId: opportunity.id, questionIds: [c.id, a.id, b.id] })
		expect((await listQuestions(ctx, admin, { opportunityId: opportunity.id })).map((q) => q.label)).toEqual(['Charlie', 'Alpha', 'Bravo'])
		const conflict = { code: 'CONFLICT', message: 'The questions changed while you were reordering. Reload and try again.' }
		for (const questionIds of [[a.id, b.id], [a.id, b.id, c.id, c.id], [a.id, a.id, b.id], [a.id, b.id, MISSING]]) {
			await expect(reorderQuestions(ctx, admin, { opportunityId: opportunity.id, questionIds })).rejects.toMatchObject(conflict)
		}
		await moveQuestion(ctx, admin, { questionId: b.id, direction: 'up' })
		await moveQuestion(ctx, admin, { questionId: c.id, direction: 'up' })
		expect(await positions()).toEqual([
			['Charlie', 0, 0],
			['Bravo', 1, 1],
			['Alpha', 2, 2],
		])
		await moveQuestion(ctx, admin, { questionId: a.id, direction: 'down' })
		expect((await positions()).map(([label]) => label)).toEqual(['Charlie', 'Bravo', 'Alpha'])
	})

	test('concurrent reorders, moves, adds and deletes never leave duplicate or missing positions', async () => {
		const { ctx, admin, opportunity, add, positions } = await setup()
		const qs = []
		for (const label of ['One', 'Two', 'Three', 'Four', 'Five']) qs.push(await add(label))
		const ids = qs.map((q) => q.id)
		await Promise.allSettled([
			reorderQuestions(ctx, admin, { opportunityId: opportunity.id, questionIds: [...ids].reverse() }),
			reorderQuestions(ctx, admin, { opportunityId: opportunity.id, questionIds: [ids[1]!, ids[0]!, ...ids.slice(2)] }),
			moveQuestion(ctx, admin, { questionId: ids[4]!, direction: 'up' }),
			moveQuestion(ctx, admin, { questionId: ids[0]!, direction: 'down' }),
			add('Six'),
			deleteQuestion(ctx, admin, { questionId: ids[2]! }),
		])
		const after = await positions()
		expect(after.map(([, orderIndex]) => orderIndex)).toEqual(after.map((_, i) => i))
		expect(after.map(([, , idx]) => idx)).toEqual(after.map((_, i) => i))
		expect(after.map(([label]) => label).sort()).toEqual(['Five', 'Four', 'One', 'Six', 'Two'])
	})
})

describe('access and ids', () => {
	test('every function refuses a non-admin and answers NOT_FOUND for unknown or malformed ids', async () => {
		const { ctx, admin, user, opportunity, add } = await setup()
		const q = await add('Existing')
		const calls = (actor: typeof admin, opportunityId: string, questionId: string) => [
			() => listQuestions(ctx, actor, { opportunityId }),
			() => getQuestion(ctx, actor, { questionId }),
			() => createQuestion(ctx, actor, { opportunityId, label: 'Another' }),
			() => updateQuestion(ctx, actor, { questionId, label: 'Another' }),
			() => deleteQuestion(ctx, actor, { questionId }),
			() => reorderQuestions(ctx, actor, { opportunityId, questionIds: [questionId] }),
			() => moveQuestion(ctx, actor, { questionId, direction: 'up' }),
		]
		for (const call of calls(user, opportunity.id, q.id)) await expect(call()).rejects.toMatchObject({ code: 'FORBIDDEN' })
		for (const id of [MISSING, 'not-a-uuid', "1' OR 1=1"]) {
			for (const call of calls(admin, id, id)) await expect(call()).rejects.toMatchObject({ code: 'NOT_FOUND' })
		}
		expect(await ctx.db.opportunityQuestion.count({ where: { opportunityId: opportunity.id } })).toBe(1)
	})
})
