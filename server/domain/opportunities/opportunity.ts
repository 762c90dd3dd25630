import { z } from 'zod'
import type { AppContext } from '#server/context.ts'
import { assertAdmin, type Actor } from '#server/domain/actor.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import { deleteStoredObjects } from '#server/domain/files/delete-objects.ts'
import { existingId } from '#server/domain/ids.ts'
import { OpportunityInput, UpdateOpportunityInput, type OpportunityValues } from './opportunity.schema.ts'
import { slugifyTitle } from './slug.ts'

type Ctx = Pick<AppContext, 'db'>

const OpportunityId = z.object({ id: z.string() })
const SetActiveInput = z.object({ id: z.string(), active: z.boolean({ message: 'Active must be true or false' }) })

function notFound(id: string) {
	return new DomainError('NOT_FOUND', `Opportunity ${JSON.stringify(id.slice(0, 60))} not found.`)
}

/** A malformed id cannot name an opportunity: it is "not found" (404), never a database error (500). */
const checkedId = (id: string) => existingId(id, 'Opportunity')

/** A `yyyy-MM-dd` calendar date as the DATE column's value (UTC midnight, so the day never shifts). */
function toDateColumn(deadline: string | null) {
	return deadline ? new Date(`${deadline}T00:00:00.000Z`) : null
}

function columns(values: OpportunityValues) {
	return {
		title: values.title,
		organization: values.organization,
		url: values.url,
		category: values.category,
		deadline: toDateColumn(values.deadline),
		location: values.location,
		tags: values.tags,
		description: values.description,
		slug: slugifyTitle(values.title),
	}
}

const adminSelect = {
	id: true,
	title: true,
	organization: true,
	url: true,
	category: true,
	deadline: true,
	location: true,
	tags: true,
	description: true,
	active: true,
	slug: true,
} as const

/** Creates an opportunity, active (spec section 4, "Opportunity save"), with its slug from the title. */
export async function createOpportunity(ctx: Ctx, actor: Actor, input: OpportunityInput) {
	assertAdmin(actor)
	const values = parseInput(OpportunityInput, input)
	return ctx.db.opportunity.create({ data: { ...columns(values), active: true }, select: { id: true, title: true, slug: true } })
}

/** Replaces an opportunity's details, recomputes its slug and stamps updated_at. */
export async function updateOpportunity(ctx: Ctx, actor: Actor, id: string, input: UpdateOpportunityInput) {
	assertAdmin(actor)
	const values = parseInput(UpdateOpportunityInput, input)
	const { count } = await ctx.db.opportunity.updateMany({
		where: { id: checkedId(id) },
		data: { ...columns(values), active: values.active, updatedAt: new Date() },
	})
	if (!count) throw notFound(id)
	return { id, title: values.title, slug: slugifyTitle(values.title) }
}

/** Everything the edit form shows; `deadline` as `yyyy-MM-dd`. */
export async function getOpportunityForAdmin(ctx: Ctx, actor: Actor, input: { id: string }) {
	assertAdmin(actor)
	const { id } = parseInput(OpportunityId, input)
	const opportunity = await ctx.db.opportunity.findUnique({ where: { id: checkedId(id) }, select: adminSelect })
	if (!opportunity) throw notFound(id)
	return {
		...opportunity,
		location: opportunity.location ?? '',
		tags: opportunity.tags ?? [],
		deadline: opportunity.deadline ? opportunity.deadline.toISOString().slice(0, 10) : '',
	}
}
export type AdminOpportunity = Awaited<ReturnType<typeof getOpportunityForAdmin>>

/**
 * Deletes an opportunity. Its questions and the artists' question contexts go with it (cascade);
 * drafts keep their text. The contexts' stored files are collected in the same statement and
 * deleted afterwards, so no upload outlives its row. Returns what was deleted, for the toast.
 */
export async function deleteOpportunity(ctx: Pick<AppContext, 'db' | 'storage' | 'logger'>, actor: Actor, input: { id: string }) {
	assertAdmin(actor)
	const { id } = parseInput(OpportunityId, input)
	const [deleted] = await ctx.db.$queryRaw<{ id: string; title: string; storagePaths: string[] }[]>`
		WITH files AS (
			SELECT f.storage_path FROM context_files f JOIN question_contexts c ON c.id = f.context_id
			WHERE c.opportunity_id = ${checkedId(id)}::uuid
		), deleted AS (
			DELETE FROM opportunities WHERE id = ${checkedId(id)}::uuid RETURNING id, title
		)
		SELECT deleted.id, deleted.title, ARRAY(SELECT storage_path FROM files) AS "storagePaths" FROM deleted`
	if (!deleted) throw notFound(id)
	await deleteStoredObjects(ctx, deleted.storagePaths)
	return { id: deleted.id, title: deleted.title }
}

/** Shows (active) or hides an opportunity from applicants' feed and detail pages. */
export async function setOpportunityActive(ctx: Ctx, actor: Actor, input: { id: string; active: boolean }) {
	assertAdmin(actor)
	const { id, active } = parseInput(SetActiveInput, input)
	const { count } = await ctx.db.opportunity.updateMany({ where: { id: checkedId(id) }, data: { active, updatedAt: new Date() } })
	if (!count) throw notFound(id)
	return { id, active }
}
