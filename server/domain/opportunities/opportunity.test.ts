import { describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { createUser } from '#tests/factories.ts'
import { tinyPng } from '#tests/fixtures/files.ts'
import { saveContext } from '#tests/question-context.ts'
import type { Actor } from '#server/domain/actor.ts'
import { DomainError } from '#server/domain/errors.ts'
import {
	createOpportunity,
	deleteOpportunity,
	getOpportunityForAdmin,
	setOpportunityActive,
	updateOpportunity,
} from './opportunity.ts'
import { AdminListInput, deadlineWarning, OpportunityInput, type OpportunityInput as Input } from './opportunity.schema.ts'

const admin: Actor = { id: '00000000-0000-4000-8000-00000000000a', role: 'admin' }
const user: Actor = { id: '00000000-0000-4000-8000-00000000000b', role: 'user' }
const valid: Input = { title: 'Spring Grant', url: 'https://example.org/call', category: 'grant' }

function messagesOf(input: unknown) {
	const result = OpportunityInput.safeParse(input)
	return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

async function codeOf(promise: Promise<unknown>) {
	const error = await promise.then(
		() => null,
		(error: unknown) => error,
	)
	return error instanceof DomainError ? error.code : error
}

describe('the opportunity form schema', () => {
	test('title is 3 to 200 characters, trimmed', () => {
		expect(messagesOf({ ...valid, title: ' ab ' })).toEqual(['title: Title must be at least 3 characters'])
		expect(messagesOf({ ...valid, title: 'x'.repeat(201) })).toEqual(['title: Title too long'])
		expect(messagesOf({ ...valid, title: 'x'.repeat(200) })).toEqual([])
		// Characters, as the database counts them: an emoji is one, though it is two UTF-16 units.
		expect(messagesOf({ ...valid, title: '😀😀' })).toEqual(['title: Title must be at least 3 characters'])
		expect(messagesOf({ ...valid, title: '😀'.repeat(200) })).toEqual([])
		expect(messagesOf({ ...valid, title: '😀'.repeat(201) })).toEqual(['title: Title too long'])
	})

	test('URL is required and must be a web address', () => {
		expect(messagesOf({ ...valid, url: '' })).toEqual(['url: URL is required'])
		expect(messagesOf({ ...valid, url: undefined })).toEqual(['url: URL is required'])
		for (const url of ['not a url', 'example', 'javascript:alert(1)', 'ftp://example.org']) {
			expect(messagesOf({ ...valid, url })).toEqual(['url: Must be a valid URL'])
		}
		const long = `https://example.org/${'a'.repeat(2048 - 20)}`
		expect(messagesOf({ ...valid, url: long })).toEqual([])
		expect(messagesOf({ ...valid, url: `${long}a` })).toEqual(['url: URL is too long'])
	})

	test('category must be one of grant, residency, open_call', () => {
		expect(messagesOf({ ...valid, category: '' })).toEqual(['category: Please select a category'])
		expect(messagesOf({ ...valid, category: 'competition' })).toEqual(['category: Please select a category'])
		expect(messagesOf({ ...valid, category: 'open_call' })).toEqual([])
	})

	test('tags are trimmed, lowercased, without empties or duplicates, from a list or a comma-separated string; at most 10', () => {
		expect(OpportunityInput.parse({ ...valid, tags: [' Painting ', 'painting', '', 'Open Air'] }).tags).toEqual(['painting', 'open air'])
		expect(OpportunityInput.parse({ ...valid, tags: 'Sculpture, , PHOTO,photo ,' }).tags).toEqual(['sculpture', 'photo'])
		const eleven = Array.from({ length: 11 }, (_, i) => `tag${i}`)
		expect(messagesOf({ ...valid, tags: eleven })).toEqual(['tags: Maximum 10 tags allowed'])
		expect(messagesOf({ ...valid, tags: [...eleven.slice(0, 10), 'TAG0'] })).toEqual([])
		// A comma separates tags wherever it comes, a list's items included.
		expect(OpportunityInput.parse({ ...valid, tags: ['oil,clay', 'wood'] }).tags).toEqual(['oil', 'clay', 'wood'])
		// A tag too long is said of the field, which shows it.
		expect(messagesOf({ ...valid, tags: ['oil', 'x'.repeat(51)] })).toEqual(['tags: Tags must be at most 50 characters'])
		expect(messagesOf({ ...valid, tags: ['x'.repeat(50)] })).toEqual([])
	})

	test('deadline, location and description are optional; a deadline must be a calendar date', () => {
		expect(OpportunityInput.parse({ ...valid, deadline: '', location: ' ' })).toMatchObject({ deadline: null, location: null, description: '' })
		expect(OpportunityInput.parse({ ...valid, deadline: '2030-01-05' }).deadline).toBe('2030-01-05')
		expect(messagesOf({ ...valid, deadline: '05/01/2030' })).toEqual(['deadline: Deadline must be a date (yyyy-MM-dd)'])
		// A typo'd year is refused, not stored and shown as "Invalid date".
		for (const deadline of ['0001-01-01', '1899-12-31', '2101-01-01', '9999-12-31']) {
			expect(messagesOf({ ...valid, deadline })).toEqual(['deadline: Deadline must be between 1900 and 2100'])
		}
		expect(messagesOf({ ...valid, deadline: '2100-12-31' })).toEqual([])
		// Not a day of the calendar: the one error, and no "in the past" warning beside it.
		expect(messagesOf({ ...valid, deadline: '2020-02-30' })).toEqual(['deadline: Deadline must be a date (yyyy-MM-dd)'])
		expect(deadlineWarning('2020-02-30', '2026-11-23')).toBeNull()
	})

	test("the admin list's search is cut to 200 characters, not dropped", () => {
		expect(AdminListInput.parse({ q: `  ${'a'.repeat(3000)}` }).q).toBe('a'.repeat(198))
		expect(AdminListInput.parse({ q: ' Harbour ' }).q).toBe('Harbour')
		expect(AdminListInput.parse({ q: ['x', 'y'] }).q).toBe('')
	})

	test('a past deadline only warns', () => {
		expect(messagesOf({ ...valid, deadline: '2000-01-01' })).toEqual([])
		expect(deadlineWarning('2025-01-04', '2025-01-05')).toBe('Deadline appears to be in the past')
		expect(deadlineWarning('2025-01-05', '2025-01-05')).toBeNull()
		expect(deadlineWarning(null, '2025-01-05')).toBeNull()
	})
})

describe('opportunity administration', () => {
	test('create stores a normalised, active opportunity with its slug; the admin reads it back', async () => {
		const ctx = await createTestContext()
		const created = await createOpportunity(ctx, admin, {
			...valid,
			title: '  Spring Grant: 2030 Edition! ',
			organization: 'Arts Council',
			deadline: '2030-01-05',
			location: 'Lisbon',
			tags: 'Painting, painting, Sculpture',
			description: 'Money for artists.',
		})
		expect(created.slug).toBe('spring-grant-2030-edition')
		expect(await getOpportunityForAdmin(ctx, admin, { id: created.id })).toEqual({
			id: created.id,
			title: 'Spring Grant: 2030 Edition!',
			organization: 'Arts Council',
			url: 'https://example.org/call',
			category: 'grant',
			deadline: '2030-01-05',
			location: 'Lisbon',
			tags: ['painting', 'sculpture'],
			description: 'Money for artists.',
			active: true,
			slug: 'spring-grant-2030-edition',
		})
	})

	test('update replaces the details, recomputes the slug and sets updated_at', async () => {
		const ctx = await createTestContext()
		const { id } = await createOpportunity(ctx, admin, valid)
		await updateOpportunity(ctx, admin, id, { ...valid, title: 'Autumn Residency', category: 'residency', active: false })
		const row = await ctx.db.opportunity.findUniqueOrThrow({ where: { id } })
		expect(row).toMatchObject({ title: 'Autumn Residency', slug: 'autumn-residency', category: 'residency', active: false, deadline: null })
		expect(row.updatedAt).toBeInstanceOf(Date)
	})

	test('invalid input is refused with the field messages', async () => {
		const ctx = await createTestContext()
		const error = await createOpportunity(ctx, admin, { ...valid, title: 'ab', url: 'nope' }).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(DomainError)
		expect((error as DomainError).fieldErrors).toEqual({ title: ['Title must be at least 3 characters'], url: ['Must be a valid URL'] })
	})

	test('unknown and malformed ids are NOT_FOUND for every function', async () => {
		const ctx = await createTestContext()
		for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' OR 1=1"]) {
			expect(await codeOf(getOpportunityForAdmin(ctx, admin, { id }))).toBe('NOT_FOUND')
			expect(await codeOf(updateOpportunity(ctx, admin, id, valid))).toBe('NOT_FOUND')
			expect(await codeOf(deleteOpportunity(ctx, admin, { id }))).toBe('NOT_FOUND')
			expect(await codeOf(setOpportunityActive(ctx, admin, { id, active: false }))).toBe('NOT_FOUND')
		}
	})

	test('delete removes it and returns its title; deactivating hides it', async () => {
		const ctx = await createTestContext()
		const kept = await createOpportunity(ctx, admin, valid)
		const gone = await createOpportunity(ctx, admin, { ...valid, title: 'To Delete' })
		expect(await setOpportunityActive(ctx, admin, { id: kept.id, active: false })).toEqual({ id: kept.id, active: false })
		expect((await getOpportunityForAdmin(ctx, admin, kept)).active).toBe(false)
		expect(await deleteOpportunity(ctx, admin, { id: gone.id })).toEqual({ id: gone.id, title: 'To Delete' })
		expect(await ctx.db.opportunity.count({ where: { id: gone.id } })).toBe(0)
	})

	test("delete also removes the artists' context files from storage", async () => {
		const ctx = await createTestContext()
		const artist = await createUser(ctx.db, { onboardingCompleted: true })
		const { id } = await createOpportunity(ctx, admin, valid)
		await ctx.db.opportunityQuestion.create({
			data: { opportunityId: id, label: 'Artist statement', slug: 'statement', prompt: 'Artist statement', orderIndex: 0, idx: 0 },
		})
		const png = tinyPng()
		await saveContext(ctx, { id: artist.id, role: 'user' }, {
			opportunityId: id,
			slug: 'statement',
			notes: 'Mention the 2024 show.',
			files: [{ name: 'sketch.png', bytes: png }],
		})
		const [file] = await ctx.db.contextFile.findMany({ select: { storagePath: true }, where: { context: { opportunityId: id } } })
		expect(await ctx.storage.get(file!.storagePath)).not.toBeNull()

		await deleteOpportunity(ctx, admin, { id })
		expect(await ctx.storage.get(file!.storagePath)).toBeNull()
		expect(await ctx.db.questionContext.count({ where: { opportunityId: id } })).toBe(0)
	})

	test('only admins may use any of them', async () => {
		const ctx = await createTestContext()
		const { id } = await createOpportunity(ctx, admin, valid)
		expect(await codeOf(createOpportunity(ctx, user, valid))).toBe('FORBIDDEN')
		expect(await codeOf(updateOpportunity(ctx, user, id, valid))).toBe('FORBIDDEN')
		expect(await codeOf(getOpportunityForAdmin(ctx, user, { id }))).toBe('FORBIDDEN')
		expect(await codeOf(deleteOpportunity(ctx, user, { id }))).toBe('FORBIDDEN')
		expect(await codeOf(setOpportunityActive(ctx, user, { id, active: false }))).toBe('FORBIDDEN')
		expect(await ctx.db.opportunity.findUniqueOrThrow({ where: { id }, select: { active: true } })).toEqual({ active: true })
	})
})
