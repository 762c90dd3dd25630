import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '#server/db/client.ts'
import { slugifyTitle } from '#server/domain/opportunities/slug.ts'
import { getTestDb } from '#tests/db.ts'
import { demoOpportunities } from './seed-data/opportunities.ts'
import { demoTemplates } from './seed-data/templates.ts'
import { isDatabaseEmpty, seedDemoData } from './seed.ts'

// Late evening in UTC on the last day but one of the year, so offsets cross into the next year.
const today = new Date('2026-12-30T22:15:00Z')

let db: Db

beforeAll(async () => {
	db = await getTestDb()
})

async function clearSeededTables() {
	// Questions go with their opportunities (ON DELETE CASCADE).
	await db.opportunity.deleteMany()
	await db.questionTemplate.deleteMany()
}

async function tableCounts() {
	const [opportunities, questions, templates] = await Promise.all([
		db.opportunity.count(),
		db.opportunityQuestion.count(),
		db.questionTemplate.count(),
	])
	return { opportunities, questions, templates }
}

const seededQuestionCount = demoOpportunities.reduce((sum, opportunity) => sum + opportunity.questions.length, 0)

function findDemo(title: string) {
	const opportunity = demoOpportunities.find((candidate) => candidate.title === title)
	if (!opportunity) throw new Error(`no demo opportunity titled "${title}"`)
	return opportunity
}

describe('seedDemoData', () => {
	it('fills an empty database, which then no longer counts as empty', async () => {
		await clearSeededTables()
		expect(await isDatabaseEmpty(db)).toBe(true)

		const result = await seedDemoData(db, { today })

		expect(result).toEqual({ opportunities: demoOpportunities.length, templates: demoTemplates.length })
		expect(await tableCounts()).toEqual({
			opportunities: demoOpportunities.length,
			questions: seededQuestionCount,
			templates: demoTemplates.length,
		})
		expect(await isDatabaseEmpty(db)).toBe(false)
	})

	it('adds nothing when run again and keeps what admins changed', async () => {
		await seedDemoData(db, { today })
		const before = await tableCounts()
		const edited = await db.opportunity.updateManyAndReturn({
			where: { slug: slugifyTitle('Kiln House Ceramics Residency') },
			data: { description: 'Edited by an admin.', active: false },
		})
		expect(edited).toHaveLength(1)
		await db.questionTemplate.update({ where: { label: 'Artist Statement' }, data: { helpText: 'Edited help.' } })

		const result = await seedDemoData(db, { today })

		expect(result).toEqual({ opportunities: 0, templates: 0 })
		expect(await tableCounts()).toEqual(before)
		const kilnHouse = await db.opportunity.findFirstOrThrow({
			where: { slug: slugifyTitle('Kiln House Ceramics Residency') },
		})
		expect(kilnHouse).toMatchObject({ description: 'Edited by an admin.', active: false })
		const template = await db.questionTemplate.findUniqueOrThrow({ where: { label: 'Artist Statement' } })
		expect(template.helpText).toBe('Edited help.')
	})

	it('restores a deleted demo opportunity without touching the others', async () => {
		await seedDemoData(db, { today })
		const slug = slugifyTitle('Desert Light Residency')
		await db.opportunity.deleteMany({ where: { slug } })

		const result = await seedDemoData(db, { today })

		expect(result).toEqual({ opportunities: 1, templates: 0 })
		expect(await db.opportunity.count({ where: { slug } })).toBe(1)
		expect((await tableCounts()).questions).toBe(seededQuestionCount)
	})

	it('stores questions in their order, with slugs and the legacy columns', async () => {
		await seedDemoData(db, { today })
		const demo = findDemo('Kestrel Fund for Women in Sculpture')
		const stored = await db.opportunity.findFirstOrThrow({
			where: { slug: slugifyTitle(demo.title) },
			select: { questions: { orderBy: { orderIndex: 'asc' } } },
		})

		expect(stored.questions.map((question) => question.label)).toEqual(demo.questions.map((question) => question.label))
		expect(stored.questions.map((question) => question.orderIndex)).toEqual(demo.questions.map((_, index) => index))
		expect(stored.questions[0]).toMatchObject({
			slug: 'project-title',
			type: 'short_text',
			section: 'Project',
			required: true,
			limitType: 'chars',
			limitValue: 120,
			prompt: 'Project Title',
			idx: 0,
			charLimit: 120,
		})
		expect(stored.questions[1]).toMatchObject({ limitType: 'words', limitValue: 500, charLimit: null })
		expect(stored.questions[2]?.options).toHaveLength(7)

		const all = await db.opportunityQuestion.findMany()
		for (const question of all) {
			expect(question.prompt).toBe(question.label)
			expect(question.idx).toBe(question.orderIndex)
			expect(question.charLimit).toBe(question.limitType === 'chars' ? question.limitValue : null)
		}
	})

	it('sets deadlines to calendar dates counted from the seeding day in UTC', async () => {
		await seedDemoData(db, { today })
		const deadlineOf = async (title: string) => {
			const { deadline } = await db.opportunity.findFirstOrThrow({
				where: { slug: slugifyTitle(title) },
				select: { deadline: true },
			})
			return deadline?.toISOString() ?? null
		}

		expect(await deadlineOf('Lumen Video & Moving Image Grant')).toBe('2026-12-30T00:00:00.000Z')
		expect(await deadlineOf('Desert Light Residency')).toBe('2026-12-31T00:00:00.000Z')
		expect(await deadlineOf('Kiln House Ceramics Residency')).toBe('2027-01-13T00:00:00.000Z')
		expect(await deadlineOf('Casa Tlaloc Printmaking Residency')).toBe('2026-12-27T00:00:00.000Z')
		expect(await deadlineOf('Slow Time Remote Residency')).toBeNull()
	})

	it('inserts each row once when two processes seed at the same moment', async () => {
		await clearSeededTables()

		const results = await Promise.all([seedDemoData(db, { today }), seedDemoData(db, { today })])

		expect(results.reduce((sum, result) => sum + result.opportunities, 0)).toBe(demoOpportunities.length)
		expect(await tableCounts()).toEqual({
			opportunities: demoOpportunities.length,
			questions: seededQuestionCount,
			templates: demoTemplates.length,
		})
	})
})
