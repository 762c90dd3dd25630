import { randomBytes } from 'node:crypto'
import type { AppContext } from '#server/context.ts'
import type { Actor } from '#server/domain/actor.ts'
import { DomainError } from '#server/domain/errors.ts'
import { todayIn } from '#server/domain/time-zone.ts'
import { serializeCalendar, type AllDayEvent } from './ical.ts'

/*
 * The personal deadline calendar: an iCalendar feed at a secret URL that calendar apps poll. The
 * secret (32 random bytes, base64url) is the only credential, since those apps cannot sign in; it is
 * kept on the profile so the page can show the URL again, and regenerating it revokes the old URL.
 * See docs/decisions/018-saved-opportunities-and-calendar.md.
 */

type Ctx = Pick<AppContext, 'db'>
type FeedCtx = Pick<AppContext, 'db' | 'env'>

/** Deadlines this many days past stay in the feed, so a call that just closed does not vanish from the calendar at once. */
export const PAST_DEADLINE_DAYS = 30
/** A bound on one response; far more than anyone saves, and the soonest deadlines come first. */
const MAX_EVENTS = 500
/** How often calendar apps are asked to fetch again; deadlines are whole days, so hours are fine. */
const REFRESH_INTERVAL = 'PT6H'
const DAY_MS = 86_400_000
// 32 bytes in base64url without padding.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

function newToken() {
	return randomBytes(32).toString('base64url')
}

function profileNotFound(actor: Actor) {
	return new DomainError('NOT_FOUND', `Profile of user ${actor.id} not found.`)
}

/** The actor's calendar secret, created on first use. */
export async function getCalendarUrlToken(ctx: Ctx, actor: Actor): Promise<string> {
	const profile = await ctx.db.profile.findUnique({ where: { userId: actor.id }, select: { calendarToken: true } })
	if (!profile) throw profileNotFound(actor)
	if (profile.calendarToken) return profile.calendarToken
	// Two first visits at once (two tabs) must end with one token: the row lock makes the second keep the first's.
	const [created] = await ctx.db.$queryRaw<{ calendar_token: string }[]>`
		UPDATE profiles SET calendar_token = COALESCE(calendar_token, ${newToken()})
		WHERE user_id = ${actor.id}::uuid RETURNING calendar_token`
	if (!created) throw profileNotFound(actor)
	return created.calendar_token
}

/** Replaces the actor's calendar secret: the old URL answers 404 from now on. */
export async function regenerateCalendarToken(ctx: Ctx, actor: Actor): Promise<string> {
	const calendarToken = newToken()
	const { count } = await ctx.db.profile.updateMany({ where: { userId: actor.id }, data: { calendarToken } })
	if (!count) throw profileNotFound(actor)
	return calendarToken
}

/** Where the feed of `token` is served (app/routes/calendar.$file.ts): the https address and its webcal:// twin, which opens a calendar app. */
export function calendarFeedUrls(appUrl: string, token: string) {
	const https = new URL(`/calendar/${token}.ics`, appUrl).href
	return { https, webcal: https.replace(/^https?:/, 'webcal:') }
}

/**
 * The iCalendar text of the calendar behind `token`: one all-day event on the deadline of every
 * active opportunity the user saved or has a draft for (each once), from PAST_DEADLINE_DAYS ago
 * on. An unknown token is NOT_FOUND, with nothing said about why.
 */
export async function buildDeadlineCalendar(ctx: FeedCtx, token: string, now: Date = new Date()): Promise<string> {
	const notFound = new DomainError('NOT_FOUND', 'Calendar not found.')
	if (!TOKEN_SHAPE.test(token)) throw notFound
	const profile = await ctx.db.profile.findUnique({ where: { calendarToken: token }, select: { userId: true, timeZone: true } })
	if (!profile) throw notFound
	const { userId } = profile

	// The artist's "today", as the feed counts it.
	const today = new Date(`${todayIn(profile.timeZone ?? 'UTC', now)}T00:00:00Z`).getTime()
	const opportunities = await ctx.db.opportunity.findMany({
		where: {
			active: true,
			deadline: { gte: new Date(today - PAST_DEADLINE_DAYS * DAY_MS) },
			OR: [{ savedBy: { some: { userId } } }, { drafts: { some: { userId } } }],
		},
		orderBy: [{ deadline: 'asc' }, { id: 'asc' }],
		take: MAX_EVENTS,
		select: { id: true, title: true, organization: true, location: true, url: true, deadline: true, createdAt: true, updatedAt: true },
	})

	const host = new URL(ctx.env.APP_URL).hostname
	const events = opportunities.map((opportunity): AllDayEvent => {
		const page = new URL(`/portal/opportunities/${opportunity.id}`, ctx.env.APP_URL).href
		return {
			uid: `deadline-${opportunity.id}@${host}`,
			// Filtered on above; the type cannot know.
			date: opportunity.deadline!,
			summary: `Deadline: ${opportunity.title}`,
			description: [opportunity.organization, opportunity.location, `Official page: ${opportunity.url}`, `On Callboard: ${page}`]
				.filter(Boolean)
				.join('\n'),
			url: page,
			lastModified: opportunity.updatedAt ?? opportunity.createdAt,
		}
	})
	return serializeCalendar({
		productId: '-//Callboard//Deadline calendar//EN',
		name: 'Callboard deadlines',
		description: 'Deadlines of the opportunities you saved or drafted for on Callboard.',
		refreshInterval: REFRESH_INTERVAL,
		now,
		events,
	})
}
