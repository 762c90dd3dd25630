import type { AppLoadContext } from '@remix-run/node'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { requireOnboardedUser } from '#server/auth/guards.ts'
import { isDomainError } from '#server/domain/errors.ts'
import { getOpportunityForArtist } from '#server/domain/opportunities/artist-view.ts'
import { logFailure } from '#server/logger.ts'

/**
 * The active opportunity an artist's page is about, or back to the feed with the
 * specification's toast (section 8, "Opportunity detail"): "Not Found" / "Opportunity not found"
 * for an unknown, inactive or malformed id, "Failed to load opportunity" for anything else.
 */
export async function requireOpportunityForArtist(request: Request, context: AppLoadContext, id: string | undefined) {
	const user = requireOnboardedUser(request, context)
	const actor = { id: user.id, role: user.role }
	const { app } = context
	try {
		return { user, actor, opportunity: await getOpportunityForArtist(app, actor, { id: id ?? '' }) }
	} catch (error) {
		if (isDomainError(error) && error.code === 'NOT_FOUND') {
			throw await redirectWithToast('/portal/feed', { type: 'error', title: 'Not Found', description: 'Opportunity not found' }, app.env)
		}
		logFailure(app.logger, error, { opportunityId: id }, 'opportunity failed to load')
		throw await redirectWithToast('/portal/feed', { type: 'error', description: 'Failed to load opportunity' }, app.env)
	}
}
