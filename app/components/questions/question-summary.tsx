import { Badge } from '#app/components/ui/badge.tsx'
import { cn } from '#app/utils/cn.ts'
import { limitLabel, questionTypeLabel } from '#server/domain/questions/display.ts'

type QuestionSummaryProps = {
	number: number
	label: string
	required: boolean
	type: string
	limitType: string | null
	limitValue: number | null
	helpText: string | null
	/** The label's element: a heading where each question is a section (the draft page), else a paragraph. */
	as?: 'h2' | 'p'
	/** The label's id, for the control or card it names. */
	id?: string
	/** Larger text where the question heads a card of its own. */
	size?: 'sm' | 'base'
}

/**
 * A question as applicants read it (spec section 2): its number, label and required asterisk, its
 * type, its limit ("Max 300 words") and its help text. The opportunity page's preview and the draft
 * page show the same.
 */
export function QuestionSummary({ number, label, required, type, limitType, limitValue, helpText, as: Label = 'p', id, size = 'sm' }: QuestionSummaryProps) {
	const limit = limitLabel(limitType, limitValue)
	return (
		<>
			<Label id={id} className={cn('font-medium', size === 'base' ? 'text-base font-semibold' : 'text-sm')}>
				<span className="text-muted-foreground">{number}. </span>
				{label}
				{required ? (
					// The asterisk is seen; "(required)" is heard, with a space, in the name of the field it labels.
					<>
						<span className="text-destructive" aria-hidden title="Required">
							{' '}
							*
						</span>
						<span className="sr-only"> (required)</span>
					</>
				) : null}
			</Label>
			<div className="flex flex-wrap items-center gap-2">
				<Badge variant="outline">{questionTypeLabel(type)}</Badge>
				{limit ? <span className="text-xs text-muted-foreground">{limit}</span> : null}
			</div>
			{helpText ? <p className={cn('text-muted-foreground', size === 'base' ? 'text-sm' : 'text-xs')}>{helpText}</p> : null}
		</>
	)
}
