import { redirect, type AppLoadContext } from '@remix-run/node'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { requireOnboardedUser } from '#server/auth/guards.ts'
import { DRAFT_MESSAGES, draftPath } from '#server/domain/drafting/drafting.schema.ts'
import { getDraftDocument } from '#server/domain/drafting/drafts.ts'
import { isDomainError } from '#server/domain/errors.ts'

/**
 * The draft a download or an export is of, for its owner: anyone else goes back to the drafts list
 * with "Draft not found"; a free artist asking for PDF or Word goes to the draft page's upgrade offer.
 */
export async function requireDraftDocument(request: Request, context: AppLoadContext, draftId: string | undefined, format: 'text' | 'pdf' | 'docx') {
	const user = requireOnboardedUser(request, context)
	try {
		return await getDraftDocument(context.app, user, { draftId: draftId ?? '' }, { format })
	} catch (error) {
		if (!isDomainError(error)) throw error
		if (error.code === 'LIMIT_EXCEEDED') throw redirect(`${draftPath(draftId ?? '')}?upgrade=export`)
		throw await redirectWithToast('/portal/drafts', { type: 'error', title: 'Not Found', description: DRAFT_MESSAGES.notFound }, context.app.env)
	}
}
