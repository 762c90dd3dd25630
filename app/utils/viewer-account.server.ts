import type { AppLoadContext } from '@remix-run/node'
import type { SessionUser } from '#server/auth/session.server.ts'
import { getCreditSummary } from '#server/domain/credits/balance.ts'

/**
 * The viewer's plan, credits and payment state. A page shows what came with the session (one
 * statement for all of it); after an action in this same request (a form posted without JavaScript
 * that did not redirect) they may have changed, so they are read again.
 */
export async function viewerAccount(request: Request, context: AppLoadContext, user: SessionUser) {
	return request.method === 'GET' ? user.account : getCreditSummary(context.app, user.id)
}
