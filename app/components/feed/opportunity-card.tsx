import { Link } from '@remix-run/react'
import { CalendarDays, MapPin, Sparkles } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge } from '#app/components/ui/badge.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { dueNote, formatShortDate } from '#server/domain/dates.ts'
import type { FeedCard } from '#server/domain/feed/feed.ts'
import { describeMatch } from '#server/domain/feed/matching.ts'
import { CATEGORY_LABELS } from '#server/domain/opportunities/opportunity.schema.ts'
import { INTEREST_LABELS, type Interest } from '#server/domain/profiles/choices.ts'

/** How many tags a card shows before "+N more". */
const CARD_TAGS = 4

type OpportunityCardProps = {
	opportunity: Omit<FeedCard, 'saved'>
	/** The artist's calendar day (yyyy-MM-dd), for "Due today" and "N days left". */
	today: string
	/** Controls drawn above the card's link (the save button). */
	actions?: ReactNode
}

export const interestLabel = (interest: string) => INTEREST_LABELS[interest as Interest] ?? interest

/**
 * One feed card. The title's link is stretched over the whole card (clicking anywhere opens the
 * opportunity) while `actions` sit above it, so a button is never nested inside a link.
 */
export function OpportunityCard({ opportunity, today, actions }: OpportunityCardProps) {
	const due = dueNote(opportunity.deadline, today)
	const match = describeMatch(opportunity.match, interestLabel)
	const extraTags = opportunity.tags.length - CARD_TAGS
	return (
		<Card className="relative flex h-full flex-col gap-3 p-5 transition-colors focus-within:border-primary/60 hover:border-primary/40">
			<div className="flex items-start justify-between gap-3">
				<Badge variant="secondary">{CATEGORY_LABELS[opportunity.category]}</Badge>
				{actions ? <div className="relative z-10 -mt-1 -mr-2">{actions}</div> : null}
			</div>
			<div>
				<h2 className="text-base leading-snug font-semibold">
					<Link
						to={`/portal/opportunities/${opportunity.id}`}
						className="rounded-sm after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
					>
						{opportunity.title}
					</Link>
				</h2>
				{opportunity.organization ? <p className="mt-0.5 text-sm text-muted-foreground">{opportunity.organization}</p> : null}
			</div>
			<div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
				{opportunity.location ? (
					<span className="inline-flex items-center gap-1.5">
						<MapPin aria-hidden className="size-4" />
						{opportunity.location}
					</span>
				) : null}
				<span className="inline-flex items-center gap-1.5">
					<CalendarDays aria-hidden className="size-4" />
					Deadline: {formatShortDate(opportunity.deadline)}
				</span>
				{due ? <span className="font-medium text-destructive">{due}</span> : null}
			</div>
			{opportunity.tags.length ? (
				<ul aria-label="Tags" className="flex flex-wrap gap-1.5">
					{opportunity.tags.slice(0, CARD_TAGS).map((tag) => (
						<li key={tag}>
							<Badge variant="outline">{tag}</Badge>
						</li>
					))}
					{extraTags > 0 ? (
						<li>
							<Badge variant="outline">+{extraTags} more</Badge>
						</li>
					) : null}
				</ul>
			) : null}
			{match ? (
				<p className="mt-auto inline-flex items-start gap-1.5 text-sm text-primary">
					<Sparkles aria-hidden className="mt-0.5 size-4 shrink-0" />
					{match}
				</p>
			) : null}
		</Card>
	)
}
