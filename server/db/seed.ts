import type { Db } from '#server/db/client.ts'
import type { Prisma } from '#server/db/generated/client.ts'
import { slugifyQuestionLabel, slugifyTitle, uniqueSlug } from '#server/domain/opportunities/slug.ts'
import { demoOpportunities, type SeedOpportunity, type SeedQuestion } from './seed-data/opportunities.ts'
import { demoTemplates, type SeedTemplate } from './seed-data/templates.ts'

export type SeedResult = {
	/** Opportunities inserted by this run (existing slugs are skipped). */
	opportunities: number
	/** Templates inserted by this run (existing labels are skipped). */
	templates: number
}

const DAY_MS = 24 * 60 * 60 * 1000
// Spreads created_at over about a month, so the admin list (newest first) reads
// like a real history and its pagination has no ties to reorder between pages.
const CREATED_AT_STEP_MS = 17 * 60 * 60 * 1000

/**
 * Loads the demo opportunities (with their questions) and question templates.
 * Idempotent: opportunities are keyed by slug and templates by label, and rows
 * that already exist are left exactly as they are, so an admin's edits survive
 * a re-run. Deadlines are `today` plus each row's offset, by UTC calendar date.
 */
export async function seedDemoData(db: Db, { today }: { today: Date }): Promise<SeedResult> {
	return db.$transaction(async (tx) => {
		// Opportunity slugs are not unique in the schema, so "skip existing" is a
		// read then a write; the lock keeps two processes seeding at once from both inserting.
		await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('callboard.seed-demo-data'))`

		const opportunities = await insertOpportunities(tx, today)
		const { count: templates } = await tx.questionTemplate.createMany({
			data: demoTemplates.map(templateRow),
			skipDuplicates: true,
		})
		return { opportunities, templates }
	})
}

/** True when there are no opportunities and no templates: start-up then seeds. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
	const [opportunity, template] = await Promise.all([
		db.opportunity.findFirst({ select: { id: true } }),
		db.questionTemplate.findFirst({ select: { id: true } }),
	])
	return opportunity === null && template === null
}

async function insertOpportunities(tx: Prisma.TransactionClient, today: Date): Promise<number> {
	const bySlug = new Map(demoOpportunities.map((opportunity) => [slugifyTitle(opportunity.title), opportunity]))
	const existing = await tx.opportunity.findMany({
		where: { slug: { in: [...bySlug.keys()] } },
		select: { slug: true },
	})
	for (const { slug } of existing) bySlug.delete(slug)
	if (bySlug.size === 0) return 0

	const created = await tx.opportunity.createManyAndReturn({
		data: interleaveByCategory([...bySlug]).map(([slug, opportunity], position) =>
			opportunityRow(opportunity, slug, today, position),
		),
		select: { id: true, slug: true },
	})
	const questions = created.flatMap(({ id, slug }) => questionRows(id, bySlug.get(slug)?.questions ?? []))
	await tx.opportunityQuestion.createMany({ data: questions })
	return created.length
}

/** Grant, residency, open call, grant, …: so the newest-first admin list does not show one category per page. */
function interleaveByCategory<T extends [string, SeedOpportunity]>(entries: T[]): T[] {
	const groups = new Map<string, T[]>()
	for (const entry of entries) {
		const category = entry[1].category
		groups.set(category, [...(groups.get(category) ?? []), entry])
	}
	const longest = Math.max(0, ...[...groups.values()].map((group) => group.length))
	const interleaved: T[] = []
	for (let index = 0; index < longest; index++) {
		for (const group of groups.values()) {
			const entry = group[index]
			if (entry) interleaved.push(entry)
		}
	}
	return interleaved
}

function opportunityRow(
	opportunity: SeedOpportunity,
	slug: string,
	today: Date,
	position: number,
): Prisma.OpportunityCreateManyInput {
	return {
		title: opportunity.title,
		organization: opportunity.organization,
		location: opportunity.location,
		deadline: opportunity.deadlineInDays === null ? null : addUtcDays(today, opportunity.deadlineInDays),
		tags: [...opportunity.tags],
		category: opportunity.category,
		description: opportunity.description,
		url: opportunity.url,
		active: opportunity.active ?? true,
		slug,
		createdAt: new Date(today.getTime() - position * CREATED_AT_STEP_MS),
	}
}

function questionRows(
	opportunityId: string,
	questions: readonly SeedQuestion[],
): Prisma.OpportunityQuestionCreateManyInput[] {
	const taken: string[] = []
	return questions.map((question, orderIndex) => {
		const slug = uniqueSlug(slugifyQuestionLabel(question.label), taken)
		taken.push(slug)
		const limitValue = question.limit?.value ?? null
		return {
			opportunityId,
			section: question.section ?? null,
			label: question.label,
			slug,
			type: question.type,
			required: question.required ?? false,
			helpText: question.helpText ?? null,
			limitType: question.limit?.type ?? null,
			limitValue,
			options: [...(question.options ?? [])],
			orderIndex,
			// Legacy duplicates the specification requires on every write.
			prompt: question.label,
			idx: orderIndex,
			charLimit: question.limit?.type === 'chars' ? limitValue : null,
		}
	})
}

function templateRow(template: SeedTemplate): Prisma.QuestionTemplateCreateManyInput {
	return {
		label: template.label,
		type: template.type,
		helpText: template.helpText,
		limitType: template.limit?.type ?? null,
		limitValue: template.limit?.value ?? null,
		options: [...(template.options ?? [])],
		tags: [...template.tags],
	}
}

/** The calendar date `days` after `date`'s UTC date, as a Date at UTC midnight (what `@db.Date` stores). */
function addUtcDays(date: Date, days: number): Date {
	const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())
	return new Date(midnight + days * DAY_MS)
}
