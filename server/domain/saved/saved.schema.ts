import { z } from 'zod'

/** Which opportunity to save or unsave; the form's hidden field, the fetcher's body and any future tRPC input alike. */
export const SaveOpportunityInput = z.object({
	opportunityId: z.string({ error: 'Choose an opportunity to save' }).trim().min(1, { error: 'Choose an opportunity to save' }),
})
export type SaveOpportunityInput = z.output<typeof SaveOpportunityInput>

/** The save button's two actions (its form's `intent` field). */
export const SaveIntent = z.enum(['save', 'unsave'], { error: 'Unknown action: choose save or unsave' })
export type SaveIntent = z.output<typeof SaveIntent>
