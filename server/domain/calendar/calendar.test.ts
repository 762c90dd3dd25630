import { beforeAll, describe, expect, test } from 'vitest'
import { createTestContext } from '#tests/app-context.ts'
import { createOpportunity, createUser } from '#tests/factories.ts'
import type { AppContext } from '#server/context.ts'
import type { Actor } from '#server/domain/actor.ts'
import { saveOpportunity } from '#server/domain/saved/saved.ts'
import {
	buildDeadlineCalendar,
	calendarFeedUrls,
	getCalendarUrlToken,
	PAST_DEADLINE_DAYS,
	regenerateCalendarToken,
} from './calendar.ts'

let ctx: AppContext
const NOW = new Date('2025-06-15T22:00:00Z')

beforeAll(async () => {
	ctx = await createTestContext()
})

async function newActor(): Promise<Actor> {
	const user = await createUser(ctx.db, { onboardingCompleted: true })
	return { id: user.id, role: 'user' }
}

/** An opportunity with a deadline (`yyyy-MM-dd` or null), active unless told. */
async function opportunityDue(deadline: string | null, options: { active?: boolean; title?: string } = {}) {
	const opportunity = await createOpportunity(ctx.db, { title: options.title })
	await ctx.db.opportunity.update({
		where: { id: opportunity.id },
		data: { deadline: deadline ? new Date(`${deadline}T00:00:00Z`) : null, active: options.active ?? true, organization: 'Arts Council' },
	})
	return opportunity
}

async function draftFor(actor: Actor, opportunity: { id: string; title: string }) {
	await ctx.db.draft.create({
		data: { userId: actor.id, opportunityId: opportunity.id, opportunityTitle: opportunity.title, title: `${opportunity.title} draft` },
	})
}

const unfold = (text: string) => text.replace(/\r\n /g, '')
const summaries = (ics: string) => [...unfold(ics).matchAll(/^SUMMARY:(.*)$/gm)].map((match) => match[1]!.trim())

describe('the calendar token', () => {
	test('is created on first use, 32 random bytes in base64url, and then stays the same', async () => {
		const actor = await newActor()
		const token = await getCalendarUrlToken(ctx, actor)
		expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
		expect(Buffer.from(token, 'base64url').length).toBe(32)
		expect(await getCalendarUrlToken(ctx, actor)).toBe(token)
		expect((await ctx.db.profile.findUnique({ where: { userId: actor.id } }))?.calendarToken).toBe(token)
	})

	test('two first visits at once agree on one token', async () => {
		const actor = await newActor()
		const tokens = await Promise.all(Array.from({ length: 5 }, () => getCalendarUrlToken(ctx, actor)))
		expect(new Set(tokens).size).toBe(1)
	})

	test('differs between users', async () => {
		expect(await getCalendarUrlToken(ctx, await newActor())).not.toBe(await getCalendarUrlToken(ctx, await newActor()))
	})

	test('regenerating replaces it: the old one finds nothing any more, the new one does', async () => {
		const actor = await newActor()
		const old = await getCalendarUrlToken(ctx, actor)
		const fresh = await regenerateCalendarToken(ctx, actor)
		expect(fresh).not.toBe(old)
		expect(await getCalendarUrlToken(ctx, actor)).toBe(fresh)
		await expect(buildDeadlineCalendar(ctx, old, NOW)).rejects.toMatchObject({ code: 'NOT_FOUND' })
		expect(await buildDeadlineCalendar(ctx, fresh, NOW)).toContain('BEGIN:VCALENDAR')
	})

	test('a user without a profile is NOT_FOUND', async () => {
		const ghost: Actor = { id: '00000000-0000-4000-8000-0000000000ff', role: 'user' }
		await expect(getCalendarUrlToken(ctx, ghost)).rejects.toMatchObject({ code: 'NOT_FOUND' })
		await expect(regenerateCalendarToken(ctx, ghost)).rejects.toMatchObject({ code: 'NOT_FOUND' })
	})

	test('the feed URLs are absolute, with a webcal:// twin', () => {
		expect(calendarFeedUrls('https://callboard.example', 'abc_-')).toEqual({
			https: 'https://callboard.example/calendar/abc_-.ics',
			webcal: 'webcal://callboard.example/calendar/abc_-.ics',
		})
		expect(calendarFeedUrls('http://localhost:3000/', 'x').webcal).toBe('webcal://localhost:3000/calendar/x.ics')
	})
})

describe('the deadline calendar', () => {
	test('holds the deadlines of saved and drafted-for opportunities, each once, soonest first', async () => {
		const actor = await newActor()
		const saved = await opportunityDue('2025-07-01', { title: 'Saved Grant' })
		const drafted = await opportunityDue('2025-06-20', { title: 'Drafted Residency' })
		const both = await opportunityDue('2025-08-01', { title: 'Saved and Drafted Call' })
		await opportunityDue('2025-06-25', { title: 'Someone Else’s Call' })
		await saveOpportunity(ctx, actor, { opportunityId: saved.id })
		await saveOpportunity(ctx, actor, { opportunityId: both.id })
		await draftFor(actor, drafted)
		await draftFor(actor, both)
		await draftFor(actor, both)

		const ics = await buildDeadlineCalendar(ctx, await getCalendarUrlToken(ctx, actor), NOW)
		expect(summaries(ics)).toEqual(['Deadline: Drafted Residency', 'Deadline: Saved Grant', 'Deadline: Saved and Drafted Call'])
		const event = unfold(ics).split('BEGIN:VEVENT\r\n')[2]!.split('END:VEVENT')[0]!
		expect(event).toContain(`UID:deadline-${saved.id}@localhost\r\n`)
		expect(event).toContain('DTSTART;VALUE=DATE:20250701\r\n')
		expect(event).toContain('DTEND;VALUE=DATE:20250702\r\n')
		expect(event).toContain(`URL:http://localhost:3999/portal/opportunities/${saved.id}\r\n`)
		expect(event).toContain(
			`DESCRIPTION:Arts Council\\nOfficial page: https://example.com/call\\nOn Callboard: http://localhost:3999/portal/opportunities/${saved.id}\r\n`,
		)
		expect(event).toContain('DTSTAMP:20250615T220000Z\r\n')
	})

	test('the same opportunity keeps the same UID across downloads and users', async () => {
		const [first, second] = [await newActor(), await newActor()]
		const opportunity = await opportunityDue('2025-07-10')
		await saveOpportunity(ctx, first, { opportunityId: opportunity.id })
		await draftFor(second, opportunity)
		const uidOf = async (actor: Actor) =>
			/UID:(.*)\r\n/.exec(await buildDeadlineCalendar(ctx, await getCalendarUrlToken(ctx, actor), NOW))?.[1]
		expect(await uidOf(first)).toBe(`deadline-${opportunity.id}@localhost`)
		expect(await uidOf(second)).toBe(await uidOf(first))
	})

	test(`leaves out inactive ones, those without a deadline, and deadlines more than ${PAST_DEADLINE_DAYS} days past`, async () => {
		const actor = await newActor()
		const kept = [
			await opportunityDue('2025-05-16', { title: 'Closed 30 days ago' }),
			await opportunityDue('2025-06-14', { title: 'Closed yesterday' }),
			await opportunityDue('2025-06-15', { title: 'Closes today' }),
		]
		const dropped = [
			await opportunityDue('2025-05-15', { title: 'Closed 31 days ago' }),
			await opportunityDue(null, { title: 'Rolling' }),
			await opportunityDue('2025-07-01', { title: 'Hidden' }),
		]
		for (const opportunity of [...kept, ...dropped]) await saveOpportunity(ctx, actor, { opportunityId: opportunity.id })
		await ctx.db.opportunity.update({ where: { id: dropped[2]!.id }, data: { active: false } })

		const ics = await buildDeadlineCalendar(ctx, await getCalendarUrlToken(ctx, actor), NOW)
		expect(summaries(ics)).toEqual(['Deadline: Closed 30 days ago', 'Deadline: Closed yesterday', 'Deadline: Closes today'])
	})

	test("the window counts days from the artist's own today", async () => {
		const actor = await newActor()
		// At NOW (22:00 UTC on June 15) it is already June 16 in Auckland: May 16 is 31 days past there.
		await ctx.db.profile.update({ where: { userId: actor.id }, data: { timeZone: 'Pacific/Auckland' } })
		for (const deadline of ['2025-05-16', '2025-05-17']) {
			const opportunity = await opportunityDue(deadline, { title: `Closed ${deadline}` })
			await saveOpportunity(ctx, actor, { opportunityId: opportunity.id })
		}
		const ics = await buildDeadlineCalendar(ctx, await getCalendarUrlToken(ctx, actor), NOW)
		expect(summaries(ics)).toEqual(['Deadline: Closed 2025-05-17'])
	})

	test('a user with nothing saved gets an empty, valid calendar', async () => {
		const ics = await buildDeadlineCalendar(ctx, await getCalendarUrlToken(ctx, await newActor()), NOW)
		expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*X-WR-CALNAME:Callboard deadlines\r\n[\s\S]*END:VCALENDAR\r\n$/)
		expect(ics).not.toContain('BEGIN:VEVENT')
	})

	test('an unknown or malformed token is NOT_FOUND', async () => {
		const unknown = Buffer.alloc(32, 7).toString('base64url')
		for (const token of [unknown, '', 'short', `${unknown}x`, "'; DROP TABLE profiles; --"]) {
			await expect(buildDeadlineCalendar(ctx, token, NOW)).rejects.toMatchObject({ code: 'NOT_FOUND' })
		}
	})
})
