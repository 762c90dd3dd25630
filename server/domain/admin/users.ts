import type { AppContext } from '#server/context.ts'
import { literalLike } from '#server/db/like.ts'
import { setUserRole } from '#server/domain/accounts/roles.ts'
import { assertAdmin, type Actor } from '#server/domain/actor.ts'
import { changeCredits } from '#server/domain/credits/ledger.ts'
import { DomainError, parseInput } from '#server/domain/errors.ts'
import { existingId } from '#server/domain/ids.ts'
import { AdjustCreditsInput, ChangeUserRoleInput, FindUsersInput, SetUserPlanInput } from './users.schema.ts'

type Ctx = Pick<AppContext, 'db'>

const SEARCH_LIMIT = 20
const HISTORY_LIMIT = 10

const summarySelect = {
	id: true,
	email: true,
	createdAt: true,
	profile: { select: { fullName: true, role: true, plan: true, creditsRemaining: true, onboardingCompleted: true } },
} as const

type SummaryRow = {
	id: string
	email: string
	createdAt: Date
	profile: { fullName: string | null; role: 'user' | 'admin'; plan: 'free' | 'pro'; creditsRemaining: number; onboardingCompleted: boolean } | null
}

/** What an admin sees of a user; a user without a profile reads as a new Free user. */
function toSummary({ id, email, createdAt, profile }: SummaryRow) {
	return {
		id,
		email,
		name: profile?.fullName ?? null,
		role: profile?.role ?? 'user',
		plan: profile?.plan ?? 'free',
		credits: profile?.creditsRemaining ?? 0,
		onboardingCompleted: profile?.onboardingCompleted ?? false,
		createdAt,
	}
}

export type AdminUserSummary = ReturnType<typeof toSummary>

/** The target user, or NOT_FOUND for an id that is unknown or not even a UUID (never a 400 or a 500). */
async function requireTargetUser(ctx: Ctx, userId: string) {
	const user = await ctx.db.user.findUnique({ where: { id: existingId(userId, 'User') }, select: summarySelect })
	if (!user) throw new DomainError('NOT_FOUND', `User ${userId} not found.`)
	return user
}

// Inputs are `unknown`: each function validates them itself (a form's raw values are fine).

/** Users whose e-mail contains `q` (any case), newest first; at most 20, so the page stays a search, not a dump. */
export async function findUsers(ctx: Ctx, actor: Actor, input: unknown) {
	assertAdmin(actor)
	const { q } = parseInput(FindUsersInput, input)
	const users = await ctx.db.user.findMany({
		where: q ? { email: { contains: literalLike(q), mode: 'insensitive' } } : undefined,
		orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
		take: SEARCH_LIMIT,
		select: summarySelect,
	})
	return users.map(toSummary)
}

/** One user with the newest credit ledger and audit entries, each naming who acted (null: the system or an operator). */
export async function getUserForAdmin(ctx: Ctx, actor: Actor, userId: string) {
	assertAdmin(actor)
	const user = await requireTargetUser(ctx, userId)
	const actorSelect = { select: { email: true } } as const
	const [credits, audit] = await Promise.all([
		ctx.db.creditLedgerEntry.findMany({
			where: { userId: user.id },
			orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
			take: HISTORY_LIMIT,
			select: { id: true, delta: true, balanceAfter: true, reason: true, note: true, createdAt: true, actor: actorSelect },
		}),
		ctx.db.auditLogEntry.findMany({
			where: { targetUserId: user.id },
			orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
			take: HISTORY_LIMIT,
			select: { id: true, action: true, details: true, createdAt: true, actor: actorSelect },
		}),
	])
	return {
		user: toSummary(user),
		creditHistory: credits.map(({ actor: by, ...entry }) => ({ ...entry, actorEmail: by?.email ?? null })),
		auditHistory: audit.map(({ actor: by, details, ...entry }) => ({ ...entry, details: describeDetails(details), actorEmail: by?.email ?? null })),
	}
}

/** Audit details as from/to strings; other shapes are shown as nothing rather than trusted. */
function describeDetails(details: unknown): { from: string; to: string } | null {
	const value = details as { from?: unknown; to?: unknown } | null
	return typeof value?.from === 'string' && typeof value.to === 'string' ? { from: value.from, to: value.to } : null
}

/**
 * An admin's manual plan change (PRODUCT.md: plans change only through verified
 * Stripe webhooks or this, recorded). The row is locked while it is read and
 * changed, so the audit's "from" is the plan this change replaced.
 */
export async function setUserPlan(ctx: Ctx, actor: Actor, input: unknown) {
	assertAdmin(actor)
	const { plan, ...target } = parseInput(SetUserPlanInput, input)
	const { id: userId } = await requireTargetUser(ctx, target.userId)
	return ctx.db.$transaction(async (tx) => {
		const [current] = await tx.$queryRaw<{ plan: 'free' | 'pro' }[]>`
			SELECT plan FROM profiles WHERE user_id = ${userId}::uuid FOR UPDATE`
		if (!current) throw new DomainError('NOT_FOUND', `User ${userId} has no profile.`)
		if (current.plan === plan) return { userId, previous: current.plan, plan }
		// Recorded as the admin's, so Stripe events for a user without a subscription leave it be.
		await tx.profile.update({ where: { userId }, data: { plan, planSource: 'admin' } })
		await tx.auditLogEntry.create({
			data: { actorId: actor.id, targetUserId: userId, action: 'plan_changed', details: { from: current.plan, to: plan } },
		})
		return { userId, previous: current.plan, plan }
	})
}

/** Adds or removes credits by hand; the ledger row (admin_adjustment) names the admin and keeps the note. */
export async function adjustCredits(ctx: Ctx, actor: Actor, input: unknown) {
	assertAdmin(actor)
	const { delta, note, ...target } = parseInput(AdjustCreditsInput, input)
	const { id: userId } = await requireTargetUser(ctx, target.userId)
	return ctx.db.$transaction((tx) => changeCredits(tx, { userId, delta, reason: 'admin_adjustment', actorId: actor.id, note }))
}

/** Role changes go through setUserRole, which audits them and refuses an admin's self-demotion. */
export async function changeUserRole(ctx: Ctx, actor: Actor, input: unknown) {
	assertAdmin(actor)
	const { userId, role } = parseInput(ChangeUserRoleInput, input)
	const user = await requireTargetUser(ctx, userId)
	const previous = user.profile?.role ?? 'user'
	// Re-saving the same role is no change, and no audit row.
	if (previous === role) return { userId, previous, role }
	return setUserRole(ctx, { email: user.email, role }, actor)
}
