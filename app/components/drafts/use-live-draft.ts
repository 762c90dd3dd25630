import { useLocation, useNavigate, useRevalidator } from '@remix-run/react'
import { useSubscription } from '@trpc/tanstack-react-query'
import { useEffect, useRef, useState } from 'react'
import { showToast } from '#app/components/toaster.tsx'
import { useTRPC } from '#app/utils/trpc.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { draftPath, isDraftSettled } from '#server/domain/drafting/drafting.schema.ts'
import type { DraftView } from '#server/domain/drafting/drafts.ts'
import type { DraftProgress } from '#server/domain/drafting/progress.ts'

/**
 * The draft as the loader read it, kept up to date while answers are being written: with
 * JavaScript a tRPC subscription (server-sent events) brings each answer the moment a worker writes
 * it, in whatever process. When the first generation finishes it says so ("Draft Created"), then
 * the loader reads the draft again. A page opened while the draft was still being written carries
 * `?watching=1`; its loader announces a draft that finished before the page loaded.
 */
export function useLiveDraft(draft: DraftView): DraftView {
	const trpc = useTRPC()
	const hydrated = useHydrated()
	const { revalidate } = useRevalidator()
	const navigate = useNavigate()
	const watching = new URLSearchParams(useLocation().search).has('watching')
	const [live, setLive] = useState<DraftProgress | null>(null)
	// A fresh read by the loader (a revalidation after Regenerate, say) starts over from it.
	const [liveFor, setLiveFor] = useState(draft)
	if (liveFor !== draft) {
		setLiveFor(draft)
		setLive(null)
	}
	const wasGenerating = useRef(draft.status === 'generating')
	const current = live ? merge(draft, live) : draft

	useSubscription(
		trpc.drafts.progress.subscriptionOptions(
			{ draftId: draft.id },
			{
				enabled: hydrated && !isDraftSettled(draft),
				onData: setLive,
				onError: () => showToast({ type: 'error', description: 'Failed to load draft' }),
			},
		),
	)
	useEffect(() => {
		if (!live || !isDraftSettled(live)) return
		if (wasGenerating.current) {
			wasGenerating.current = false
			if (live.status === 'failed') showToast({ type: 'error', description: 'Failed to generate draft' })
			else showToast({ title: 'Draft Created', description: 'Your draft has been generated successfully!' })
		}
		// Read the finished draft again; the `watching` mark (whose loader would announce it a second time) goes.
		if (watching) navigate(draftPath(draft.id), { replace: true, preventScrollReset: true })
		else revalidate()
	}, [live, revalidate, navigate, watching, draft.id])
	return current
}

function merge(draft: DraftView, live: DraftProgress): DraftView {
	const byId = new Map(live.answers.map((answer) => [answer.id, answer]))
	return {
		...draft,
		status: live.status as DraftView['status'],
		answers: draft.answers.map((answer) => {
			const update = byId.get(answer.id)
			return update ? { ...answer, status: update.status as typeof answer.status, text: update.text, error: update.error, hasUndo: update.hasUndo, undone: update.undone, revision: update.revision } : answer
		}),
	}
}
