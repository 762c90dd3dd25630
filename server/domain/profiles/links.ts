import type { AppContext } from '#server/context.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import { MAX_PROFILE_LINKS, TOO_MANY_LINKS_MESSAGE } from './choices.ts'
import { requestProfileIngestQuietly } from './ingest.ts'
import { AddLinkInput, RemoveLinkInput } from './links.schema.ts'

type Ctx = Pick<AppContext, 'db'>
// Links are part of the artist brief: each change queues an ingest.
type WriteCtx = Pick<AppContext, 'db' | 'jobs' | 'logger'>

const linkSelect = { id: true, kind: true, url: true, createdAt: true } as const

/** The user's links, newest first (spec section 7). */
export async function listLinks(ctx: Ctx, userId: string) {
	return ctx.db.userLink.findMany({
		where: { userId },
		orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
		select: linkSelect,
	})
}

export async function addLink(ctx: WriteCtx, userId: string, input: unknown) {
	const { kind, url } = parseInput(AddLinkInput, input)
	const link = await ctx.db.$transaction(async (tx) => {
		// One add at a time per artist (their user row's lock, which every link's foreign key guarantees):
		// two at once cannot both pass the count.
		await tx.$queryRaw`SELECT 1 FROM users WHERE id = ${userId}::uuid FOR NO KEY UPDATE`
		if ((await tx.userLink.count({ where: { userId } })) >= MAX_PROFILE_LINKS) {
			throw new DomainError('INVALID', TOO_MANY_LINKS_MESSAGE, { fieldErrors: { url: [TOO_MANY_LINKS_MESSAGE] } })
		}
		return tx.userLink.create({ data: { userId, kind, url }, select: linkSelect })
	})
	await requestProfileIngestQuietly(ctx, userId)
	return link
}

/** Removes one of the user's own links; another user's link id is simply not found. */
export async function removeLink(ctx: WriteCtx, userId: string, input: unknown) {
	const { linkId } = parseInput(RemoveLinkInput, input)
	const { count } = await ctx.db.userLink.deleteMany({ where: { id: linkId, userId } })
	if (count === 0) throw new DomainError('NOT_FOUND', 'This link is no longer on your profile (it was removed already).')
	await requestProfileIngestQuietly(ctx, userId)
}
