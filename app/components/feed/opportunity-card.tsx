import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Badge } from '#app/components/ui/badge.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { maskIcon } from '#app/components/ui/icons.tsx'
import { cn } from '#app/utils/cn.ts'
import { dueNote, formatShortDate } from '#server/domain/dates.ts'
import type { FeedCard } from '#server/domain/feed/feed.ts'
import { describeMatch } from '#server/domain/feed/matching.ts'
import { CATEGORY_LABELS } from '#server/domain/opportunities/opportunity.schema.ts'
import { INTEREST_LABELS, type Interest } from '#server/domain/profiles/choices.ts'

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
	return (
		<Card className="feed-card">
			<div className="feed-card-header">
				<Badge variant="secondary">{CATEGORY_LABELS[opportunity.category]}</Badge>
				{actions ? <div className="feed-card-actions">{actions}</div> : null}
			</div>
			<div>
				<h2>
					{/* Discovered with the page's own route (they all open the same one): no data-discover per card. */}
					<Link to={`/portal/opportunities/${opportunity.id}`} discover="none">
						{opportunity.title}
					</Link>
				</h2>
				{opportunity.organization ? <p>{opportunity.organization}</p> : null}
			</div>
			<div className="feed-card-meta">
				{opportunity.location ? (
					<span className={cn('icon-text', maskIcon('map-pin'))}>{opportunity.location}</span>
				) : null}
				<span className={cn('icon-text', maskIcon('calendar-days'))}>{`Deadline: ${formatShortDate(opportunity.deadline)}`}</span>
				{due ? <span className="feed-card-due">{due}</span> : null}
			</div>
			{opportunity.tags.length ? (
				// Each tag's <li> is the badge itself: one element fewer per tag on a page of many cards.
				<ul aria-label="Tags" className="feed-card-tags">
					{opportunity.tags.map((tag) => (
						<li key={tag}>{tag}</li>
					))}
					{opportunity.moreTags > 0 ? <li>{`+${opportunity.moreTags} more`}</li> : null}
				</ul>
			) : null}
			{match ? (
				<p className={cn('feed-card-match', maskIcon('sparkles'))}>{match}</p>
			) : null}
		</Card>
	)
}
