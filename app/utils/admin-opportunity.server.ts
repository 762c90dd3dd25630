import type { AppLoadContext } from '@remix-run/node'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { requireAdmin, safeRedirectTo } from '#server/auth/guards.ts'
import { isDomainError } from '#server/domain/errors.ts'
import { getOpportunityForAdmin } from '#server/domain/opportunities/opportunity.ts'
import { logFailure } from '#server/logger.ts'

/** Back to /admin with the specification's "Not Found" toast for a missing opportunity (section 8, "Admin load"). */
export function opportunityNotFoundRedirect(env: AppLoadContext['app']['env']) {
	return redirectWithToast(
		'/admin',
		{ type: 'error', title: 'Not Found', description: 'The opportunity you are looking for does not exist.' },
		env,
	)
}

/**
 * The opportunity an admin page is about, or back to /admin with the specification's toast
 * (section 8, "Admin load"): "Not Found" for an unknown or malformed id, "Failed to load
 * opportunity" for anything else.
 */
export async function requireOpportunityForAdmin(request: Request, context: AppLoadContext, id: string | undefined) {
	const actor = requireAdmin(request, context)
	const { app } = context
	try {
		return { actor, opportunity: await getOpportunityForAdmin(app, actor, { id: id ?? '' }) }
	} catch (error) {
		if (isDomainError(error) && error.code === 'NOT_FOUND') {
			throw await opportunityNotFoundRedirect(app.env)
		}
		logFailure(app.logger, error, { opportunityId: id }, 'admin opportunity failed to load')
		throw await redirectWithToast('/admin', { type: 'error', description: 'Failed to load opportunity' }, app.env)
	}
}

/**
 * Where to go back to after a delete: a list page of the admin area, with its filters; otherwise
 * /admin. safeRedirectTo first, for what every redirect needs (no control characters, which a
 * Location header cannot carry, and a bounded length).
 */
export function adminListRedirect(value: FormDataEntryValue | string | null | undefined) {
	const target = safeRedirectTo(value, '/admin')
	return /^\/admin(\/opportunities)?\/?(\?[^#]*)?$/.test(target) ? target : '/admin'
}
