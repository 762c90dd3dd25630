import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Badge, badgeVariants } from '#app/components/ui/badge.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { CalendarDays, MapPin, Sparkles } from '#app/components/ui/icons.tsx'
import { dueNote, formatShortDate } from '#server/domain/dates.ts'
import type { FeedCard } from '#server/domain/feed/feed.ts'
import { describeMatch } from '#server/domain/feed/matching.ts'
import { CATEGORY_LABELS } from '#server/domain/opportunities/opportunity.schema.ts'
import { INTEREST_LABELS, type Interest } from '#server/domain/profiles/choices.ts'

/** How many tags a card shows before "+N more". */
const CARD_TAGS = 4
const tagBadge = badgeVariants({ variant: 'outline' })

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
		<Card className="feed-card">
			<div className="feed-card-header">
				<Badge variant="secondary">{CATEGORY_LABELS[opportunity.category]}</Badge>
				{actions ? <div className="feed-card-actions">{actions}</div> : null}
			</div>
			<div>
				<h2 className="feed-card-title">
					<Link to={`/portal/opportunities/${opportunity.id}`} className="feed-card-link">
						{opportunity.title}
					</Link>
				</h2>
				{opportunity.organization ? <p className="feed-card-organization">{opportunity.organization}</p> : null}
			</div>
			<div className="feed-card-meta">
				{opportunity.location ? (
					<span className="icon-text">
						<MapPin aria-hidden className="size-4" />
						{opportunity.location}
					</span>
				) : null}
				<span className="icon-text">
					<CalendarDays aria-hidden className="size-4" />
					{`Deadline: ${formatShortDate(opportunity.deadline)}`}
				</span>
				{due ? <span className="font-medium text-destructive">{due}</span> : null}
			</div>
			{opportunity.tags.length ? (
				// Each tag's <li> is the badge itself: one element fewer per tag on a page of many cards.
				<ul aria-label="Tags" className="feed-card-tags">
					{opportunity.tags.slice(0, CARD_TAGS).map((tag) => (
						<li key={tag} className={tagBadge}>
							{tag}
						</li>
					))}
					{extraTags > 0 ? <li className={tagBadge}>{`+${extraTags} more`}</li> : null}
				</ul>
			) : null}
			{match ? (
				<p className="feed-card-match">
					<Sparkles aria-hidden className="mt-0.5 size-4" />
					{match}
				</p>
			) : null}
		</Card>
	)
}
